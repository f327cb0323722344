import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// The widget host's rationing of reloads (§25.2 "rationed to a few dozen per day"; docs/model.md#widget):
/// a rolling daily budget charged for reloads the app requests from the background and for the
/// timeline's own hints; reloads requested while the app is in the foreground are free; a
/// request while a reload is pending is coalesced into it.
final class WidgetBudgetTests: XCTestCase {

    /// Push-woken reloads only (no app opens): the app is never in the foreground, so every
    /// reload after the one at boot is charged, and in every rolling day at most N run.
    func testBackgroundReloadsNeverExceedTheRollingDailyBudget() {
        let budget = 10
        var p = WidgetSetUp.closedForm(days: 4)
        p.observe.warmup = Time.hour
        p.widget.budgetPerDay = budget
        p.widget.reloadAfter = WidgetSetUp.noHints
        p.push.onChange = true
        p.push.wakeRefusal = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 4)
        for seed in WidgetSeeds.range(1..<4) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let runs = trace.providerRuns
            XCTAssertEqual(runs.first, 0, "the boot reload runs at time 0")
            let charged = Array(runs.dropFirst())
            for i in 0..<max(0, charged.count - budget) {
                XCTAssertGreaterThanOrEqual(charged[i + budget] - charged[i], Time.day,
                                            "seed \(seed): \(budget + 1) charged reloads within one rolling day, from \(charged[i]) µs")
            }
            // Requests arrive every 15 minutes or so, each day's budget is used up.
            XCTAssertGreaterThanOrEqual(charged.count, 3 * budget, "seed \(seed): the budget was not used")
            XCTAssertLessThanOrEqual(charged.count, 4 * budget, "seed \(seed)")
            XCTAssertGreaterThan(trace.times("widgetHost", "reloadRefused").count, 0, "seed \(seed): no request was refused")
        }
    }

    /// The timeline's own hints are charged too: with hints every 5 minutes (288 a day) and a
    /// budget of 55, at most 55 reloads run in any rolling day, and the hint waits for the budget.
    func testTimelineHintsAreChargedToTheBudget() {
        let budget = 55
        var p = WidgetSetUp.closedForm(days: 3)
        p.observe.warmup = Time.hour
        p.widget.budgetPerDay = budget
        p.widget.reloadAfter = 5 * Time.minute
        p.widget.fetchesOwnData = true
        p.widget.maxAge = 0
        p.push.onChange = false
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        let trace = TraceLog()
        let r = Replication.run(p, seed: WidgetSeeds.offset + 11, trace: trace)
        let charged = Array(trace.providerRuns.dropFirst())
        XCTAssertGreaterThanOrEqual(charged.count, 2 * budget)
        for i in 0..<max(0, charged.count - budget) {
            XCTAssertGreaterThanOrEqual(charged[i + budget] - charged[i], Time.day, "hint reloads exceed the rolling budget at \(charged[i]) µs")
        }
        // The widget then shows data up to ~a day old: the budget, not the hint, bounds its age.
        XCTAssertGreaterThan(r[samples: .widgetAge].max() ?? 0, 12 * 3600, "age is bounded by the budget, not the 5-minute hint")
    }

    /// Reloads requested while the app is in the foreground are free: with a budget of zero
    /// every request the app makes at an open (when its sync brought changes) still runs the
    /// provider, and none is refused; the timeline's hints, which are charged, never run.
    func testForegroundRequestsAreFree() {
        var p = WidgetSetUp.appFed(opensPerHour: 4, editsPerHour: 4, days: 2)
        p.observe.warmup = Time.hour
        p.widget.budgetPerDay = 0
        p.widget.reloadAfter = 30 * Time.minute          // hints come due, but find no budget
        let trace = TraceLog()
        let r = Replication.run(p, seed: WidgetSeeds.offset + 5, trace: trace)
        let requests = trace.times("widgetHost", "receive", details: "reloadRequest")
        let free = trace.times("widgetHost", "receive", details: "reloadRequest(free: true")
        XCTAssertGreaterThan(requests.count, 50)
        XCTAssertEqual(free.count, requests.count, "every request comes from the app in the foreground")
        XCTAssertEqual(trace.providerRuns.count, 1 + requests.count, "boot plus one free reload per request")
        // widget.reloads counts the provider runs after the warm-up (the boot run is in the warm-up).
        XCTAssertEqual(r[value: .widgetReloads], Double(trace.providerRuns.filter { $0 >= p.observe.warmup }.count))
        XCTAssertLessThan(r[value: .widgetReloads], Double(requests.count), "the warm-up's requests are left out")
        XCTAssertEqual(trace.times("widgetHost", "reloadRefused").count, 0)
    }

    /// The same budget of zero refuses every reload a push-woken app asks for.
    func testBackgroundRequestsWithNoBudgetAreRefused() {
        var p = WidgetSetUp.closedForm(days: 2)
        p.observe.warmup = Time.hour
        p.widget.budgetPerDay = 0
        p.widget.reloadAfter = 30 * Time.minute
        p.push.onChange = true
        p.push.wakeRefusal = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 2)
        let trace = TraceLog()
        _ = Replication.run(p, seed: WidgetSeeds.offset + 6, trace: trace)
        let wakes = trace.times("pushService", "wake", details: "app")
        XCTAssertGreaterThan(wakes.count, 50)
        XCTAssertEqual(trace.providerRuns, [0], "only the boot reload runs")
        XCTAssertEqual(trace.times("widgetHost", "reloadRefused").count, wakes.count, "each woken app's request is refused")
    }

    /// Requests while a reload is pending coalesce into it: with a 60 s delay from request to
    /// provider and a change in the app every 6 s, provider runs are at least 60 s apart and
    /// far fewer than requests, and each run still shows every change made before it.
    func testRequestsWhileOneIsPendingCoalesce() {
        var p = WidgetSetUp.closedForm(days: 1)
        p.observe.warmup = Time.hour
        p.widget.reloadDelay = .constant(60)
        p.widget.reloadAfter = WidgetSetUp.noHints
        p.push.onChange = false
        p.elsewhere.edits = Rate(perHour: 0)
        p.user.appOpens = Rate(perHour: 1)
        p.user.sessionLength = .constant(600)
        p.user.inAppChanges = Rate(perHour: 600)
        let trace = TraceLog()
        let r = Replication.run(p, seed: WidgetSeeds.offset + 8, trace: trace)
        let requests = trace.times("widgetHost", "receive", details: "reloadRequest")
        let runs = Array(trace.providerRuns.dropFirst())
        XCTAssertGreaterThan(runs.count, 20)
        XCTAssertGreaterThan(requests.count, 5 * runs.count, "requests were not coalesced")
        for (a, b) in zip(runs, runs.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b - a, 60 * Time.second, "two provider runs within one pending reload, at \(a) and \(b) µs")
        }
        // Every request is answered by the pending run: no in-app change waits more than one delay.
        let lag = r[samples: .widgetLag]
        XCTAssertGreaterThan(lag.count, 100)
        XCTAssertLessThanOrEqual(lag.max() ?? 0, 60 + 1e-6)
        XCTAssertEqual(r[value: .widgetLagCensored], 0)
    }
}
