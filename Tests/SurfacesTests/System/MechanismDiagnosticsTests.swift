import XCTest
import SimKernel
import Platform
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

/// The mechanism diagnostics (docs/metrics.md#mechanism-diagnostics): counts and times the
/// platform's mechanisms report as they act, with closed forms for the record's arithmetic and
/// invariants over whole replications (each count equals the rows the mechanism logs in the
/// trace after the warm-up; the times partition the replication).
final class MechanismDiagnosticsTests: XCTestCase {
    // MARK: The record's arithmetic

    /// An app never opened (last used at 0) spends 12 h active, 12 h in the working set, 24 h
    /// frequent, 24 h rare, then restricted from day 8; with the warm-up cut off and an hour in
    /// front at 30 h (the clock starting again when it leaves), and the times sum to the
    /// replication after the warm-up.
    func testBucketTimesFollowTheThresholdsAndSumToTheReplication() {
        let h = Time.hour
        var record = MechanismRecord(warmup: 0)
        XCTAssertEqual(record.bucketTimes(end: 9 * Time.day), [12 * h, 12 * h, 24 * h, 144 * h, 24 * h])
        record = MechanismRecord(warmup: 2 * h)
        record.record(.appForeground(true), at: 30 * h)
        record.record(.appForeground(false), at: 31 * h)
        record.record(.appForeground(false), at: 32 * h)      // no change: nothing moves
        let end = 3 * Time.day
        // Active 2–12 h, in front 30–31 h, and 31–43 h; working set 12–24 h and 43–55 h;
        // frequent 24–30 h and 55–72 h.
        XCTAssertEqual(record.bucketTimes(end: end), [10 * h + h + 12 * h, 12 * h + 12 * h, 6 * h + 17 * h, 0, 0])
        XCTAssertEqual(record.bucketTimes(end: end).reduce(0, +), end - 2 * h)
        // The record keeps up to five per kind in place.
        XCTAssertLessThanOrEqual(max(StandbyBucket.allCases.count, DozeState.allCases.count), 5)
    }

    /// Doze's three states partition the time after the warm-up; the lock is timed from the
    /// start (the phone starts locked), and only after the warm-up.
    func testDozeAndLockTimesAddUp() {
        let m = Time.minute
        var record = MechanismRecord(warmup: 10 * m)
        record.record(.doze(.light), at: 5 * m)
        record.record(.doze(.none), at: 15 * m)
        record.record(.phoneLocked(false), at: 20 * m)
        record.record(.phoneLocked(true), at: 30 * m)
        record.record(.doze(.deep), at: 40 * m)
        let end = 100 * m
        XCTAssertEqual(record.dozeTime(.light, end: end), 5 * m)
        XCTAssertEqual(record.dozeTime(.deep, end: end), 60 * m)
        XCTAssertEqual(DozeState.allCases.map { record.dozeTime($0, end: end) }.reduce(0, +), end - 10 * m)
        XCTAssertEqual(record.lockedTime(end: end), 10 * m + 70 * m)
    }

    /// The budget's running out gives one time of day per simulated day, the first that day;
    /// counts start at the warm-up's end.
    func testTheBudgetRunsOutOnceADayAtItsTimeOfDay() {
        var record = MechanismRecord(warmup: Time.hour)
        for t in [30 * Time.minute, 2 * Time.hour, 5 * Time.hour, Time.day + 45 * Time.minute, Time.day + 3 * Time.hour] {
            record.record(.widgetBudgetExhausted, at: t)
            record.record(.widgetReloadRefused, at: t)
        }
        XCTAssertEqual(record.budgetExhaustedAt, [7200, 2700])
        XCTAssertEqual(record.reloadsRefused, 4)
    }

    // MARK: Whole replications

    /// An Android phone over three days (Doze, light Doze, standby buckets; a budget of 6
    /// reloads; pushes at normal priority, refused half the time; power-saving and offline
    /// periods; restarts and updates; a force-quit now and then).
    private func android(days: Int) -> Parameters {
        var p = SurfaceSetUp.quiet(days: Double(days))
        p.widget.enabled = true
        p.widget.budgetPerDay = 6
        p.device.doze = true
        p.device.lightDoze = true
        p.device.movingWhenLocked = 0.3
        p.device.standbyBuckets = true
        p.device.lowPowerPerDay = 1
        p.device.restartsPerDay = 1
        p.device.appUpdatesPerDay = 1
        p.network.offlinePerDay = 4
        p.push.onChange = true
        p.push.priority = .normal
        p.push.wakeRefusal = 0.5
        p.elsewhere.edits = Rate(perHour: 3)
        p.user.appOpens = Rate(perHour: 0.1)
        p.user.forceQuit = 0.3
        return p
    }

