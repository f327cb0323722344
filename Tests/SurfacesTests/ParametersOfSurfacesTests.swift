import XCTest
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
import SimKernel

/// Each surface's parameter values are kept by their type (`Parameters.ofSurfaces`): a write
/// reaches that surface's values only, a later write replaces an earlier one, and a surface
/// never written reads its defaults.
final class ParametersOfSurfacesTests: XCTestCase {
    func testAWriteReachesOnlyItsOwnSurfacesValues() {
        var p = Parameters()
        XCTAssertEqual(p.tv.pollInterval, Parameters.TV().pollInterval)
        p.tv.pollInterval = 7 * Time.second
        p.car.drivesPerDay = 5
        p.tv.playbacksPerDay = 3
        XCTAssertEqual(p.tv.pollInterval, 7 * Time.second)
        XCTAssertEqual(p.tv.playbacksPerDay, 3)
        XCTAssertEqual(p.car.drivesPerDay, 5)
        XCTAssertEqual(p.watch.refreshPerHour, Parameters.Watch().refreshPerHour)
        // A copy is a value: writing it leaves the original as it was.
        var q = p
        q.tv.pollInterval = Time.minute
        XCTAssertEqual(p.tv.pollInterval, 7 * Time.second)
        XCTAssertEqual(q.tv.pollInterval, Time.minute)
    }

    /// What the catalogue writes by path is what the property reads.
    func testTheCatalogueWritesThroughTheSurfacesProperty() throws {
        var p = Parameters()
        let spec = try XCTUnwrap(ParameterCatalog.spec("tv.pollInterval"))
        spec.set(&p, .time(9 * Time.second))
        XCTAssertEqual(p.tv.pollInterval, 9 * Time.second)
        XCTAssertEqual(p.car.drivesPerDay, Parameters.Car().drivesPerDay)
    }
}
