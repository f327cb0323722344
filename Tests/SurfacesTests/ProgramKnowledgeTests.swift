import XCTest

/// A program knows only what it could know on a device (docs/model.md#what-a-program-knows):
/// where the app keeps its session is the app's design, so no other program reads it; the
/// others look the shared entry up.
final class ProgramKnowledgeTests: XCTestCase {
    func testOnlyTheAppReadsWhereItKeepsItsSession() throws {
        let surfaces = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Surfaces")
        // Every surface's folder holds its programs (the catalogues, the world and the chapter's
        // scripts are not programs).
        let folders = try FileManager.default.contentsOfDirectory(atPath: surfaces.path)
            .filter { !["Parameters", "Metrics", "World", "Chapter"].contains($0) }
        var files: [String] = []
        for folder in folders {
            let dir = surfaces.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
                .map { "\(folder)/\($0)" }
        }
        let sources = surfaces
        XCTAssertGreaterThan(files.count, 10)
        for f in files where f != "App/MainApp.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(f), encoding: .utf8)
            XCTAssertFalse(text.contains("session.inSharedSecureStorage"), "\(f) reads the app's session design")
        }
    }
}
