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

/// What reads the parameter catalogue as a registry of the surfaces' switches (each folder's
/// `X.enabled`) rather than naming the surfaces.
final class ParameterRegistryTests: XCTestCase {
    /// The widget path turns off every built-in surface's switch but the widget's, read from the
    /// catalogue: the seven surfaces beyond the widget and the app, and nothing else.
    func testTheWidgetPathTurnsOffEverySurfaceButTheWidget() {
        var p = Parameters()
        p.turnOffSurfacesBeyondTheWidget()
        XCTAssertEqual([p.live.enabled, p.watch.enabled, p.share.enabled, p.action.enabled, p.instant.enabled,
                        p.car.enabled, p.tv.enabled], Array(repeating: false, count: 7))
        XCTAssertTrue(p.widget.enabled)
        var expected = Parameters()
        (expected.live.enabled, expected.watch.enabled, expected.share.enabled, expected.action.enabled) = (false, false, false, false)
        (expected.instant.enabled, expected.car.enabled, expected.tv.enabled) = (false, false, false)
        for spec in ParameterCatalog.builtIn() {
            XCTAssertEqual(spec.get(p), spec.get(expected), "\(spec.path) changed")
        }
    }
}
