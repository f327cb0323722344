import Foundation
import XCTest

/// The rules every verb that writes a result folder keeps: it clears what an interrupted
/// commit of the folder left (and only that), it takes the folder's lock before reading
/// anything, its output is none of its inputs, and it never writes through a link planted
/// where its own files go.
final class FolderWriterRulesTests: XCTestCase {
    private let scenario = SurfaceSimBinary.fixture("small.json5")
    private let worksheet = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios/teardown-example.json5").path

    /// Each verb that commits a folder with two invocations writing different sets (the old, the new).
    private func verbs(_ sim: SurfaceSimBinary) throws -> [(name: String, old: [String], new: [String])] {
        try sim.succeed(["run", scenario, "--seed", "1", "--runs", "2", "--out", "a", "--quiet"])
        try sim.succeed(["run", scenario, "--seed", "1", "--runs", "2", "--set", "push.loss=0.5", "--out", "b", "--quiet"])
        return [
            ("compare", ["compare", "b", "a"], ["compare", "a", "b"]),
            ("probes", ["probes", "--only", "P25.1", "--runs", "2", "--seed", "1"], ["probes", "--only", "P25.1", "--runs", "3", "--seed", "2"]),
            ("failures", ["failures", "--only", "F1", "--runs", "2", "--seed", "1"], ["failures", "--only", "F1", "--runs", "3", "--seed", "2"]),
            ("signals", ["signals", "--only", "S1", "--runs", "2", "--seed", "1"], ["signals", "--only", "S1", "--runs", "3", "--seed", "2"]),
            ("infer", ["infer", worksheet, "--runs", "2", "--seed", "1"], ["infer", worksheet, "--runs", "3", "--seed", "2"]),
        ]
    }

    /// Every verb stopped after the swap, or at the steps of a commit through links, leaves the old or
    /// the new set, and its own next run clears what the stop left and brings back a folder of the
    /// user's the stop had left in the previous set (probes, failures, signals and infer never
    /// cleared the previous set left beside the folder, and the user's folder stayed in it).
    func testEveryVerbClearsWhatItsInterruptedCommitLeft() throws {
        let sim = try SurfaceSimBinary()
        let cases: [(FolderCommitFaultTests.Commit, String)] = [(.swap, "swapped"),
            (.links, "previousLinked"), (.links, "namesLinked"), (.links, "unusedNamesRemoved")]
        for verb in try verbs(sim) {
            try sim.succeed(verb.new + ["--out", "\(verb.name)-new", "--quiet"])
            let new = try sim.results("\(verb.name)-new")
            for (commit, step) in cases {
                let folder = "\(verb.name)-\(commit)-\(step)", environment = commit.environment
                let first = try sim.run(verb.old + ["--out", folder, "--quiet"])
                XCTAssertEqual(first.status, 0, first.err)
                let old = try sim.results(folder)
                // A folder of the user's inside it stays there, whatever the stop.
                try FileManager.default.createDirectory(atPath: sim.path(folder + "/mine"), withIntermediateDirectories: false)
                try "kept\n".write(toFile: sim.path(folder + "/mine/notes.txt"), atomically: false, encoding: .utf8)
                let stopped = try sim.run(verb.new + ["--out", folder, "--quiet"],
                                          environment: environment.merging(["SURFACESIM_FAULT_AT": step]) { $1 })
                XCTAssertEqual(stopped.status, FolderCommitFaultTests.faultStatus, "\(folder): \(stopped.err)")
                let seen = try sim.results(folder)
                XCTAssertTrue(seen == old || seen == new, "\(folder): neither set: \(seen.keys.sorted())")
                let again = try sim.run(verb.new + ["--out", folder, "--quiet"], environment: environment)
                XCTAssertEqual(again.status, 0, "\(folder): \(again.err)")
                XCTAssertEqual(try sim.results(folder), new, folder)
                XCTAssertEqual(try FolderCommitFaultTests.leftovers(sim, of: folder), [], folder)
                XCTAssertEqual(try? String(contentsOfFile: sim.path(folder + "/mine/notes.txt"), encoding: .utf8), "kept\n", folder)
            }
        }
    }

