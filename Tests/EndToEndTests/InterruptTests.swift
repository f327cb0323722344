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
        waitUntilPastItsFirstRecords(part, tries: 1000)
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

    /// Ctrl-C during `run --precision` behaves as in `run`: it stops at the next replication
    /// with a message and exit 130, and leaves nothing partial in the folder: a precision run
    /// keeps no checkpoint, so .partial/ (with its batches.csv.part) is removed and the folder's
    /// previous results stay as they were. Checked against the code before: exit 130 with no
    /// message, and .partial/batches.csv.part left in the folder.
    func testSIGINTDuringAPrecisionRunLeavesThePreviousResults() throws {
        let sim = try SurfaceSimBinary()
        let scenario = SurfaceSimBinary.fixture("small.json5")
        try sim.succeed(["run", scenario, "--runs", "4", "--out", "r", "--quiet"])
        let before = try sim.results("r")
        let run = try sim.launch(["run", scenario, "--precision", "widget.staleness=0.1%", "--max-runs", "100000", "--jobs", "1",
                                  "--runs", "20", "--out", "r", "--quiet"])
        let part = sim.path("r/.partial/batches.csv.part")
        waitUntilPastItsFirstRecords(part, tries: 2000)
        kill(run.process.processIdentifier, SIGINT)
        let interrupted = run.finish()
        XCTAssertEqual(interrupted.status, 130, interrupted.err)
        let lines = interrupted.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, interrupted.err)
        XCTAssertTrue(interrupted.err.hasPrefix("Interrupted: a precision run keeps no checkpoint"), interrupted.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("r/.partial")), "nothing partial is left")
        XCTAssertEqual(try sim.results("r"), before, "the previous results stay")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sim.path(".")).filter { $0.hasPrefix(".r.") && !$0.hasSuffix(".lock") }, [])
    }
}

/// Waits (5 ms at a time, at most `tries` times) until the file at `path` holds more than 4 kB:
/// a run streaming it has written rows past the header.
func waitUntilPastItsFirstRecords(_ path: String, tries: Int) {
    for _ in 0..<tries {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        if size > 4096 { return }
        usleep(5_000)
    }
}
