import XCTest
import SimKernel
@testable import Surfaces

/// A surface added from outside cannot take a built-in name (docs/extending.md#names): its
/// programs' names seed their streams, and its parameters and metrics share the catalogues,
/// so a clash would reseed a built-in program or hide a built-in column. These cases check
/// the rule without installing anything (installing would change this process's catalogues).
final class ExtensionChecksTests: XCTestCase {
    struct Described: SurfaceExtension {
        var name: String
        var parameterPaths: [String] = []
        var metricNames: [String] = []
        var parameters: [ParameterSpec] {
            parameterPaths.map { .added($0, kind: .bool, default: .bool(true), "a test parameter") }
        }
        var metrics: [MetricSpec] {
            metricNames.map { MetricSpec(name: $0, unit: "s", shape: .sampled, doc: "a test metric") }
        }
        func install(in context: SurfaceContext) -> any InstalledSurface { preconditionFailure("never installed") }
    }

    func testASurfaceUnderItsOwnNameIsAccepted() {
        let speaker = Described(name: "speaker", parameterPaths: ["speaker.enabled"], metricNames: ["speaker.staleness"])
        XCTAssertNil(ExtensionChecks.problem(adding: [speaker], to: []))
    }

    func testABuiltInNameIsRefused() {
        for name in ["widget", "app", "television", "observe", "speaker.x", "2speaker", ""] {
            XCTAssertNotNil(ExtensionChecks.problem(adding: [Described(name: name)], to: []), name)
        }
    }

    func testParametersAndMetricsOutsideTheSurfacesNameAreRefused() {
        XCTAssertNotNil(ExtensionChecks.problem(adding: [Described(name: "speaker", parameterPaths: ["widget.enabled"])], to: []))
        XCTAssertNotNil(ExtensionChecks.problem(adding: [Described(name: "speaker", metricNames: ["app.staleness"])], to: []))
    }

    func testTwoSurfacesOfOneNameAreRefused() {
        XCTAssertNotNil(ExtensionChecks.problem(adding: [Described(name: "speaker")], to: [Described(name: "speaker")]))
        XCTAssertNotNil(ExtensionChecks.problem(adding: [Described(name: "speaker"), Described(name: "speaker")], to: []))
    }

    func testAProgramIsNamedAfterItsSurface() {
        XCTAssertTrue(ExtensionChecks.isProgramName("speaker", of: "speaker"))
        XCTAssertTrue(ExtensionChecks.isProgramName("speaker.mic", of: "speaker"))
        XCTAssertFalse(ExtensionChecks.isProgramName("speakers", of: "speaker"))
        XCTAssertFalse(ExtensionChecks.isProgramName("app", of: "speaker"))
    }

    /// With nothing installed the catalogues are exactly the built-in ones, in their order.
    func testWithNothingInstalledTheCataloguesAreTheBuiltInOnes() {
        XCTAssertEqual(MetricCatalog.specs, MetricCatalog.builtIn)
        XCTAssertEqual(MetricCatalog.specs.count, Metric.allCases.count)
        XCTAssertEqual(ParameterCatalog.all().map(\.path), ParameterCatalog.builtIn().map(\.path))
    }
}
