import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The watch app's lifetime (docs/model.md#watch-app-lifetime): with `watch.lifetime = whenLooked`
/// a glance or a write on the watch (or a standalone watch's push) launches it, and it ends,
/// losing its memory, `watch.backgroundAllowance` after the last of them; its cache, session and
/// unsent writes are in the watch's storage, and the watch link keeps what comes for it meanwhile.
final class WatchLifetimeTests: XCTestCase {

    static func watch(_ level: WatchLevel, _ lifetime: WatchLifetime, allowance: SimTime = 60 * Time.second) -> Parameters {
        var p = WatchLevelTests.level(level)
        p.watch.lifetime = lifetime
        p.watch.backgroundAllowance = allowance
        return p
    }

    /// Not running at time 0; each run begins at a glance (launcher `user`) and ends normally one
    /// allowance after the last glance in it, so it is not running between looks.
    func testTheWatchAppRunsOnlyFromAGlanceForItsAllowance() {
        let p = Self.watch(.companion, .whenLooked)
        for seed in 0..<3 as Range<UInt64> {
            let what = "seed \(13_900 + seed)"
            let log = TraceLog()
            _ = Replication.run(p, seed: 13_900 + seed, trace: log)
            let launches = log.times("watchApp", "launched"), ends = log.times("watchApp", "ended", details: "normal")
            let glances = log.times("watchApp", "receive", details: "glance")
            XCTAssertGreaterThan(launches.count, 200, what)
            XCTAssertEqual(log.times("watchApp", "launched", details: "user").count, launches.count, "\(what): launched by a look")
            XCTAssertGreaterThan(launches.first ?? 0, 0, "\(what): not running at time 0")
            XCTAssertTrue(launches.count == ends.count || launches.count == ends.count + 1, what)
            for (k, end) in ends.enumerated() {
                XCTAssertTrue(glances.contains(launches[k]), "\(what): launched at a glance")
                let last = glances.last { $0 <= end } ?? 0
                XCTAssertEqual(end - last, p.watch.backgroundAllowance, "\(what): ended one allowance after the last glance")
                if k + 1 < launches.count { XCTAssertLessThan(end, launches[k + 1], what) }
            }
            let allDay = TraceLog()
            _ = Replication.run(Self.watch(.companion, .allDay), seed: 13_900 + seed, trace: allDay)
            XCTAssertEqual(allDay.times("watchApp", "launched"), [0], "all day: launched once, at time 0")
            XCTAssertEqual(allDay.times("watchApp", "ended"), [], "all day: never ended")
        }
    }

    /// A write on the watch launches the watch app: with no glances, every run begins at a write.
    /// A standalone watch's push launches it too (launcher `pushWake`).
    func testAWriteOnTheWatchLaunchesTheWatchApp() {
        var p = Self.watch(.companion, .whenLooked)
        p.observe.watchGlances = Rate(perHour: 0)
        p.watch.writes = Rate(perHour: 2)
        let log = TraceLog()
        _ = Replication.run(p, seed: 14_000, trace: log)
        let launches = log.times("watchApp", "launched"), writes = log.times("watchApp", "receive", details: "write")
        XCTAssertGreaterThan(launches.count, 100)
        XCTAssertEqual(Set(launches).subtracting(writes), [], "every launch is at a write")
        XCTAssertEqual(log.times("watchApp", "launched", details: "user").count, launches.count)

        var q = Self.watch(.standalone, .whenLooked)
        q.observe.watchGlances = Rate(perHour: 0)
        let pushed = TraceLog()
        _ = Replication.run(q, seed: 14_001, trace: pushed)
        XCTAssertGreaterThan(pushed.times("watchApp", "launched", details: "pushWake").count, 100, "the backend's pushes launch a standalone watch's app")
    }

    /// Closed form: glances at rate λ (Poisson) and an allowance A after the last one, so the app
    /// runs at t exactly when a glance fell in (t − A, t]: a share 1 − e^(−λA) of the time (6 an
    /// hour, 60 s: 0.095). Measured from the launches and ends in the event log.
    func testShareOfTimeTheWatchAppRunsIsOneMinusEToTheMinusLambdaA() {
        let p = Self.watch(.companion, .whenLooked)
        var running: SimTime = 0, total: SimTime = 0
        for seed in 0..<3 as Range<UInt64> {
            let log = TraceLog()
            _ = Replication.run(p, seed: 14_100 + seed, trace: log)
            let launches = log.times("watchApp", "launched"), ends = log.times("watchApp", "ended")
            for (k, l) in launches.enumerated() { running += (k < ends.count ? ends[k] : p.duration) - l }
            total += p.duration
        }
        let expected = 1 - Math.exp(-WatchLevelTests.glancesPerHour / 3_600 * 60)
        // About 1,300 runs over 9 days: one standard error ≈ 0.003.
        assertClose(Double(running) / Double(total), expected, tolerance: 0.015, "share of time the watch app runs")
    }

    /// The app's memory is gone after each end, and what it shows at a glance comes from its
    /// storage (the companion's cache, updated by a context the watch's system kept for it while
    /// it was not running) or its own request (standalone): at every glance it shows what it
    /// shows running all day, so the glance samples are the same bit for bit. A cache kept in
    /// memory would be gone at the first end, and the glances would be blank; a context the
    /// watch's system dropped for an app not running would leave the cache older. (The phone's
    /// app syncs here when the user opens it and at each push, so contexts come between looks.)
    func testWhatTheWatchShowsComesFromItsStorageOrItsRequests() {
        func world(_ level: WatchLevel, _ lifetime: WatchLifetime) -> Parameters {
            var p = Self.watch(level, lifetime)
            p.user.appOpens = Rate(perHour: 2)
            p.push.onChange = true
            return p
        }
        for level in [WatchLevel.companion, .standalone, .remoteControl] {
            for seed in 0..<2 as Range<UInt64> {
                let what = "\(level), seed \(14_200 + seed)"
                let a = Replication.run(world(level, .allDay), seed: 14_200 + seed)
                let b = Replication.run(world(level, .whenLooked), seed: 14_200 + seed)
                for m in [Metric.watchStaleness, .watchAge] {
                    XCTAssertEqual(a[samples: m].map(\.bitPattern), b[samples: m].map(\.bitPattern), "\(what): \(m)")
                }
                XCTAssertEqual(a[value: .watchBlank].bitPattern, b[value: .watchBlank].bitPattern, "\(what): watch.blank")
                if level != .remoteControl { XCTAssertEqual(b[value: .watchBlank], 0, what) }
                XCTAssertGreaterThan(b[samples: .watchStaleness].count, 100, what)
            }
        }
    }

    /// The default is `allDay`: a default study's replication is the one with it set explicitly.
    func testTheDefaultLifetimeIsAllDay() {
        XCTAssertEqual(Parameters().watch.lifetime, .allDay)
        var p = Parameters()
        p.duration = Time.day
        var q = p
        q.watch.lifetime = .allDay
        q.watch.backgroundAllowance = 5 * Time.second        // unused all day
        assertIdentical(Replication.run(p, seed: 14_300), Replication.run(q, seed: 14_300), "default watch.lifetime")
    }
}
