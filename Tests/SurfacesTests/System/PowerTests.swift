import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// Power and scheduling (docs/model.md#power): power-saving periods withhold background work
/// and hold background pushes until power returns; Android Doze holds normal-priority pushes
/// and background jobs until its next maintenance window; a phone on the developer's desk has
/// no push throttle.
final class PowerTests: XCTestCase {
    /// A phone locked from the start and never unlocked (no lock cycle, nobody opens the app),
    /// so it dozes on schedule; changes elsewhere send a silent push each, delivered at once.
    private func lockedAndStill(priority: PushPriority) -> Parameters {
        var p = WidgetSetUp.closedForm(days: 2)
        p.observe.warmup = 0
        p.device.locked = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 3)
        p.push.onChange = true
        p.push.wakeRefusal = 0
        p.device.doze = true
        p.push.priority = priority
        return p
    }

    /// A normal-priority push that reaches a dozing phone is held, and the app is woken for it
    /// at the start of the next maintenance window exactly (closed form of the window sequence).
    func testDozeDefersANormalPriorityPushToTheNextMaintenanceWindow() {
        let p = lockedAndStill(priority: .normal)
        let windows = DozeSchedule.maintenanceStarts(until: p.duration)
        var deferred = 0
        for seed in WidgetSeeds.range(1..<4) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let held = trace.times("pushService", "held", details: "doze")
            let wakes = trace.times("pushService", "wake")
            XCTAssertFalse(held.isEmpty, "seed \(seed): no push met the phone dozing")
            for t in held {
                guard let next = windows.first(where: { $0 > t }), next < p.duration else { continue }
                XCTAssertTrue(wakes.contains(next), "seed \(seed): a push held at \(t) µs was not delivered at the window at \(next) µs")
                deferred += 1
            }
            // Every wake falls at a window's start or while the phone is not dozing (in a window).
            for t in wakes {
                let inWindow = windows.contains { t >= $0 && t < $0 + 5 * Time.minute } || t < Time.hour
                XCTAssertTrue(inWindow, "seed \(seed): the app was woken at \(t) µs, inside an idle window")
            }
        }
        XCTAssertGreaterThan(deferred, 20)
    }

    /// A restart boots a phone that is not dozing, even in an idle window: for the hour after
    /// it (until the new screen-off's idle window), every background refresh due runs at once.
    func testARestartBootsAPhoneThatIsNotDozing() {
        var p = lockedAndStill(priority: .high)
        p.duration = 5 * Time.day
        p.elsewhere.edits = Rate(perHour: 0)
        p.push.onChange = false
        p.app.backgroundRefresh = Rate(perHour: 4)
        p.device.restartsPerDay = 3
        var checked = 0, inIdle = 0
        for seed in WidgetSeeds.range(1..<4) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let restarts = trace.receiveTimes("device", "restart")
            let due = trace.receiveTimes("device", "backgroundRefresh")
            let ran = Set(trace.receiveTimes("app", "backgroundWake(backgroundScheduler)"))
            let idleStarts = trace.records.filter { $0.process == "device" && $0.details.hasPrefix("dozeIdle") }.map(\.time)
            let maintenance = trace.records.filter { $0.process == "device" && $0.details.hasPrefix("dozeMaintenance") }.map(\.time)
            for (k, r) in restarts.enumerated() {
                let end = min(r + Time.hour, k + 1 < restarts.count ? restarts[k + 1] : p.duration)
                // Was the phone in an idle window when it restarted (an idle start since the last window)?
                let lastIdle = idleStarts.last { $0 < r } ?? -1
                let lastWindow = maintenance.last { $0 < r } ?? -1
                if lastIdle > lastWindow { inIdle += 1 }
                for t in due where t > r && t < end {
                    XCTAssertTrue(ran.contains(t), "seed \(seed): the refresh due at \(t) µs, after the restart at \(r) µs, did not run")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(inIdle, 10)
        XCTAssertGreaterThan(checked, 50)
    }

    /// A high-priority push is delivered in Doze: nothing is held.
    func testDozeDeliversAHighPriorityPush() {
        let trace = TraceLog()
        _ = Replication.run(lockedAndStill(priority: .high), seed: 1, trace: trace)
        XCTAssertEqual(trace.times("pushService", "held").count, 0)
        XCTAssertGreaterThan(trace.times("pushService", "wake").count, 100)
    }

    /// In a power-saving period no background refresh is granted and no background push wakes
    /// the app; a push held during it wakes the app when power returns.
    func testPowerSavingWithholdsBackgroundWork() {
        var p = WidgetSetUp.closedForm(days: 3)
        p.observe.warmup = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 2)
        p.push.onChange = true
        p.push.wakeRefusal = 0
        p.app.backgroundRefresh = Rate(perHour: 4)
        p.device.lowPowerPerDay = 4
        p.device.lowPowerDuration = .constant(2 * 3600)
        var heldCount = 0
        for seed in WidgetSeeds.range(1..<4) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let starts = trace.times("device", "receive", details: "lowPowerStarts")
            let ends = trace.times("device", "receive", details: "lowPowerEnds")
            XCTAssertGreaterThan(starts.count, 3, "seed \(seed)")
            let periods = zip(starts, ends + [p.duration]).map { $0..<$1 }
            // The app runs in the background (launched or resumed) only outside the periods.
            let launches = trace.records.filter { $0.process == "app" && ($0.event == "launched" || $0.event == "resumed") }.map(\.time)
            XCTAssertGreaterThan(launches.count, 50, "seed \(seed)")
            for t in launches { XCTAssertFalse(periods.contains { $0.contains(t) && t > $0.lowerBound }, "seed \(seed): the app ran at \(t) µs in low power") }
            let held = trace.times("pushService", "held", details: "low power")
            heldCount += held.count
            // A push held in a period wakes the app the instant power returns.
            for t in held {
                guard let end = ends.first(where: { $0 > t }) else { continue }
                XCTAssertTrue(launches.contains(end), "seed \(seed): the push held at \(t) µs did not wake the app at \(end) µs")
            }
        }
        XCTAssertGreaterThan(heldCount, 5)
    }

    /// Developer Mode lifts the widget's reload budget: hints every 5 minutes all run (288 a
    /// day), where a budget of 10 a day lets 10 run.
    func testDeveloperModeLiftsTheWidgetBudget() {
        var p = WidgetSetUp.closedForm(days: 2)
        p.observe.warmup = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.push.onChange = false
        p.widget.budgetPerDay = 10
        p.widget.reloadAfter = 5 * Time.minute
        let field = TraceLog(), desk = TraceLog()
        _ = Replication.run(p, seed: 1, trace: field)
        p.device.developerAttached = true
        _ = Replication.run(p, seed: 1, trace: desk)
        XCTAssertLessThanOrEqual(field.providerRuns.count, 1 + 2 * 10)
        XCTAssertEqual(Double(desk.providerRuns.count), 1 + 2 * 288, accuracy: 2)
    }

    /// A phone asleep (here in power-saving periods, with `device.lowPower.blocksWatchWakes`)
    /// launches no app for the watch: an immediate relayed write made then fails, a queued one
    /// waits for the phone to wake. With periods of 2 h starting at 4 a day once the last ended,
    /// the phone sleeps 2/(2 + 6) of the time; writes at a steady rate are lost in about that
    /// share (the periods' own randomness over four 5-day runs dominates: ±0.1 is about three of
    /// its standard deviations). Without the parameter (the default) the periods block nothing:
    /// no immediate write is lost and no queued one waits more than a few hops.
    func testAWatchWriteDoesNotWakeAnAppOnASleepingPhone() {
        var p = WidgetSetUp.closedForm(days: 5)
        p.observe.warmup = 0
        p.user.appOpens = Rate(perHour: 0)
        p.watch.enabled = true
        p.watch.level = .companion
        p.watch.writes = Rate(perHour: 2)
        p.watch.phoneUnreachablePerDay = 0
        p.device.lowPowerPerDay = 4
        p.device.lowPowerDuration = .constant(2 * 3600)
        p.watch.relay = .immediate
        for seed in WidgetSeeds.range(1..<3) {
            XCTAssertEqual(Replication.run(p, seed: seed).values[Metric.watchWriteLost.rawValue], 0, "seed \(seed): the default wakes the app")
        }
        p.watch.relay = .queued
        for seed in WidgetSeeds.range(1..<3) {
            let waits = Replication.run(p, seed: seed).samples[Metric.watchWriteLatency.rawValue]
            XCTAssertGreaterThan(waits.count, 100)
            XCTAssertLessThan(waits.max() ?? .infinity, 60, "seed \(seed): the default lets no queued write wait")
        }
        p.device.lowPowerBlocksWatchWakes = true
        p.watch.relay = .immediate
        let lost = WidgetSeeds.range(1..<5).map { Replication.run(p, seed: $0).values[Metric.watchWriteLost.rawValue] }
        let mean = lost.reduce(0, +) / Double(lost.count)
        XCTAssertEqual(mean, 0.25, accuracy: 0.1, "lost share \(lost)")
        p.watch.relay = .queued
        for seed in WidgetSeeds.range(1..<3) {
            let r = Replication.run(p, seed: seed)
            XCTAssertEqual(r.values[Metric.watchWriteLost.rawValue], 0, "seed \(seed): a queued write was lost")
            // Writes made asleep wait for the wake: about a quarter wait an hour on average.
            let waits = r.samples[Metric.watchWriteLatency.rawValue].sorted()
            XCTAssertGreaterThan(waits[waits.count * 9 / 10], 600, "seed \(seed): the 90th percentile wait")
        }
    }

    /// With a debugger attached, neither the push throttle's refusals nor its hourly budget apply.
    func testADeveloperAttachedPhoneHasNoPushThrottle() {
        var p = WidgetSetUp.closedForm(days: 2)
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 20)
        p.push.onChange = true
        p.push.wakeRefusal = 0.5
        p.push.wakesPerHour = 2
        let field = TraceLog(), desk = TraceLog()
        _ = Replication.run(p, seed: 2, trace: field)
        p.device.developerAttached = true
        _ = Replication.run(p, seed: 2, trace: desk)
        XCTAssertGreaterThan(field.times("pushService", "wakeRefused").count, 100)
        XCTAssertEqual(desk.times("pushService", "wakeRefused").count, 0)
        XCTAssertGreaterThan(desk.times("pushService", "wake").count, 3 * field.times("pushService", "wake").count)
    }
}
