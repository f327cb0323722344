import XCTest
import Foundation

/// Adding a surface is its folder plus one line in the list of built-in surfaces and its
/// folder's name in Package.swift's `surfaceFolders` (issue 42, item 4): the types a surface's folder declares are named in at most one source file outside
/// it (`Sources/Surfaces/Chapter/`, whose probes script every surface, and the tests aside).
/// Counted by `scripts/surface-coupling.py`, the count the issue gives, which this runs.
final class SurfaceCouplingTests: XCTestCase {
    func testASurfacesTypesAreNamedInAtMostOneFileOutsideItsFolder() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        script.arguments = ["python3", root.appendingPathComponent("scripts/surface-coupling.py").path, "--max", "1"]
        let errors = Pipe()
        script.standardOutput = FileHandle.nullDevice
        script.standardError = errors
        try script.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0, said)
    }
}
