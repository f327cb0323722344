import XCTest
@testable import Study

/// A result folder read while another process commits a new set into it: the files read
/// are all of the set the snapshot was taken on, by swap and through links.
final class InputSnapshotTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("InputSnapshotTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        unsetenv(FolderLinks.forceVariable)
        try? FileManager.default.removeItem(atPath: root)
    }

    private func commit(_ directory: String, _ tag: String) throws {
        var writer = AtomicWriter(directory: directory)
        writer.stage("summary.csv", "summary \(tag)\n")
        writer.stage("runs.csv", "runs \(tag)\n")
        try writer.commit()
    }

    /// What the program's readers see at `directory`: summary.csv whole, runs.csv record by record.
    private func read(_ directory: String) throws -> [String] {
        guard case .success(let summary) = TextFile.contents(of: directory + "/summary.csv") else { return ["unreadable"] }
        let runs = try CSVRecordReader(path: directory + "/runs.csv")
        return [summary, try runs.next()?.text ?? "none"]
    }

    func testFilesReadUnderASnapshotAreOfOneSetWhateverIsCommittedMeanwhile() throws {
        for force in [nil, FolderLinks.forceValue, FolderLinks.refusedSwapValue] {
            if let force { setenv(FolderLinks.forceVariable, force, 1) } else { unsetenv(FolderLinks.forceVariable) }
            let directory = root + "/study-\(force ?? "swap")"
            try commit(directory, "old")
            do {
                let snapshot = InputSnapshot(directory, names: ["summary.csv", "runs.csv"])
                try commit(directory, "new")
                try commit(directory, "newer")
                XCTAssertEqual(try read(directory), ["summary old\n", "runs old\n"], force ?? "swap")
                withExtendedLifetime(snapshot) {}
            }
            XCTAssertEqual(try read(directory), ["summary newer\n", "runs newer\n"], force ?? "swap")
        }
    }
}
