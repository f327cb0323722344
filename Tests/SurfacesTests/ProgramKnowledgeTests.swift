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

    /// Measurement apart from models (docs/metrics.md): a program reports what happened to the
    /// measurement layer (`measure.shows`, `glance`, `report`) and never writes a metric, a
    /// count or a sample itself. The surfaces' folders hold programs; the world, the catalogues,
    /// the chapter's scripts and the result builder for surfaces added from outside do not.
    func testNoProgramWritesAMetric() throws {
        let surfaces = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Surfaces")
        let folders = try FileManager.default.contentsOfDirectory(atPath: surfaces.path)
            .filter { !["Parameters", "Metrics", "World", "Chapter"].contains($0) }
        var checked = 0
        for folder in folders {
            let dir = surfaces.appendingPathComponent(folder)
            for f in try FileManager.default.contentsOfDirectory(atPath: dir.path) where f.hasSuffix(".swift") {
                // The extension API's report is where an added surface's own metrics are written.
                if folder == "Extensions" && ["SurfaceReport.swift", "AddedSurfaces.swift"].contains(f) { continue }
                let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                for written in ["result.samples", "result.values", "counters.", "holders.", "backendCost."] {
                    XCTAssertFalse(text.contains(written), "\(folder)/\(f) writes \(written) itself instead of reporting it")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// A program's own storage is its own (docs/model.md#what-a-program-knows): the app's
    /// container, the car's, the watch's, the television's and the widget extension's are each
    /// read and written only by their surface's folder (and set up by the world's assembly).
    /// What one program needs of another's goes by a message or a platform record.
    func testNoProgramReadsAnotherProgramsStorage() throws {
        let surfaces = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Surfaces")
        let owners = ["appStorage": "App", "carStorage": "Car", "watchStorage": "Watch",
                      "tvStorage": "Television", "widgetContainer": "Widget"]
        let folders = try FileManager.default.contentsOfDirectory(atPath: surfaces.path)
            .filter { !["Parameters", "Metrics", "World", "Chapter"].contains($0) }
        for folder in folders {
            let dir = surfaces.appendingPathComponent(folder)
            for f in try FileManager.default.contentsOfDirectory(atPath: dir.path) where f.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                for (storage, owner) in owners where owner != folder {
                    XCTAssertFalse(text.contains(storage), "\(folder)/\(f) reaches into \(owner)'s \(storage)")
                }
            }
        }
    }
}
