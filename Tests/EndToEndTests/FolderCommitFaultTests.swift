import Foundation
import XCTest

/// A process stopped at every boundary of a folder commit (the SURFACESIM_FAULT_AT test
/// hook) leaves the previous complete set or the new one, and the next run cleans up.
final class FolderCommitFaultTests: XCTestCase {
    /// The commit's steps, in order (StudyTests pins this list to `CommitStep.allCases`).
    static let steps = ["leftoversRemoved", "siblingCreated", "firstFileWritten", "filesWritten", "siblingSynced",
                        "previousLinked", "namesLinked", "swapped", "foldersCarried", "parentSynced", "unusedNamesRemoved",
                        "previousRemoved"]
    /// The exit status of a process the hook stopped.
    static let faultStatus: Int32 = 86

    /// Steps only a commit through links passes (a commit by swap passes every other one).
    static let linkSteps: Set<String> = ["previousLinked", "namesLinked", "unusedNamesRemoved"]

    /// How a commit is made: by swap, through links from the start (a mount point; forced by
    /// the test switch), or through links after the file system refused the swap (NFS, FUSE).
    enum Commit: String, CaseIterable {
        case swap, links, refusedSwap
        /// The environment that chooses it.
        var environment: [String: String] {
            switch self {
            case .swap: return [:]
            case .links: return ["SURFACESIM_FOLDER_COMMIT": "links"]
            case .refusedSwap: return ["SURFACESIM_FOLDER_COMMIT": "no-exchange"]
            }
        }
        /// The steps it passes.
        var steps: [String] { self == .swap ? FolderCommitFaultTests.steps.filter { !linkSteps.contains($0) } : FolderCommitFaultTests.steps }
        /// The steps worth stopping at: those where it differs from the others (a refused swap
        /// builds as a swap does, then commits as through links).
        var distinctSteps: [String] {
            self == .refusedSwap ? ["siblingSynced", "previousLinked", "swapped", "unusedNamesRemoved", "previousRemoved"] : steps
        }
    }

    private let scenario = SurfaceSimBinary.fixture("small.json5")

