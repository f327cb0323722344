import Foundation
import XCTest

/// A process stopped at every boundary of a folder commit (the SURFACESIM_FAULT_AT test
/// hook) leaves the previous complete set or the new one, and the next run cleans up.
final class FolderCommitFaultTests: XCTestCase {
    /// The commit's steps, in order (StudyTests pins this list to `CommitStep.allCases`).
    static let steps = ["leftoversRemoved", "siblingCreated", "firstFileWritten", "filesWritten", "siblingSynced",
                        "swapped", "foldersCarried", "parentSynced", "previousRemoved"]
    /// The exit status of a process the hook stopped.
    static let faultStatus: Int32 = 86

    private let scenario = SurfaceSimBinary.fixture("small.json5")

    /// Everything beside a result folder that only a running or interrupted writer leaves.
    private func leftovers(_ sim: SurfaceSimBinary, of folder: String) throws -> [String] {
        let beside = try FileManager.default.contentsOfDirectory(atPath: sim.directory.path)
            .filter { $0.hasPrefix(".\(folder).") }
        let inside = try FileManager.default.contentsOfDirectory(atPath: sim.path(folder)).filter { $0.contains(".tmp-") }
        return (beside + inside).sorted()
    }

    func testAStopAtEveryCommitStepLeavesTheOldOrTheNewSetAndResumeFinishes() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", scenario, "--seed", "1", "--out", "old", "--quiet"])
        try sim.succeed(["run", scenario, "--seed", "2", "--out", "new", "--quiet"])
        let old = try sim.results("old"), new = try sim.results("new")
        XCTAssertNotEqual(old, new)
        for step in Self.steps {
            let folder = "r-\(step)"
            try sim.succeed(["run", scenario, "--seed", "1", "--out", folder, "--quiet"])
            try sim.succeed(["run", scenario, "--seed", "2", "--out", folder, "--stop-after", "3", "--quiet"])
            let stopped = try sim.run(["run", scenario, "--seed", "2", "--out", folder, "--resume", "--quiet"],
                                      environment: ["SURFACESIM_FAULT_AT": step])
            XCTAssertEqual(stopped.status, Self.faultStatus, "\(step): \(stopped.err)")
            let seen = try sim.results(folder)
            XCTAssertTrue(seen == old || seen == new, "\(step): the folder holds neither the old nor the new set: \(seen.keys.sorted())")
            if seen == old {
                // Not yet swapped: the checkpoint is intact and resuming finishes the run.
                let resumed = try sim.run(["run", scenario, "--seed", "2", "--out", folder, "--resume"])
                XCTAssertEqual(resumed.status, 0, "\(step): \(resumed.err)")
                XCTAssertTrue(resumed.err.contains("Resumed after 3 replications."), "\(step): \(resumed.err)")
            } else {
                // Swapped: the results are complete; the previous set (and its checkpoint) is left over
                // until the next run of the folder clears it.
                let again = try sim.run(["run", scenario, "--seed", "2", "--out", folder, "--resume", "--quiet"])
                XCTAssertEqual(again.status, 2, "\(step): \(again.err)")
                XCTAssertTrue(again.err.contains("nothing to resume"), "\(step): \(again.err)")
                try sim.succeed(["run", scenario, "--seed", "2", "--out", folder, "--quiet"])
            }
            XCTAssertEqual(try sim.results(folder), new, step)
            XCTAssertEqual(try leftovers(sim, of: folder), [], step)
            XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path(folder + "/.partial")), step)
        }
    }

    func testAStopInAFirstCommitLeavesNoFolderOrTheCompleteOne() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", scenario, "--shard", "1/2", "--out", "s1", "--quiet"])
        try sim.succeed(["run", scenario, "--shard", "2/2", "--out", "s2", "--quiet"])
        try sim.succeed(["merge", "s1", "s2", "--out", "whole", "--quiet"])
        let whole = try sim.results("whole")
        for step in Self.steps {
            let folder = "m-\(step)"
            let stopped = try sim.run(["merge", "s1", "s2", "--out", folder, "--quiet"], environment: ["SURFACESIM_FAULT_AT": step])
            XCTAssertEqual(stopped.status, Self.faultStatus, "\(step): \(stopped.err)")
            if FileManager.default.fileExists(atPath: sim.path(folder)) {
                XCTAssertEqual(try sim.results(folder), whole, step)
            }
            try sim.succeed(["merge", "s1", "s2", "--out", folder, "--quiet"])
            XCTAssertEqual(try sim.results(folder), whole, step)
            XCTAssertEqual(try leftovers(sim, of: folder), [], step)
        }
    }

    func testCheckpointEveryNReplicationsIsWhatAStoppedCommitResumesFrom() throws {
        let sim = try SurfaceSimBinary()
        let stopped = try sim.run(["run", scenario, "--runs", "9", "--checkpoint-every", "4", "--out", "r", "--quiet"],
                                  environment: ["SURFACESIM_FAULT_AT": "siblingCreated"])
        XCTAssertEqual(stopped.status, Self.faultStatus, stopped.err)
        let resumed = try sim.run(["run", scenario, "--runs", "9", "--out", "r", "--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(resumed.err.contains("Resumed after 8 replications."), resumed.err)
        try sim.succeed(["run", scenario, "--runs", "9", "--out", "whole", "--quiet"])
        XCTAssertEqual(try sim.results("r"), try sim.results("whole"))
    }
}
