import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// One rule for background launches (docs/platform-facts.md#background-launches): an app the
/// user force-quit is launched by nothing in the background until it is opened again, and a
/// background run sends what is waiting, whatever woke it.
final class BackgroundLaunchTests: XCTestCase {

    /// A companion watch on an immediate relay, the phone always near, the app opened once an
    /// hour for 3-minute sessions that end with a force-quit with probability `forceQuit`.
    static func watchWrites(forceQuit: Double) -> Parameters {
        var p = SurfaceSetUp.quiet(days: 2, warmup: 3 * Time.hour)
        p.watch.enabled = true
        p.watch.level = .companion
        p.watch.relay = .immediate
        p.watch.phoneUnreachablePerDay = 0
        p.watch.writes = Rate(perHour: 4)
        p.user.appOpens = Rate(perHour: 1)
        p.user.forceQuit = forceQuit
        return p
    }

    /// After a force-quit a message from the watch wakes nothing, so an immediate write fails
    /// unless the app is in a session: with every session force-quit the share lost is the share
    /// of time outside sessions, 1 − λa/(1 + λa) ≈ 0.95 (λ = 1/h, a = 3 min). Without force-quits
    /// the watch wakes the app for every write and none is lost.
    func testAForceQuitAppIsNotWokenByTheWatch() {
        let quit = SurfaceRuns(Self.watchWrites(forceQuit: 1), seeds: 6, base: 14_100).values(.watchWriteLost)
        let kept = SurfaceRuns(Self.watchWrites(forceQuit: 0), seeds: 6, base: 14_100).values(.watchWriteLost)
        let mean = quit.reduce(0, +) / Double(quit.count)
        let expected = 1 - (1.0 * 0.05) / (1 + 1.0 * 0.05)
        // About 180 writes a replication, 6 replications; sessions cluster the misses, so allow 4×
        // the binomial spread (√(0.05·0.95/1080) ≈ 0.0066).
        XCTAssertEqual(mean, expected, accuracy: 0.03, "watch.write.lost with every session force-quit")
        XCTAssertTrue(kept.allSatisfy { $0 == 0 }, "the watch wakes an app that was not force-quit: \(kept)")
    }

    /// A run the watch wakes drains the shared outbox like every other background run: with the
    /// app never opened, shares reach the backend only through those runs (a queued watch write
    /// every 10 minutes on average), so they arrive within the hour and almost none waits at the end.
    func testARunTheWatchWakesSendsTheOutbox() {
        var p = SurfaceSetUp.quiet(days: 2)
        p.watch.enabled = true
        p.watch.level = .companion
        p.watch.relay = .queued
        p.watch.phoneUnreachablePerDay = 0
        p.watch.writes = Rate(perHour: 6)
        p.share.enabled = true
        p.share.design = .outbox
        p.share.perDay = 12
        let runs = SurfaceRuns(p, seeds: 4, base: 14_200)
        let latency = runs.samples(.shareLatency)
        XCTAssertGreaterThan(latency.count, 60, "shares reach the backend")
        XCTAssertLessThan(latency.max() ?? .infinity, 3_600, "each within the hour")
        for v in runs.values(.shareLatencyCensored) { XCTAssertLessThan(v, 0.2) }
    }
}
