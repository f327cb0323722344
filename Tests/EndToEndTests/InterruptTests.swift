import Foundation
import XCTest

/// Ctrl-C during a run keeps a checkpoint, says what was kept and prints the command
/// that resumes it; that command finishes the run with the uninterrupted run's bytes.
final class InterruptTests: XCTestCase {
    func testSIGINTKeepsACheckpointAndPrintsTheResumeCommand() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("small.json5")
        let arguments = ["run", scenario, "--runs", "300", "--jobs", "1", "--out", "r", "--quiet"]
        let run = try sim.launch(arguments)
        // Interrupt once the run has streamed rows past the header.
        let part = sim.path("r/.partial/runs.csv.part")
        for _ in 0..<1000 {
            let size = (try? FileManager.default.attributesOfItem(atPath: part))?[.size] as? Int ?? 0
            if size > 4096 { break }
            usleep(5_000)
        }
        kill(run.process.processIdentifier, SIGINT)
        let interrupted = run.finish()
        XCTAssertEqual(interrupted.status, 130, interrupted.err)
        let lines = interrupted.err.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, interrupted.err)
        guard lines.count == 2 else { return }
        XCTAssertTrue(lines[0].hasPrefix("Interrupted: kept "), interrupted.err)
        XCTAssertTrue(lines[0].hasSuffix(" of 300 replications in r/.partial. Resume with:"), interrupted.err)
        let command = lines[1].trimmingCharacters(in: .whitespaces)
        XCTAssertEqual(command, ([sim.binary.path] + arguments + ["--resume"]).joined(separator: " "))
        let kept = Int(lines[0].dropFirst("Interrupted: kept ".count).prefix { $0.isNumber }) ?? -1
        XCTAssertTrue(kept > 0 && kept < 300, interrupted.err)
        let resumed = try sim.run(Array(arguments) + ["--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.err)
        try sim.succeed(arguments.map { $0 == "r" ? "whole" : $0 })
        XCTAssertEqual(try sim.results("r"), try sim.results("whole"))
    }
}
