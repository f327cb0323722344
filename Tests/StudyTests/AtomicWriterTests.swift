import XCTest
import Study

/// Atomic result files: replacement, no leftovers, clear errors.
final class AtomicWriterTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("AtomicWriterTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    private func listing(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func testCommitCreatesDirectoriesReplacesFilesAndLeavesNoTemporaries() throws {
        let directory = root + "/results/default"
        var first = AtomicWriter(directory: directory)
        first.stage("runs.csv", "old\n")
        first.stage("summary.csv", "old summary\n")
        try first.commit()
        var second = AtomicWriter(directory: directory)
        second.stage("runs.csv", "draft\n")
        second.stage("runs.csv", "new\n")
        second.stage("manifest.json", "{}")
        XCTAssertEqual(second.stagedNames, ["runs.csv", "manifest.json"])
        try second.commit()
        XCTAssertEqual(try contents(directory + "/runs.csv"), "new\n")
        XCTAssertEqual(try contents(directory + "/summary.csv"), "old summary\n")
        XCTAssertEqual(try contents(directory + "/manifest.json"), "{}")
        XCTAssertEqual(try listing(directory), ["manifest.json", "runs.csv", "summary.csv"])
    }

    func testAdoptedFilesGoFirstAndUnwrittenOutputsOfAnEarlierRunAreRemoved() throws {
        let directory = root + "/study"
        var first = AtomicWriter(directory: directory)
        first.stage("plot-a.svg", "a")
        first.stage("plot-b.svg", "b")
        first.stage("notes.txt", "kept")
        try first.commit()
        let streamed = root + "/.streamed.csv"
        XCTAssertTrue(FileManager.default.createFile(atPath: streamed, contents: Data("rows\n".utf8)))
        var second = AtomicWriter(directory: directory)
        second.removesUnwritten = { $0.hasSuffix(".svg") }
        second.stage("plot-a.svg", "a2")
        second.adopt("runs.csv", from: streamed)
        XCTAssertEqual(second.stagedNames, ["runs.csv", "plot-a.svg"])
        try second.commit()
        // plot-b.svg was an output of the first run only; notes.txt is not an output at all.
        XCTAssertEqual(try listing(directory), ["notes.txt", "plot-a.svg", "runs.csv"])
        XCTAssertEqual(try contents(directory + "/runs.csv"), "rows\n")
        XCTAssertEqual(try contents(directory + "/plot-a.svg"), "a2")
        XCTAssertFalse(FileManager.default.fileExists(atPath: streamed))
    }

    func testFailureThrowsThePathAndRemovesTemporaries() throws {
        let blocker = root + "/not-a-directory"
        try AtomicWriter.writeFile(blocker, "file")
        var writer = AtomicWriter(directory: blocker)
        writer.stage("a.csv", "x")
        XCTAssertThrowsError(try writer.commit()) { error in
            XCTAssertEqual((error as? AtomicWriteError)?.path, blocker)
        }
        XCTAssertEqual(try listing(root), ["not-a-directory"])
        XCTAssertEqual(try contents(blocker), "file")
    }

    func testWriteFileReplacesAnExistingFile() throws {
        let path = root + "/nested/out.svg"
        try AtomicWriter.writeFile(path, "<svg/>")
        try AtomicWriter.writeFile(path, "<svg></svg>\n")
        XCTAssertEqual(try contents(path), "<svg></svg>\n")
        XCTAssertEqual(try listing(root + "/nested"), ["out.svg"])
    }

    func testRemovesOnlyTemporariesOfDeadProcesses() throws {
        let dead = root + "/.runs.csv.tmp-2147483647"
        let live = root + "/.runs.csv.tmp-\(ProcessInfo.processInfo.processIdentifier)"
        for path in [dead, live, root + "/runs.csv", root + "/.hidden"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        }
        let removed = AtomicWriter.removeStaleTemporaries(in: root)
        XCTAssertEqual(removed, [dead])
        XCTAssertEqual(try listing(root), [".hidden", live.split(separator: "/").last.map(String.init)!, "runs.csv"])
    }
}
