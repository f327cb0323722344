import Foundation
import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The instant version and the handover of its state to the full app (§25.8, §25.14
/// "the full app starts empty after you used the instant version"; docs/model.md#instant-version).
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

    /// The platform removes an instant version unused for R (`instant.removedAfter`) with its
    /// data, so a full app installed after that finds nothing even with the handover. Uses come
    /// at rate u, each followed by an install after D ~ exp(mean m). A use's state is gone at
    /// the first gap of at least R between uses that starts at or after it: after the use, N
    /// shorter gaps (geometric, each shorter gap X | X < R) and then R. So the share of empty
    /// first launches is E[e^(−(S + R)/m)] = e^(−R/m) · e^(−uR) / (1 − q), with
    /// q = u/(u + 1/m) · (1 − e^(−(u + 1/m)R)). With u = 1/day and m = R = 12 h: 0.301. Ignoring
    /// the uses that keep it alive would give e^(−1) = 0.368, which the test tells apart.
    func testAnInstantVersionRemovedBeforeTheInstallHandsNothingOver() {
        var p = Self.instant(handover: true)
        p.duration = 200 * Time.day
        p.instant.usesPerDay = 1
        p.instant.removedAfter = 12 * Time.hour
        p.instant.installDelay = .exponential(mean: 12 * 3_600)
        let u = 1.0 / 24, m = 12.0, r = 12.0                       // per hour, hours
        let q = u / (u + 1 / m) * (1 - Foundation.exp(-(u + 1 / m) * r))
        let expected = Foundation.exp(-r / m) * Foundation.exp(-u * r) / (1 - q)
        let seeds = 40
        let empty = Stat.mean(SurfaceRuns(p, seeds: seeds, base: 12_170).values(.instantEmptyFirstLaunch))
        let n = seeds * 199                                        // installs: about one a day
        let tol = Stat.binomial(expected, n: n)
        assertClose(empty, expected, tolerance: tol, "instant.emptyFirstLaunch with removal after 12 h")
        assertDetects(Foundation.exp(-1.0), from: expected, tolerance: tol, "uses that keep it alive ignored")
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