    /// Everything beside a result folder that only a running or interrupted writer leaves, and
    /// inside it what a commit through links keeps beyond its pointer and current set.
    static func leftovers(_ sim: SurfaceSimBinary, of folder: String) throws -> [String] {
        let beside = try FileManager.default.contentsOfDirectory(atPath: sim.path(folder).components(separatedBy: "/").dropLast().joined(separator: "/"))
            .filter { $0.hasPrefix(".\(folder.components(separatedBy: "/").last!).") }
        let current = try? FileManager.default.destinationOfSymbolicLink(atPath: sim.path(folder + "/.surfacesim-current"))
        let inside = try FileManager.default.contentsOfDirectory(atPath: sim.path(folder)).filter {
            $0.contains(".tmp-") || $0.hasPrefix(".surfacesim-") && $0 != ".surfacesim-current" && $0 != current
        }
        let dangling = try FileManager.default.contentsOfDirectory(atPath: sim.path(folder)).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: sim.path(folder + "/" + $0))) != nil
                && !FileManager.default.fileExists(atPath: sim.path(folder + "/" + $0))
        }
        return (beside + inside + dangling.map { "dangling " + $0 }).sorted()
    }

    func testAStopAtEveryCommitStepLeavesTheOldOrTheNewSetAndResumeFinishes() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", scenario, "--runs", "3", "--seed", "1", "--out", "old", "--quiet"])
        try sim.succeed(["run", scenario, "--runs", "3", "--seed", "2", "--out", "new", "--quiet"])
        let old = try sim.results("old"), new = try sim.results("new")
        XCTAssertNotEqual(old, new)
        for commit in Commit.allCases {
            for step in commit.distinctSteps {
                let folder = "r-\(commit)-\(step)", environment = commit.environment
                // Through links, the first set is written by a swap, so the commit converts a plain folder.
                let first = try sim.run(["run", scenario, "--runs", "3", "--seed", "1", "--out", folder, "--quiet"],
                                        environment: commit == .links ? [:] : environment)
                XCTAssertEqual(first.status, 0, first.err)
                let stop = try sim.run(["run", scenario, "--runs", "3", "--seed", "2", "--out", folder, "--stop-after", "1", "--quiet"], environment: environment)
                XCTAssertEqual(stop.status, 0, stop.err)
                let stopped = try sim.run(["run", scenario, "--runs", "3", "--seed", "2", "--out", folder, "--resume", "--quiet"],
                                          environment: environment.merging(["SURFACESIM_FAULT_AT": step]) { $1 })
                XCTAssertEqual(stopped.status, Self.faultStatus, "\(commit) \(step): \(stopped.err)")
                let seen = try sim.results(folder)
                XCTAssertTrue(seen == old || seen == new, "\(commit) \(step): the folder holds neither the old nor the new set: \(seen.keys.sorted())")
                // The finished replications were checkpointed before the commit: resuming runs none again
                // and commits them; once the new set is in place and its checkpoint gone, there is nothing to resume.
                let again = try sim.run(["run", scenario, "--runs", "3", "--seed", "2", "--out", folder, "--resume"], environment: environment)
                if seen == old || again.status == 0 {
                    XCTAssertEqual(again.status, 0, "\(commit) \(step): \(again.err)")
                    XCTAssertTrue(again.err.contains("Resumed after 3 replications."), "\(commit) \(step): \(again.err)")
                } else {
                    XCTAssertEqual(again.status, 2, "\(commit) \(step): \(again.err)")
                    XCTAssertTrue(again.err.contains("nothing to resume"), "\(commit) \(step): \(again.err)")
                    let plain = try sim.run(["run", scenario, "--runs", "3", "--seed", "2", "--out", folder, "--quiet"], environment: environment)
                    XCTAssertEqual(plain.status, 0, plain.err)
                }
                XCTAssertEqual(try sim.results(folder), new, "\(commit) \(step)")
                XCTAssertEqual(try Self.leftovers(sim, of: folder), [], "\(commit) \(step)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path(folder + "/.partial")), "\(commit) \(step)")
            }
        }
    }

    func testAMergeStoppedAtEveryStepOfACommitThroughLinksLeavesTheOldOrTheNewSet() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", scenario, "--shard", "1/2", "--out", "s1", "--quiet"])
        try sim.succeed(["run", scenario, "--shard", "2/2", "--out", "s2", "--quiet"])
        try sim.succeed(["merge", "s1", "s2", "--out", "whole", "--quiet"])
        try sim.succeed(["run", scenario, "--runs", "2", "--seed", "9", "--out", "old", "--quiet"])
        let whole = try sim.results("whole"), old = try sim.results("old")
        for commit in [Commit.links] {
            for step in commit.steps {
                let folder = "m-\(commit)-\(step)", environment = commit.environment
                let first = try sim.run(["run", scenario, "--runs", "2", "--seed", "9", "--out", folder, "--quiet"], environment: environment)
                XCTAssertEqual(first.status, 0, first.err)
                let stopped = try sim.run(["merge", "s1", "s2", "--out", folder, "--quiet"],
                                          environment: environment.merging(["SURFACESIM_FAULT_AT": step]) { $1 })
                XCTAssertEqual(stopped.status, Self.faultStatus, "\(commit) \(step): \(stopped.err)")
                let seen = try sim.results(folder)
                XCTAssertTrue(seen == old || seen == whole, "\(commit) \(step): \(seen.keys.sorted())")
                let again = try sim.run(["merge", "s1", "s2", "--out", folder, "--quiet"], environment: environment)
                XCTAssertEqual(again.status, 0, again.err)
                XCTAssertEqual(try sim.results(folder), whole, "\(commit) \(step)")
                XCTAssertEqual(try Self.leftovers(sim, of: folder), [], "\(commit) \(step)")
            }
        }
    }

    func testAStopInAFirstCommitLeavesNoFolderOrTheCompleteOne() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", scenario, "--shard", "1/2", "--out", "s1", "--quiet"])
        try sim.succeed(["run", scenario, "--shard", "2/2", "--out", "s2", "--quiet"])
        try sim.succeed(["merge", "s1", "s2", "--out", "whole", "--quiet"])
        let whole = try sim.results("whole")
        for step in Commit.swap.steps {
            let folder = "m-\(step)"
            let stopped = try sim.run(["merge", "s1", "s2", "--out", folder, "--quiet"], environment: ["SURFACESIM_FAULT_AT": step])
            XCTAssertEqual(stopped.status, Self.faultStatus, "\(step): \(stopped.err)")
            if FileManager.default.fileExists(atPath: sim.path(folder)) {
                XCTAssertEqual(try sim.results(folder), whole, step)
            }
            try sim.succeed(["merge", "s1", "s2", "--out", folder, "--quiet"])
            XCTAssertEqual(try sim.results(folder), whole, step)
            XCTAssertEqual(try Self.leftovers(sim, of: folder), [], step)
        }
    }

    func testAStoppedCommitResumesFromTheFinishedReplications() throws {
        let sim = try SurfaceSimBinary()
        let stopped = try sim.run(["run", scenario, "--runs", "9", "--checkpoint-every", "4", "--out", "r", "--quiet"],
                                  environment: ["SURFACESIM_FAULT_AT": "siblingCreated"])
        XCTAssertEqual(stopped.status, Self.faultStatus, stopped.err)
        let resumed = try sim.run(["run", scenario, "--runs", "9", "--out", "r", "--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.err)
        // Every replication was checkpointed before the commit began: none runs again.
        XCTAssertTrue(resumed.err.contains("Resumed after 9 replications."), resumed.err)
        try sim.succeed(["run", scenario, "--runs", "9", "--out", "whole", "--quiet"])
        XCTAssertEqual(try sim.results("r"), try sim.results("whole"))
    }
}
