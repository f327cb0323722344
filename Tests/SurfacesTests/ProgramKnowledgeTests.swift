import XCTest

/// A program knows only what it could know on a device (docs/model.md#what-a-program-knows):
/// where the app keeps its session is the app's design, so no other program reads it; the
/// others look the shared entry up.
final class ProgramKnowledgeTests: XCTestCase {
    func testOnlyTheAppReadsWhereItKeepsItsSession() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Surfaces/Processes")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 10)
        for f in files where f != "MainApp.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(f), encoding: .utf8)
            XCTAssertFalse(text.contains("session.inSharedSecureStorage"), "\(f) reads the app's session design")
        }
    }
}
