import XCTest
@testable import Study

/// What `--resume` and `--fresh` require of the folder, and how a damaged checkpoint is refused.
final class ResumeRulesTests: XCTestCase {
    private func stopped(_ f: StudyFixture) {
        f.cli(["run", f.scenario, "--out", f.path("r"), "--stop-after", "3", "--quiet"])
    }

    func testAnUnfinishedCheckpointNeedsResumeOrFresh() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("whole"), "--quiet"])
        stopped(f)
        let refused = f.cli(["run", f.scenario, "--out", f.path("r"), "--quiet"], expect: 2)
        XCTAssertEqual(refused.errors, "Error: \(f.path("r"))/.partial holds the checkpoint of an unfinished run; "
                       + "add --resume to continue it or --fresh to discard it\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: f.path("r/.partial/checkpoint.json")))
        f.cli(["run", f.scenario, "--out", f.path("r"), "--fresh", "--quiet"])
        try f.assertSameResults("whole", "r")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("r/.partial")))
    }

    func testResumeWithNothingToResumeAndResumeWithFresh() throws {
        let f = try StudyFixture()
        let nothing = f.cli(["run", f.scenario, "--out", f.path("r"), "--resume", "--quiet"], expect: 2)
        XCTAssertTrue(nothing.errors.hasPrefix("Error: nothing to resume: \(f.path("r"))/.partial holds no checkpoint"), nothing.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("r")), "a refused run leaves no folder")
        let both = f.cli(["run", f.scenario, "--out", f.path("r"), "--resume", "--fresh"], expect: 2)
        XCTAssertTrue(both.errors.hasPrefix("Error: --resume and --fresh exclude each other"), both.errors)
    }

    /// Damages runs.csv.part in three ways; each resume is refused naming the file and the damage,
    /// and the intact file resumes.
    func testADamagedPartIsRefused() throws {
        let f = try StudyFixture()
        stopped(f)
        let part = f.path("r/.partial/runs.csv.part")
        let intact = try Data(contentsOf: URL(fileURLWithPath: part))
        var flipped = intact
        flipped[flipped.count / 2] ^= 0x01
        let damages: [(String, Data?)] = [("truncated", intact.prefix(intact.count - 10)), ("damaged", flipped), ("missing", nil)]
        for (word, contents) in damages {
            if let contents { try contents.write(to: URL(fileURLWithPath: part)) } else { try FileManager.default.removeItem(atPath: part) }
            let refused = f.cli(["run", f.scenario, "--out", f.path("r"), "--resume", "--quiet"], expect: 2)
            XCTAssertTrue(refused.errors.hasPrefix("Error: \(part): cannot resume: the file is \(word)"), refused.errors)
            XCTAssertTrue(refused.errors.hasSuffix("; run with --fresh to start again\n"), refused.errors)
            XCTAssertTrue(FileManager.default.fileExists(atPath: f.path("r/.partial/checkpoint.json")), word)
        }
        try intact.write(to: URL(fileURLWithPath: part))
        f.cli(["run", f.scenario, "--out", f.path("r"), "--resume", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("whole"), "--quiet"])
        try f.assertSameResults("whole", "r")
    }

    func testCheckpointIntervalOption() throws {
        XCTAssertEqual(try RunVerb.interval("25"), .replications(25))
        XCTAssertEqual(try RunVerb.interval("1.5m"), .seconds(90))
        XCTAssertThrowsError(try RunVerb.interval("0"))
        XCTAssertThrowsError(try RunVerb.interval("soon"))
        XCTAssertEqual(RunOptions().checkpointEvery, .seconds(10))
    }
}