    /// A user's own folder named as a commit's sibling, or as a set inside the folder, holds no
    /// marker: no verb deletes it.
    func testAFolderNamedLikeACommitLeftoverButNotMarkedIsKept() throws {
        let sim = try SurfaceSimBinary()
        for (name, arguments) in [("r", ["run", scenario]), ("p", ["probes", "--only", "P25.1", "--runs", "2"])] {
            try sim.succeed(arguments + ["--out", name, "--quiet"])
            for folder in [".\(name).commit-4242", "\(name)/.surfacesim-set-1-1"] {
                try FileManager.default.createDirectory(atPath: sim.path(folder), withIntermediateDirectories: true)
                try "mine\n".write(toFile: sim.path(folder + "/notes.txt"), atomically: false, encoding: .utf8)
            }
            try sim.succeed(arguments + ["--out", name, "--quiet"])
            let links = try sim.run(arguments + ["--out", name, "--quiet"], environment: ["SURFACESIM_FOLDER_COMMIT": "links"])
            XCTAssertEqual(links.status, 0, links.err)
            for folder in [".\(name).commit-4242", "\(name)/.surfacesim-set-1-1"] {
                XCTAssertEqual(try String(contentsOfFile: sim.path(folder + "/notes.txt"), encoding: .utf8), "mine\n", folder)
            }
        }
    }

