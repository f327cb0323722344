import XCTest
import Foundation
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// Probe P25.1, "widget after a change in the app": how long the widget takes to show a change
/// made in the app on the same device. Every change here is made in the app (no edits
/// elsewhere), so `widget.lag` is the probe's stopwatch.
final class WidgetReloadLagTests: XCTestCase {

    /// Sessions of a minute, opened once an hour, with about one change each.
    private func inAppChanges(days: Int) -> Parameters {
        var p = WidgetSetUp.closedForm(days: days)
        p.observe.warmup = 2 * Time.hour
        p.elsewhere.edits = Rate(perHour: 0)
        p.push.onChange = false
        p.widget.fetchesOwnData = false
        p.user.appOpens = Rate(perHour: 1)
        p.user.sessionLength = .constant(60)
        p.user.inAppChanges = Rate(perHour: 60)
        return p
    }

    /// "Already updated when the home screen appears": the app writes the projection and
    /// requests a reload at each change, so the lag is the wait for the provider, the
    /// remainder of an exponential reload delay (mean 5 s) — itself exponential, mean 5 s.
    func testAppRequestedReloadShowsTheChangeAfterTheReloadDelay() {
        var p = inAppChanges(days: 5)
        p.app.requestsWidgetReload = true
        p.widget.reloadDelay = .exponential(mean: 5)
        let pooled = Pooled(p, seeds: 8, base: 700, samples: .widgetLag)
        XCTAssertGreaterThan(pooled.n, 500)
        // Changes a minute apart rarely share a pending reload: samples are nearly independent.
        let nEff = Stat.effective(pooled.n, inflation: 1.2)
        let tol = Tolerance.mean(sd: 5, n: nEff)
        assertClose(pooled.mean, 5, tolerance: tol, "mean lag (s)")
        assertDetects(10, from: 5, tolerance: tol, "reload delay doubled")
        let tail = Stat.binomial(exp(-3), n: nEff)
        assertClose(pooled.shareAbove(15), exp(-3), tolerance: tail, "P(lag > 15 s)")
        XCTAssertEqual(pooled.shareAbove(600), 0, "no change waits ten minutes")
    }

    /// "Updated after some minutes": the app does not request reloads; the widget shows the
    /// projection at its own hint, every 5 minutes on the clock. A change's lag is the time to
    /// the next multiple of 5 minutes: uniform on [0, 300 s].
    func testWidgetOnItsOwnFiveMinuteScheduleShowsTheChangeWithinMinutes() {
        var p = inAppChanges(days: 5)
        p.app.requestsWidgetReload = false
        p.widget.reloadAfter = 5 * Time.minute
        p.budgetBoundsNothing(reloadsPerDay: 288)
        let pooled = Pooled(p, seeds: 5, base: 800, samples: .widgetLag)
        XCTAssertGreaterThan(pooled.n, 400)
        // Changes of one session (Poisson, mean 1) share a phase: inflation ≤ 1 + mean cluster size.
        let nEff = Stat.effective(pooled.n, inflation: 2)
        XCTAssertLessThanOrEqual(pooled.samples.max() ?? .infinity, 300 + 1e-6)
        let tol = Tolerance.mean(sd: 300 / 12.0.squareRoot(), n: nEff)
        assertClose(pooled.mean, 150, tolerance: tol, "mean lag (s)")
        assertDetects(300, from: 150, tolerance: tol, "hint doubled")
        assertClose(pooled.shareAbove(60), 0.8, tolerance: Stat.binomial(0.8, n: nEff), "P(lag > 1 min)")
    }

    /// "Not updated after ten minutes": with a 2-hour hint the lag is uniform on [0, 2 h], so
    /// most changes (11 in 12) are still not shown after ten minutes.
    func testWidgetOnATwoHourScheduleMostlyMissesTheTenMinuteProbe() {
        var p = inAppChanges(days: 8)
        p.app.requestsWidgetReload = false
        p.widget.reloadAfter = 2 * Time.hour
        let pooled = Pooled(p, seeds: 10, base: 900, samples: .widgetLag)
        XCTAssertGreaterThan(pooled.n, 1_000)
        // Changes in the same 2-hour window (about 2 on average) share its phase. The last
        // window of each run is censored (≈1% of changes), which barely moves the share.
        let nEff = Stat.effective(pooled.n, inflation: 3)
        let expected = 11.0 / 12
        XCTAssertLessThanOrEqual(pooled.samples.max() ?? .infinity, 7200 + 1e-6)
        assertClose(pooled.shareAbove(600), expected, tolerance: Stat.binomial(expected, n: nEff), "P(lag > 10 min)")
        // The share alone would pass a 90-minute hint; the mean (uniform: 3600 s, sd 7200/√12)
        // catches any hint off by a quarter (a 90-minute hint gives 2700 s).
        let meanTolerance = Tolerance.mean(sd: 7200 / 12.0.squareRoot(), n: nEff)
        assertClose(pooled.mean, 3600, tolerance: meanTolerance, "mean lag (s)")
        assertDetects(2700, from: 3600, tolerance: meanTolerance, "a 90-minute hint")
    }
}
