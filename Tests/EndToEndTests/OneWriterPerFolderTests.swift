import Foundation
import XCTest

/// Two processes writing one result folder: one wins, the other is refused with exit
/// status 3, naming the winner, and touches nothing.
final class OneWriterPerFolderTests: XCTestCase {
    private let scenario = SurfaceSimBinary.fixture("small.json5")

    func testTwoRunsIntoOneFolderOneWinsTheOtherExitsWith3() throws {
        let sim = try SurfaceSimBinary()
        let arguments = { (seed: String) in ["run", self.scenario, "--runs", "150", "--jobs", "1", "--seed", seed, "--out", "shared", "--quiet"] }
        let first = try sim.launch(arguments("1"))
        let second = try sim.launch(arguments("2"))
        let results = [first.finish(), second.finish()]
        let winners = results.indices.filter { results[$0].status == 0 }
        XCTAssertEqual(winners.count, 1, results.map { "\($0.status): \($0.err)" }.joined(separator: "\n"))
        guard let winner = winners.first else { return }
        let loser = results[1 - winner]
        XCTAssertEqual(loser.status, 3, loser.err)
        XCTAssertTrue(loser.err.contains("another surfacesim is writing this folder (pid "), loser.err)
        XCTAssertTrue(loser.err.contains("--seed \(winner + 1) --out shared"), "the holder's command: \(loser.err)")
        XCTAssertEqual(loser.err.split(separator: "\n").count, 1, loser.err)
        try sim.succeed(arguments(String(winner + 1)).map { $0 == "shared" ? "reference" : $0 })
        XCTAssertEqual(try sim.results("shared"), try sim.results("reference"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: sim.directory.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(beside, [], "no lock file or sibling is left beside the folder")
    }

    func testAChapterStudyIsRefusedWhileARunHoldsItsFolder() throws {
        let sim = try SurfaceSimBinary()
        let run = try sim.launch(["run", scenario, "--runs", "150", "--jobs", "1", "--out", "busy", "--quiet"])
        // Wait until the run holds the folder.
        let lock = sim.path(".busy.lock")
        for _ in 0..<500 where !((try? String(contentsOfFile: lock, encoding: .utf8)) ?? "").hasPrefix("pid ") {
            usleep(10_000)
        }
        let refused = try sim.run(["failures", "--runs", "1", "--out", "busy", "--quiet"])
        XCTAssertEqual(run.finish().status, 0)
        XCTAssertEqual(refused.status, 3, refused.err)
        XCTAssertTrue(refused.err.hasPrefix("Error: busy: another surfacesim is writing this folder (pid "), refused.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("busy/failures.csv")))
    }

    func testMergeRefusesAnOutputFolderThatIsOneOfItsInputs() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", scenario, "--shard", "1/2", "--out", "s1", "--quiet"])
        try sim.succeed(["run", scenario, "--shard", "2/2", "--out", "s2", "--quiet"])
        let before = try sim.results("s1")
        let refused = try sim.run(["merge", "s1", "s2", "--out", "s1/", "--quiet"])
        XCTAssertEqual(refused.status, 2, refused.err)
        XCTAssertTrue(refused.err.contains("is the shard folder s1"), refused.err)
        XCTAssertEqual(try sim.results("s1"), before)
    }

    func testTheCurrentFolderOrOneHoldingItIsRefused() throws {
        let sim = try SurfaceSimBinary()
        // Run one level down, so that even a broken check can only swap the test's own folders.
        try FileManager.default.createDirectory(atPath: sim.path("inner"), withIntermediateDirectories: true)
        try "kept\n".write(toFile: sim.path("inner/notes.txt"), atomically: false, encoding: .utf8)
        for out in [".", "..", sim.path("inner") + "/"] {
            let refused = try sim.run(["run", scenario, "--out", out, "--quiet"], inside: "inner")
            XCTAssertEqual(refused.status, 2, refused.err)
            XCTAssertEqual(refused.err, "Error: \(out) is the current folder or holds it; name a folder inside it for the results\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sim.directory.path), ["inner"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sim.path("inner")), ["notes.txt"])
    }
}
