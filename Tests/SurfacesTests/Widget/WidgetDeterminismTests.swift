import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// Reproducibility and invariants of whole replications on the widget path (docs/model.md#the-kernel–2.2).
final class WidgetDeterminismTests: XCTestCase {

    /// Parameter sets that exercise every widget mechanism: the defaults, and the closed-form
    /// set-up with pushes, fetches, restarts, updates, offline periods, deletions and a tight budget.
    private var settings: [(String, Parameters)] {
        var defaults = Parameters()
        defaults.duration = Time.day
        var busy = WidgetSetUp.closedForm(days: 2)
        busy.observe.warmup = Time.hour
        busy.network.latency = .lognormal(median: 0.15)
        busy.widget.reloadDelay = .exponential(mean: 5)
        busy.push.delay = .lognormal(median: 1)
        busy.push.loss = 0.05
        busy.push.wakeRefusal = 0.3
        busy.push.wakesPerHour = 3
        busy.widget.fetchesOwnData = true
        busy.widget.budgetPerDay = 20
        busy.widget.reloadAfter = 15 * Time.minute
        busy.widget.jitter = 2 * Time.minute
        busy.widget.dataProtection = .afterFirstUnlock
        busy.device.restartsPerDay = 4
        busy.device.appUpdatesPerDay = 2
        busy.network.offlinePerDay = 4
        busy.elsewhere.deletesPerDay = 4
        busy.elsewhere.edits = Rate(perHour: 4)
        busy.user.appOpens = Rate(perHour: 1)
        busy.user.sessionLength = .exponential(mean: 180)
        busy.user.inAppChanges = Rate(perHour: 20)
        busy.user.forceQuit = 0.3
        busy.widget.projectionSchema = .versionedAppMigrates
        busy.widget.configuration = .position
        busy.widget.providerTimeBudget = Time.second / 10
        return [("defaults", defaults), ("busy", busy)]
    }

    func testInvariantsHoldOnTheWidgetPath() {
        for (name, p) in settings {
            for seed in WidgetSeeds.range(1..<4) {
                let r = Replication.run(p, seed: seed, checkInvariants: true)
                XCTAssertEqual(r.violations, [], "\(name), seed \(seed)")
                XCTAssertGreaterThan(r.events, 0)
                XCTAssertGreaterThan(r[samples: .widgetStaleness].count + r[samples: .widgetAge].count, 0, "\(name), seed \(seed)")
            }
        }
    }

    func testSameSeedGivesIdenticalResults() {
        for (name, p) in settings {
            let a = Replication.run(p, seed: 42), b = Replication.run(p, seed: 42)
            XCTAssertEqual(a.samples, b.samples, name)
            XCTAssertEqual(a.values.map(\.bitPattern), b.values.map(\.bitPattern), name)
            XCTAssertEqual(a.requestsPerMinute, b.requestsPerMinute, name)
            XCTAssertEqual(a.events, b.events, name)
            // A trace does not change the run.
            let traced = Replication.run(p, seed: 42, trace: TraceLog())
            XCTAssertEqual(traced.samples, a.samples, name)
            let c = Replication.run(p, seed: 43)
            XCTAssertNotEqual(c.samples[Metric.widgetStaleness.rawValue], a.samples[Metric.widgetStaleness.rawValue], "\(name): seeds must matter")
        }
    }
}
