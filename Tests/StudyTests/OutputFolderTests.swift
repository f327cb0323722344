import XCTest
@testable import Study

/// The output folder's lock, its commit steps, exit statuses and reproducible files.
final class OutputFolderTests: XCTestCase {
    func testTheCommitStepsAreTheOnesTheFaultTestStopsAt() {
        // Tests/EndToEndTests/FolderCommitFaultTests.swift lists the same names: a new step goes there too.
        XCTAssertEqual(CommitStep.allCases.map(\.rawValue),
                       ["leftoversRemoved", "siblingCreated", "firstFileWritten", "filesWritten", "siblingSynced",
                        "previousLinked", "namesLinked", "swapped", "foldersCarried", "parentSynced", "unusedNamesRemoved",
                        "previousRemoved"])
    }

    func testASecondLockIsRefusedNamingTheHolderAndTheFileGoesWithTheHolder() throws {
        let f = try StudyFixture()
        let folder = try OutputFolder.resolve(f.path("out/"))
        XCTAssertEqual(folder.lockPath, f.directory.resolvingSymlinksInPath().path + "/.out.lock")
        let lock = try FolderLock.acquire(folder, command: ["surfacesim", "run", "x.json5"])
        XCTAssertEqual(try String(contentsOfFile: folder.lockPath, encoding: .utf8),
                       "pid \(ProcessInfo.processInfo.processIdentifier): surfacesim run x.json5\n")
        XCTAssertThrowsError(try FolderLock.acquire(folder, command: ["surfacesim"])) { error in
            XCTAssertEqual((error as? AtomicWriteError)?.description, "\(f.path("out")): another surfacesim is writing this folder "
                           + "(pid \(ProcessInfo.processInfo.processIdentifier): surfacesim run x.json5); wait for it to finish or choose another --out")
        }
        lock.release()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.lockPath))
        try FolderLock.acquire(folder, command: ["surfacesim"]).release()
    }

    func testAnEmptyOutOptionIsNamed() throws {
        let f = try StudyFixture()
        let console = f.cli(["run", f.scenario, "--out", ""], expect: 2)
        XCTAssertEqual(console.errors, "Error: --out: the value is empty; expected <dir> (see 'surfacesim help run')\n")
    }

    func testAnOutputThatCannotBeWrittenExitsWith3AndLeavesNoFolder() throws {
        let f = try StudyFixture()
        try "a file".write(toFile: f.path("file"), atomically: false, encoding: .utf8)
        let run = f.cli(["run", f.scenario, "--out", f.path("file/results"), "--quiet"], expect: 3)
        XCTAssertTrue(run.errors.hasPrefix("Error: \(f.path("file")): "), run.errors)
        let trace = f.cli(["trace", f.scenario, "--out", f.path("file/trace.csv")], expect: 3)
        XCTAssertTrue(trace.errors.hasPrefix("Error: \(f.path("file")): "), trace.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: f.directory.path).sorted(), ["file", "study.json5"])
    }

    func testAFailedMergeNamesTheFileAndLineAndLeavesNothing() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--shard", "1/2", "--out", f.path("s1"), "--quiet"])
        f.cli(["run", f.scenario, "--shard", "2/2", "--out", f.path("s2"), "--quiet"])
        let runs = f.path("s2/runs.csv")
        var lines = try String(contentsOfFile: runs, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines[2] = "0,x\"y"
        try lines.joined(separator: "\n").write(toFile: runs, atomically: false, encoding: .utf8)
        let console = f.cli(["merge", f.path("s1"), f.path("s2"), "--out", f.path("new/merged"), "--quiet"], expect: 2)
        XCTAssertTrue(console.errors.hasPrefix("Error: \(runs):3: "), console.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: f.directory.path).sorted(), ["s1", "s2", "study.json5"])
    }

    func testReproducibleRunsKeepWallClockTimeOutOfStateAndMergedManifests() throws {
        let f = try StudyFixture()
        for k in 1...2 {
            f.cli(["run", f.scenario, "--shard", "\(k)/2", "--out", f.path("s\(k)"), "--reproducible", "--quiet"])
        }
        let state = try String(contentsOfFile: f.path("s1/state.json"), encoding: .utf8)
        XCTAssertTrue(state.contains("\"elapsedSeconds\": null"), String(state.prefix(300)))
        f.cli(["run", f.scenario, "--shard", "1/2", "--out", f.path("again"), "--reproducible", "--quiet"])
        XCTAssertEqual(try String(contentsOfFile: f.path("again/state.json"), encoding: .utf8), state)
        f.cli(["merge", f.path("s1"), f.path("s2"), "--out", f.path("merged"), "--quiet"])
        let manifest = try String(contentsOfFile: f.path("merged/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"timeTakenSeconds\": null"), manifest)
    }
}