    /// Every count is the number of rows its mechanism logs after the warm-up (the trace is a
    /// separate channel: the engine's log, not the observer), the times partition the
    /// replication, and light and deep Doze fit in the locked time.
    func testTheCountsAreTheMechanismsOwnActsAndTheTimesAddUp() {
        let p = android(days: 3)
        let warmup = p.observe.warmup
        var seen = (refused: 0, held: 0, restarts: 0)
        for seed: UInt64 in 1...3 {
            let trace = TraceLog()
            let r = Replication.run(p, seed: seed, trace: trace)
            func rows(_ process: String, _ event: String, _ details: String? = nil) -> Int {
                trace.records.filter { $0.time >= warmup && $0.process == process && $0.event == event
                    && (details == nil || $0.details.hasPrefix(details!)) }.count
            }
            XCTAssertEqual(r[value: .pushWakesRefused], Double(rows("pushService", "wakeRefused")), "seed \(seed)")
            XCTAssertEqual(r[value: .pushHeldDoze], Double(rows("pushService", "held", "doze")), "seed \(seed)")
            XCTAssertEqual(r[value: .pushHeldLowPower], Double(rows("pushService", "held", "low power")), "seed \(seed)")
            XCTAssertEqual(r[value: .pushHeldOffline], Double(rows("pushService", "held", "phone offline")), "seed \(seed)")
            XCTAssertEqual(r[value: .deviceRestarts], Double(rows("device", "receive", "restart")), "seed \(seed)")
            // A request refused while a run reads is not logged: the log's rows are a lower bound.
            XCTAssertGreaterThanOrEqual(r[value: .widgetReloadsRefused], Double(rows("widgetHost", "reloadRefused")), "seed \(seed)")
            seen.refused += Int(r[value: .pushWakesRefused])
            seen.held += Int(r[value: .pushHeldDoze] + r[value: .pushHeldLowPower] + r[value: .pushHeldOffline])
            seen.restarts += Int(r[value: .deviceRestarts])

            let measured = Time.seconds(p.duration - warmup)
            let buckets = Metric.appBucketTimes.map { r[value: $0] }
            XCTAssertEqual(buckets.reduce(0, +), measured, accuracy: 1e-6, "seed \(seed): the buckets' times")
            let locked = r[value: .deviceLockedTime]
            XCTAssertGreaterThan(locked, 0)
            XCTAssertLessThanOrEqual(locked, measured)
            XCTAssertGreaterThan(r[value: .deviceDozeDeepTime] + r[value: .deviceDozeLightTime], 0, "seed \(seed)")
            XCTAssertLessThanOrEqual(r[value: .deviceDozeLightTime] + r[value: .deviceDozeDeepTime], locked + 1e-6, "seed \(seed)")
            for t in r[samples: .widgetBudgetExhaustedAt] { XCTAssertTrue((0..<86_400).contains(t), "a time of day: \(t)") }
            XCTAssertLessThanOrEqual(r[samples: .widgetBudgetExhaustedAt].count, 3, "at most one a day")
        }
        XCTAssertGreaterThan(seen.refused, 0)
        XCTAssertGreaterThan(seen.held, 0)
        XCTAssertGreaterThan(seen.restarts, 0)
    }

    /// Without Doze or buckets (iOS) their times have no value; the lock's and the counts do.
    func testDozeAndBucketTimesHaveNoValueWhereThePlatformHasNone() {
        var p = android(days: 1)
        p.device.doze = false
        p.device.standbyBuckets = false
        let r = Replication.run(p, seed: 1)
        for m in [Metric.deviceDozeLightTime, .deviceDozeDeepTime] + Metric.appBucketTimes { XCTAssertTrue(r[value: m].isNaN, "\(m)") }
        XCTAssertFalse(r[value: .deviceLockedTime].isNaN)
        XCTAssertFalse(r[value: .pushWakesRefused].isNaN)
    }

    /// A provider whose run needs more memory than its limit is killed for memory every run,
    /// one whose time budget is shorter than its fetch for time: the two counts add up to
    /// `widget.providerKilled` of the runs.
    func testProviderKillsAreCountedByTheirReason() {
        var p = WidgetSetUp.closedForm(days: 2)
        p.observe.warmup = Time.hour
        p.widget.reloadAfter = 30 * Time.minute
        p.widget.memoryLimit = p.widget.providerMemory - 1
        let memory = Replication.run(p, seed: 1)
        XCTAssertGreaterThan(memory[value: .widgetReloads], 40)
        XCTAssertEqual(memory[value: .widgetProviderKilledMemory], memory[value: .widgetReloads])
        XCTAssertEqual(memory[value: .widgetProviderKilledTime], 0)

        p.widget.memoryLimit = 30 * 1_048_576
        p.widget.fetchesOwnData = true
        p.widget.maxAge = 0
        p.network.latency = .constant(2)
        p.widget.providerTimeBudget = Time.second
        let time = Replication.run(p, seed: 1)
        let killed = time[value: .widgetProviderKilledTime] + time[value: .widgetProviderKilledMemory]
        XCTAssertGreaterThan(time[value: .widgetProviderKilledTime], 0)
        XCTAssertEqual(killed, (time[value: .widgetProviderKilled] * time[value: .widgetReloads]).rounded())
    }
}
