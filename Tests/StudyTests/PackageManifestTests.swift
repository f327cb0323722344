import Foundation
import XCTest
import SurfaceSimKit

/// The package is a library other packages depend on: SwiftPM refuses a dependency whose
/// manifest uses unsafe flags, so the manifest must never carry one.
final class PackageManifestTests: XCTestCase {
    static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift")

    func testManifestHasNoUnsafeFlags() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        XCTAssertFalse(text.contains("unsafeFlags"), "Package.swift uses unsafe flags: a package that depends on SurfaceSim could not build")
    }

    func testManifestDeclaresTheLibraryProduct() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        XCTAssertTrue(text.contains(#".library(name: "SurfaceSimKit""#))
    }

    /// One import of the library reaches every module a study or a surface uses.
    func testLibraryReExportsEveryModule() {
        let engine = SimKernel.Engine()                            // SimKernel
        XCTAssertEqual(engine.now, 0)
        XCTAssertTrue(Platform.DeviceState().locked)                // Platform
        XCTAssertFalse(SurfaceCore.Metric.allCases.isEmpty)         // SurfaceCore
        XCTAssertEqual(Surfaces.Replication.programNames.first, "backend")  // Surfaces
        XCTAssertEqual("\(Study.ScenarioLoader.self)", "ScenarioLoader")        // Study
        XCTAssertEqual(Statistics.Holm.adjusted([0.5]), [0.5])      // Statistics
    }
}
