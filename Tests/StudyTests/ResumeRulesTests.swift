import Foundation
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

    /// A hand-edited `completedTasks` (negative, past every task, one more or one fewer than
    /// the state holds, past Int) is refused with exit 2, the checkpoint kept; the checkpoint as
    /// written resumes to the uninterrupted run's files. Checked against the code before the
    /// check: -1 and 10^12 trapped (a task index out of the plan), 4 and 2 resumed from the
    /// wrong replication and wrote results that differ from the uninterrupted run's.
    func testAHandEditedCompletedTasksIsRefused() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("whole"), "--quiet"])
        stopped(f)
        let path = f.path("r/.partial/checkpoint.json")
        let intact = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(intact.contains("\"completedTasks\": 3,"), String(intact.prefix(200)))
        for edited in ["-1", "1000000000000", "4", "2", "15", "0", "99999999999999999999999"] {
            try intact.replacingOccurrences(of: "\"completedTasks\": 3,", with: "\"completedTasks\": \(edited),")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let refused = f.cli(["run", f.scenario, "--out", f.path("r"), "--resume", "--quiet"], expect: 2)
            XCTAssertTrue(refused.errors.contains("cannot resume"), "\(edited): \(refused.errors)")
            XCTAssertTrue(refused.errors.contains("--fresh"), "\(edited): \(refused.errors)")
        }
        try intact.write(toFile: path, atomically: true, encoding: .utf8)
        f.cli(["run", f.scenario, "--out", f.path("r"), "--resume", "--quiet"])
        try f.assertSameResults("whole", "r")
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
