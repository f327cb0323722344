import XCTest
import SimKernel
import Platform
import Surfaces
import SurfaceCore

/// Android's app standby buckets (docs/model.md#power): the bucket follows the time since the
/// user last had the app in the foreground; background refreshes past the bucket's quota wait
/// until the quota allows them, and high-priority pushes past its daily cap are treated as
/// normal priority (held by Doze).
final class StandbyBucketTests: XCTestCase {
    /// Nobody opens the app (last used at time 0), background refresh at WorkManager's floor of
    /// four an hour, standby buckets on, Doze off (so only the buckets defer work).
    private func unusedApp(days: Int) -> Parameters {
        var p = WidgetSetUp.closedForm(days: days)
        p.observe.warmup = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.push.onChange = false
        p.app.backgroundRefresh = Rate(perHour: 4)
        p.device.standbyBuckets = true
        return p
    }

    /// The refreshes that ran, with the bucket the device logged for each.
    private func runs(_ trace: TraceLog) -> [(time: SimTime, bucket: String)] {
        trace.records.filter { $0.process == "device" && $0.event == "refreshRun" }
            .map { ($0.time, String($0.details.dropFirst("standby bucket ".count))) }
    }

    /// An app left unused moves down the buckets at AOSP's thresholds (active, working set from
    /// 12 h, frequent from 24 h, rare from 48 h, restricted from 8 days), and every refresh that
    /// runs keeps within its bucket's quota: with it, at most `runs` in the rolling window that
    /// ends with it (working set 10 in 2 h, frequent 8 in 8 h, rare 3 in 24 h, restricted 1 in 24 h).
    func testAnUnusedAppsRefreshesKeepWithinItsBucketsQuota() {
        let p = unusedApp(days: 10)
        for seed in WidgetSeeds.range(1..<3) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let ran = runs(trace)
            var seen = Set<String>()
            for (k, run) in ran.enumerated() {
                let idle = run.time
                let (bucket, quota): (String, (runs: Int, window: SimTime)?) =
                    idle < 12 * Time.hour ? ("active", nil)
                    : idle < 24 * Time.hour ? ("workingSet", (10, 2 * Time.hour))
                    : idle < 48 * Time.hour ? ("frequent", (8, 8 * Time.hour))
                    : idle < 8 * Time.day ? ("rare", (3, Time.day))
                    : ("restricted", (1, Time.day))
                XCTAssertEqual(run.bucket, bucket, "seed \(seed): the bucket at \(run.time) µs")
                seen.insert(run.bucket)
                guard let quota else { continue }
                let inWindow = ran[...k].filter { $0.time > run.time - quota.window }.count
                XCTAssertLessThanOrEqual(inWindow, quota.runs, "seed \(seed): \(bucket) run at \(run.time) µs")

            }
            XCTAssertEqual(seen, Set(StandbyBucket.allCases.map(\.rawValue)), "seed \(seed): every bucket in ten days")
            // The quota binds at four refreshes an hour (96 due in the frequent bucket's day): the
            // working set's last runs fill the first window until they leave it, from 30 h, then
            // 8 run every 8 h, so the day sees at most 3 × 8 runs and not many fewer.
            let frequent = ran.filter { $0.bucket == "frequent" }.count
            XCTAssertLessThanOrEqual(frequent, 24, "seed \(seed)")
            XCTAssertGreaterThanOrEqual(frequent, 16, "seed \(seed)")
        }
    }

    /// In the rare bucket (from 48 h without use) the quota of 3 runs a day binds at four
    /// refreshes an hour: after a day in it, each day sees 3 runs less what the rolling window's
    /// drift loses (a run freed by the quota waits for the next refresh when none is pending).
    /// While active (the first 12 h), every refresh due runs at once: one per refresh interval.
    func testARareAppGetsThreeRefreshesADayAnActiveOneEveryInterval() {
        let p = unusedApp(days: 8)
        for seed in WidgetSeeds.range(1..<4) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let ran = runs(trace).map(\.time)
            let due = trace.receiveTimes("device", "backgroundRefresh")
            let early = due.filter { $0 < 12 * Time.hour }
            XCTAssertGreaterThan(early.count, 30, "seed \(seed)")
            XCTAssertEqual(ran.filter { $0 < 12 * Time.hour }, early, "seed \(seed): an active app's refreshes run when due")
            for day in 3..<7 {
                let n = ran.filter { $0 >= SimTime(day) * Time.day && $0 < SimTime(day + 1) * Time.day }.count
                XCTAssertLessThanOrEqual(n, 3, "seed \(seed): day \(day)")
                XCTAssertGreaterThanOrEqual(n, 2, "seed \(seed): day \(day)")
            }
        }
    }

    /// A refresh past the quota is not dropped: it runs the moment the oldest run in the window
    /// leaves it (24 h later in the rare bucket), between refreshes due.
    func testARefreshPastTheQuotaRunsWhenTheQuotaFrees() {
        let p = unusedApp(days: 8)
        var freed = 0
        for seed in WidgetSeeds.range(1..<3) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let ran = runs(trace).map(\.time)
            let due = Set(trace.receiveTimes("device", "backgroundRefresh"))
            XCTAssertGreaterThan(trace.times("device", "refreshDeferred").count, 10, "seed \(seed)")
            for t in ran where t >= 3 * Time.day && t < 8 * Time.day - Time.hour && !due.contains(t) {
                XCTAssertTrue(ran.contains(t - Time.day), "seed \(seed): the run at \(t) µs freed by no run a day before")
                freed += 1
            }
        }
        XCTAssertGreaterThan(freed, 10)
    }

    /// An app the user opens every hour or so stays active: no refresh is ever held back.
    func testAnAppOpenedEveryHourStaysActive() {
        var p = unusedApp(days: 4)
        p.user.appOpens = Rate(perHour: 1)
        for seed in WidgetSeeds.range(1..<3) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let ran = runs(trace)
            XCTAssertGreaterThan(ran.count, 200, "seed \(seed)")
            XCTAssertTrue(ran.allSatisfy { $0.bucket == StandbyBucket.active.rawValue }, "seed \(seed)")
            XCTAssertEqual(trace.times("device", "refreshDeferred").count, 0, "seed \(seed)")
        }
    }

    /// Without standby buckets (the `ios` profile's default) nothing is held back and nothing
    /// is logged: an unused app's refreshes all run when due.
    func testWithoutBucketsAnUnusedAppRefreshesWhenDue() {
        var p = unusedApp(days: 4)
        p.device.standbyBuckets = false
        let trace = TraceLog()
        _ = Replication.run(p, seed: WidgetSeeds.range(1..<2)[0], trace: trace)
        let due = trace.receiveTimes("device", "backgroundRefresh")
        let woken = trace.receiveTimes("app", "backgroundWake(backgroundScheduler)")
        XCTAssertGreaterThan(due.count, 300)
        XCTAssertEqual(woken, due)
        XCTAssertEqual(trace.times("device", "refreshDeferred").count + runs(trace).count, 0)
    }

    /// Six days of an unused app on a phone locked and still (deep Doze), changes made elsewhere
    /// three times an hour, each sent as a high-priority push that never refuses its wake.
    private func highPriorityPushesToAStillPhone() -> Parameters {
        var p = unusedApp(days: 6)
        p.app.backgroundRefresh = Rate(perHour: 0)
        p.device.locked = 0
        p.device.doze = true
        p.elsewhere.edits = Rate(perHour: 3)
        p.push.onChange = true
        p.push.wakeRefusal = 0
        p.push.priority = .high
        return p
    }

    /// A phone locked and still (deep Doze) with an unused app: high-priority pushes wake the
    /// app inside idle windows, but past the bucket's daily cap (frequent 10, rare and restricted
    /// 5) they count as normal priority and wait for the maintenance window. So in any rolling
    /// day ending in a wake inside an idle window, at most the cap of such wakes.
    func testHighPriorityPushesPastTheBucketsCapWaitForTheWindow() {
        let p = highPriorityPushesToAStillPhone()
        let windows = DozeSchedule.maintenanceStarts(until: p.duration)
        var downgraded = 0
        for seed in WidgetSeeds.range(1..<3) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let idleWakes = trace.times("pushService", "wake").filter { t in
                t >= Time.hour && !windows.contains { t >= $0 && t < $0 + 5 * Time.minute }
            }
            XCTAssertGreaterThan(idleWakes.filter { $0 < 12 * Time.hour }.count, 15, "seed \(seed): an active app's pushes wake it in Doze")
            for (k, t) in idleWakes.enumerated() {
                guard let cap = StandbyBucket.after(idle: t).highPriorityPushQuota else { continue }
                let inDay = idleWakes[...k].filter { $0 > t - cap.window }.count
                XCTAssertLessThanOrEqual(inDay, cap.runs, "seed \(seed): wake at \(t) µs")
            }
            let down = trace.times("pushService", "downgraded")
            XCTAssertTrue(down.allSatisfy { $0 >= Time.day }, "seed \(seed): no cap before the frequent bucket")
            downgraded += down.count
        }
        XCTAssertGreaterThan(downgraded, 100)
    }

    /// Each high-priority push is weighed against the cap once, when it reaches the app in the
    /// background (docs/model.md#power): one within the cap counts and wakes the app at once, one
    /// past it is normal priority from then on, held by Doze and delivered at the window without
    /// being weighed (or counted) again. So, arrival by arrival, a push is downgraded exactly when
    /// the pushes counted in the rolling day before it fill its bucket's cap, where the counted
    /// pushes are the arrivals not downgraded; and every downgraded push wakes the app at a
    /// maintenance window's start.
    func testEachHighPriorityPushIsWeighedAgainstTheCapOnceOnArrival() {
        let p = highPriorityPushesToAStillPhone()
        let windows = Set(DozeSchedule.maintenanceStarts(until: p.duration))
        var downgradedInAll = 0, releasedInAll = 0
        for seed in WidgetSeeds.range(1..<4) {
            let trace = TraceLog()
            _ = Replication.run(p, seed: seed, trace: trace)
            let arrivals = trace.records.filter { $0.process == "pushService" && $0.event == "receive" && $0.details.hasPrefix("silentArrives") }.map(\.time)
            let downgraded = trace.times("pushService", "downgraded")
            let wakes = trace.times("pushService", "wake")
            let downgradedSet = Set(downgraded)
            XCTAssertEqual(downgradedSet.count, downgraded.count, "seed \(seed): a push downgraded twice")
            XCTAssertTrue(downgradedSet.isSubset(of: Set(arrivals)), "seed \(seed): a downgrade when no push arrived (a held push weighed again)")
            var counted: [SimTime] = []
            for t in arrivals {
                let cap = StandbyBucket.after(idle: t).highPriorityPushQuota
                let full = cap.map { c in counted.filter { $0 > t - c.window }.count >= c.runs } ?? false
                XCTAssertEqual(downgradedSet.contains(t), full, "seed \(seed): the push arriving at \(t) µs, \(counted.count) counted before it")
                if !downgradedSet.contains(t) {
                    counted.append(t)
                    XCTAssertTrue(wakes.contains(t), "seed \(seed): the counted push at \(t) µs woke no app")
                }
            }
            // A downgraded push that finds the phone idle waits: the app wakes for a push when it
            // arrives (counted, or downgraded in a maintenance window) or at a window's start (the
            // newest one held), never otherwise.
            let countedSet = Set(counted)
            let released = wakes.filter { windows.contains($0) }
            for t in wakes where !countedSet.contains(t) && !downgradedSet.contains(t) && !windows.contains(t) {
                XCTFail("seed \(seed): a wake at \(t) µs for no arrival and at no window")
            }
            downgradedInAll += downgraded.count
            releasedInAll += released.count
        }
        XCTAssertGreaterThan(downgradedInAll, 100)
        XCTAssertGreaterThan(releasedInAll, 10)
    }
}
