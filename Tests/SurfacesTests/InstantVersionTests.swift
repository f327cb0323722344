import XCTest
import SimKernel
import Surfaces
import TestSupport

/// The instant version and the handover of its state to the full app (§25.8, §25.14
/// "the full app starts empty after you used the instant version"; SPEC §3.9).
final class InstantVersionTests: XCTestCase {

    static func instant(handover: Bool) -> Parameters {
        var p = SurfaceSetUp.quiet(days: 3)
        p.instant.enabled = true
        p.instant.usesPerDay = 24
        p.instant.installAfterUse = 1
        p.instant.handover = handover
        return p
    }

    func testWithoutHandoverTheFullAppStartsEmpty() {
        for (i, v) in SurfaceRuns(Self.instant(handover: false), seeds: 3, base: 12_100).values(.instantEmptyFirstLaunch).enumerated() {
            XCTAssertEqual(v, 1, "seed \(12_100 + i): instant.emptyFirstLaunch without handover")
        }
    }

    func testWithHandoverTheFullAppStartsWithTheState() {
        for (i, v) in SurfaceRuns(Self.instant(handover: true), seeds: 3, base: 12_100).values(.instantEmptyFirstLaunch).enumerated() {
            XCTAssertEqual(v, 0, "seed \(12_100 + i): instant.emptyFirstLaunch with handover")
        }
    }

    /// Uses that never lead to an install give no first launch: the measure does not apply.
    func testNoInstallNoFirstLaunch() {
        var p = Self.instant(handover: false)
        p.instant.installAfterUse = 0
        for v in SurfaceRuns(p, seeds: 2, base: 12_150).values(.instantEmptyFirstLaunch) {
            XCTAssertTrue(v.isNaN, "instant.emptyFirstLaunch with no installs is not applicable, got \(v)")
        }
    }
}
