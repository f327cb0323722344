import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// Lock-screen redaction (docs/model.md#lock-screen-redaction): with `widget.redactsWhenLocked`
/// the system draws the widget redacted while the phone is locked and the stored view when it is
/// unlocked, with no code of the app running.
final class WidgetLockRedactionTests: XCTestCase {
    /// The widget shows data all along (its projection readable always, read at the boot reload
    /// and never again); nobody opens the app, so only the lock cycle locks and unlocks the
    /// phone: unlocked periods Exp(6 min), locked ones Exp(6 min) for a locked share of ½.
    private func lockCycle(redacts: Bool, locked: Double = 0.5) -> Parameters {
        var p = WidgetSetUp.closedForm(days: 10)
        p.user.appOpens = Rate(perHour: 0)
        p.push.onChange = false
        p.widget.fetchesOwnData = false
        p.widget.reloadAfter = WidgetSetUp.noHints
        p.elsewhere.edits = Rate(perHour: 1)
        p.device.locked = locked
        p.device.unlockedPeriod = .exponential(mean: 360)
        p.widget.redactsWhenLocked = redacts
        return p
    }

    /// Exact, glance by glance: a glance while the phone is locked sees the redacted view, one
    /// while it is unlocked the stored data. (The phone starts locked; with no app opens and no
    /// restarts every lock and unlock the device program receives takes effect.)
    func testAGlanceWhileLockedSeesTheRedactedViewAndOneWhileUnlockedTheStoredView() {
        let p = lockCycle(redacts: true)
        var locked = 0, unlocked = 0
        for seed in WidgetSeeds.range(1_400..<1_403) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let changes = (trace.receiveTimes("device", "lock").map { ($0, true) } + trace.receiveTimes("device", "unlock").map { ($0, false) })
                .sorted { $0.0 < $1.0 }
            let glances = trace.records.filter { $0.process == "glances" && $0.event == "looks at widget" && $0.time >= p.observe.warmup }
            XCTAssertGreaterThan(glances.count, 500)
            for g in glances {
                let isLocked = changes.last(where: { $0.0 < g.time })?.1 ?? true
                if isLocked {
                    locked += 1
                    XCTAssertEqual(g.details, "redacted", "seed \(seed) at \(g.time): a glance while locked saw \(g.details)")
                } else {
                    unlocked += 1
                    XCTAssertTrue(g.details.hasPrefix("data"), "seed \(seed) at \(g.time): a glance while unlocked saw \(g.details)")
                }
            }
        }
        XCTAssertGreaterThan(locked, 300)
        XCTAssertGreaterThan(unlocked, 300)
    }

    /// The closed form: glances at Poisson moments see the phone locked a share `device.locked`
    /// of the time, so that share of them is redacted, and every other glance shows data.
    /// The lock state renews at each change, 20 per hour here (10 for a locked share of 0.8).
    func testTheRedactedShareOfGlancesIsTheLockedShareOfTime() {
        for locked in [0.5, 0.8] {
            let p = lockCycle(redacts: true, locked: locked)
            let redacted = Pooled(p, seeds: 12, base: 1_410, value: .widgetRedacted)
            let blank = Pooled(p, seeds: 12, base: 1_410, value: .widgetBlank)
            let g = p.observe.widgetGlances.perHour
            let changesPerHour = 1 / (6.0 / 60) + 1 / (6.0 * locked / (1 - locked) / 60)
            let nEff = Stat.effective(12 * Int(9 * 24 * g), inflation: Stat.inflation(glances: g, renewals: changesPerHour / 2))
            let tol = Stat.binomial(locked, n: nEff)
            assertClose(redacted.meanValue, locked, tolerance: tol, "widget.redacted with device.locked \(locked)")
            assertDetects(locked * 0.8, from: locked, tolerance: tol, "a fifth of the locked glances not redacted")
            for (r, b) in zip(redacted.values, blank.values) {
                XCTAssertEqual(b, r, accuracy: 1e-12, "every blank glance is a redacted one: unlocked glances see the data")
            }
        }
        // Without redaction the locked phone shows the stored data.
        for v in Pooled(lockCycle(redacts: false), seeds: 2, base: 1_410, value: .widgetRedacted).values { XCTAssertEqual(v, 0) }
        for v in Pooled(lockCycle(redacts: false), seeds: 2, base: 1_410, value: .widgetBlank).values { XCTAssertEqual(v, 0) }
    }
}