    /// A link planted as the lock file, as the checkpoint's runs.csv.part or as the checkpoint
    /// folder is refused; its target is never written.
    func testALinkPlantedWhereTheProgramWritesItsOwnFileIsRefusedAndItsTargetKept() throws {
        let sim = try SurfaceSimBinary()
        try "precious\n".write(toFile: sim.path("victim"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: sim.path(".o.lock"), withDestinationPath: "victim")
        let locked = try sim.run(["run", scenario, "--out", "o", "--quiet"])
        XCTAssertEqual(locked.status, 3, locked.err)
        XCTAssertTrue(locked.err.contains("symbolic link"), locked.err)
        XCTAssertEqual(try String(contentsOfFile: sim.path("victim"), encoding: .utf8), "precious\n")

        // runs.csv.part replaced by a link to a file with the very bytes the checkpoint recorded.
        try sim.succeed(["run", scenario, "--out", "s", "--stop-after", "2", "--quiet"])
        let part = sim.path("s/.partial/runs.csv.part")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: part))
        try bytes.write(to: URL(fileURLWithPath: sim.path("copy")))
        try FileManager.default.removeItem(atPath: part)
        try FileManager.default.createSymbolicLink(atPath: part, withDestinationPath: sim.path("copy"))
        let resumed = try sim.run(["run", scenario, "--out", "s", "--resume", "--quiet"])
        XCTAssertNotEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(resumed.err.contains("runs.csv.part"), resumed.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sim.path("copy"))), bytes)

        // The checkpoint folder itself a link.
        try sim.succeed(["run", scenario, "--out", "t", "--stop-after", "2", "--quiet"])
        try FileManager.default.moveItem(atPath: sim.path("t/.partial"), toPath: sim.path("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: sim.path("t/.partial"), withDestinationPath: sim.path("elsewhere"))
        let linked = try sim.run(["run", scenario, "--out", "t", "--resume", "--quiet"])
        XCTAssertEqual(linked.status, 2, linked.err)
        XCTAssertTrue(linked.err.contains("symbolic link"), linked.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sim.path("elsewhere")).sorted(), ["checkpoint.json", "runs.csv.part"])
    }

    /// `compare A B --out A` (or a folder inside A) would rewrite its own input: exit 2, A unchanged.
    func testCompareRefusesAnOutputThatIsOneOfItsStudies() throws {
        let sim = try SurfaceSimBinary()
        try sim.succeed(["run", scenario, "--seed", "1", "--out", "a", "--quiet"])
        try sim.succeed(["run", scenario, "--seed", "2", "--out", "b", "--quiet"])
        let before = try sim.results("a")
        for out in ["a", "b", "a/", "./a", "b/inner"] {
            let refused = try sim.run(["compare", "a", "b", "--out", out])
            XCTAssertEqual(refused.status, 2, "\(out): \(refused.err)")
            XCTAssertTrue(refused.err.contains("is the study folder"), refused.err)
        }
        XCTAssertEqual(try sim.results("a"), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("b/inner")))
    }

    /// compare and merge take their output's lock before they read anything: while another writer
    /// holds it they are refused at once (exit 3), before even finding that their inputs are missing.
    func testCompareAndMergeTakeTheLockBeforeReadingTheirInputs() throws {
        let sim = try SurfaceSimBinary()
        let holder = open(sim.path(".out.lock"), O_RDWR | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        XCTAssertEqual(flock(holder, LOCK_EX | LOCK_NB), 0)
        _ = "pid 1: holder\n".withCString { write(holder, $0, strlen($0)) }
        for arguments in [["compare", "missing-a", "missing-b", "--out", "out"], ["merge", "missing-1", "missing-2", "--out", "out"]] {
            let refused = try sim.run(arguments)
            XCTAssertEqual(refused.status, 3, "\(arguments[0]): \(refused.err)")
            XCTAssertTrue(refused.err.contains("another surfacesim is writing this folder"), refused.err)
        }
    }

    /// `--export X --out X` is a usage error (exit 2), not a lock held by the command itself.
    func testExportIntoTheOutFolderIsBadInput() throws {
        let sim = try SurfaceSimBinary()
        for verb in [["probes", "--only", "P25.1"], ["failures", "--only", "F1"]] {
            let refused = try sim.run(verb + ["--runs", "2", "--export", "x", "--out", "x"])
            XCTAssertEqual(refused.status, 2, refused.err)
            XCTAssertTrue(refused.err.contains("--export: name another folder than --out"), refused.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: sim.path("x")))
        }
    }

    /// An export folder committed through links takes a second export: what the commit keeps in it
    /// is not a file of the user's.
    func testAnExportFolderCommittedThroughLinksTakesTheNextExport() throws {
        let sim = try SurfaceSimBinary()
        for seed in ["1", "2", "3"] {
            let export = try sim.run(["failures", "--only", "F1", "--runs", "2", "--seed", seed, "--export", "x", "--out", "o", "--quiet"],
                                     environment: ["SURFACESIM_FOLDER_COMMIT": "links"])
            XCTAssertEqual(export.status, 0, export.err)
        }
        XCTAssertTrue(try String(contentsOfFile: sim.path("x/F1-causes.json5"), encoding: .utf8).contains("--seed 3"))
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: sim.path("x/.surfacesim-current")))
    }

    /// A result folder whose name is close to the 255 bytes a file name may have is written: the
    /// names made beside it (lock, sibling) are shortened, the same way for every writer. A scenario
    /// `name` longer than that cannot name a folder: bad input, as `validate` says.
    func testAFolderNameNearTheFileNameLimitIsWrittenAndALongerScenarioNameRefused() throws {
        let sim = try SurfaceSimBinary()
        for length in [240, 245, 255] {
            let name = String(repeating: "n", count: length)
            let text = try String(contentsOfFile: scenario, encoding: .utf8).replacingOccurrences(of: "name: \"small\"", with: "name: \"\(name)\"")
            try text.write(toFile: sim.path("long.json5"), atomically: false, encoding: .utf8)
            try sim.succeed(["validate", "long.json5"])
            try sim.succeed(["run", "long.json5", "--runs", "2", "--quiet"])
            try sim.succeed(["run", "long.json5", "--runs", "3", "--quiet"])
            XCTAssertTrue(FileManager.default.fileExists(atPath: sim.path("Results/\(name)/summary.csv")), "\(length)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sim.path("Results")), [name], "\(length)")
            try FileManager.default.removeItem(atPath: sim.path("Results"))
        }
        let text = try String(contentsOfFile: scenario, encoding: .utf8)
            .replacingOccurrences(of: "name: \"small\"", with: "name: \"\(String(repeating: "n", count: 256))\"")
        try text.write(toFile: sim.path("long.json5"), atomically: false, encoding: .utf8)
        for verb in ["validate", "run"] {
            let refused = try sim.run([verb, "long.json5"])
            XCTAssertEqual(refused.status, 2, refused.err)
            XCTAssertTrue(refused.err.contains("at most 255 bytes"), refused.err)
        }
    }

    /// A commit that fails after every replication ran (here a folder stands where a result file's
    /// link goes) keeps them: the message says where, and `--resume` writes the results without
    /// running them again.
    func testACommitThatFailsKeepsTheReplicationsForResume() throws {
        let sim = try SurfaceSimBinary()
        let links = ["SURFACESIM_FOLDER_COMMIT": "links"]
        XCTAssertEqual(try sim.run(["run", scenario, "--seed", "1", "--out", "o", "--quiet"], environment: links).status, 0)
        try sim.succeed(["run", scenario, "--seed", "2", "--out", "new", "--quiet"])
        try FileManager.default.removeItem(atPath: sim.path("o/summary.csv"))
        try FileManager.default.createDirectory(atPath: sim.path("o/summary.csv"), withIntermediateDirectories: false)
        let failed = try sim.run(["run", scenario, "--seed", "2", "--out", "o", "--quiet"], environment: links)
        XCTAssertEqual(failed.status, 3, failed.err)
        XCTAssertTrue(failed.err.contains("the 6 replications are kept in o/.partial"), failed.err)
        XCTAssertTrue(failed.err.contains("--resume"), failed.err)
        try FileManager.default.removeItem(atPath: sim.path("o/summary.csv"))
        let resumed = try sim.run(["run", scenario, "--seed", "2", "--out", "o", "--resume"], environment: links)
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(resumed.err.contains("Resumed after 6 replications."), resumed.err)
        XCTAssertEqual(try sim.results("o"), try sim.results("new"))
        XCTAssertEqual(try FolderCommitFaultTests.leftovers(sim, of: "o"), [])
    }
}
