import XCTest
import SimKernel
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// A surface added from outside cannot take a built-in name (docs/extending.md#names): its
/// programs' names seed their streams, and its parameters and metrics share the catalogues,
/// so a clash would reseed a built-in program or hide a built-in column. These cases check
/// the rule without adding anything (adding would change this process's catalogues).
final class AddedSurfaceChecksTests: XCTestCase {
    /// A descriptor named `name` with parameters at `parameterPaths`, metrics named
    /// `metricNames` and the programs `programs`.
    private func described(_ name: String, parameterPaths: [String] = [], metricNames: [String] = [],
                           programs: [any AssembledProgram.Type] = []) -> SurfaceDescriptor {
        let metrics = metricNames.map { MetricSpec(name: $0, unit: "s", shape: .sampled, doc: "a test metric") }
        let parameters = ParameterGroup(name) {
            parameterPaths.map { ParameterSpec.added($0, kind: .bool, default: .bool(true), "a test parameter") }
        }
        return SurfaceDescriptor(name: name, programs: programs, parameters: [parameters],
                                 metrics: [{ SurfaceMetrics(surface: name, metrics: metrics) { _, _, _ in } }])
    }

    func testASurfaceUnderItsOwnNameIsAccepted() {
        XCTAssertNil(AddedSurfaceChecks.problem(adding: described("speaker", parameterPaths: ["speaker.enabled"],
                                                                  metricNames: ["speaker.staleness"])))
    }

    func testABuiltInNameIsRefused() {
        for name in ["widget", "app", "television", "tv", "observe", "automations", "speaker.x", "2speaker", ""] {
            XCTAssertNotNil(AddedSurfaceChecks.problem(adding: described(name)), name)
        }
    }

    func testParametersAndMetricsOutsideTheSurfacesNameAreRefused() {
        XCTAssertNotNil(AddedSurfaceChecks.problem(adding: described("speaker", parameterPaths: ["widget.enabled"])))
        XCTAssertNotNil(AddedSurfaceChecks.problem(adding: described("speaker", metricNames: ["app.staleness"])))
    }

    /// A program of an added surface is named after it: a built-in program listed by another
    /// surface's descriptor is refused (its name would seed a second program's streams).
    func testAProgramIsNamedAfterItsSurface() {
        XCTAssertNotNil(AddedSurfaceChecks.problem(adding: described("speaker", programs: [Automations.self])))
        XCTAssertTrue(AddedSurfaceChecks.isProgramName("speaker", of: "speaker"))
        XCTAssertTrue(AddedSurfaceChecks.isProgramName("speaker.mic", of: "speaker"))
        XCTAssertFalse(AddedSurfaceChecks.isProgramName("speakers", of: "speaker"))
        XCTAssertFalse(AddedSurfaceChecks.isProgramName("app", of: "speaker"))
    }

    /// With nothing added the catalogues are exactly the built-in ones, in their order.
    func testWithNothingAddedTheCataloguesAreTheBuiltInOnes() {
        XCTAssertEqual(MetricCatalog.specs, MetricCatalog.builtIn)
        XCTAssertEqual(MetricCatalog.specs.count, Metric.allCases.count)
        XCTAssertEqual(ParameterCatalog.all().map(\.path), ParameterCatalog.builtIn().map(\.path))
    }
}
