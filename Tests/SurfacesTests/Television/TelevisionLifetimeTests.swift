import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The television program's lifetime (docs/model.md#television-lifetime): with `tv.lifetime =
/// whilePlaying` a playback launches it and it ends, losing its memory, when the playback ends;
/// it checks in only while it runs. With `allDay` (the default) it runs for the whole replication.
final class TelevisionLifetimeTests: XCTestCase {

    static func tv(_ handoff: TVHandoff, _ lifetime: TelevisionLifetime, days: Double = 3) -> Parameters {
        var p = TelevisionTests.tv(handoff)
        p.duration = SimTime(days * Double(Time.day))
        p.tv.lifetime = lifetime
        return p
    }

    /// Each playback the user starts launches the television's program (launcher `user`) and the
    /// playback's end ends it: not running at time 0, nor between playbacks. All day, it is
    /// launched once at time 0 and never ends.
    func testTheTelevisionRunsOnlyWhileItPlays() {
        for seed in 0..<3 as Range<UInt64> {
            let what = "seed \(13_400 + seed)"
            let log = TraceLog()
            _ = Replication.run(Self.tv(.location, .whilePlaying), seed: 13_400 + seed, trace: log)
            let launches = log.times("television", "launched")
            let ends = log.times("television", "ended", details: "normal")
            XCTAssertGreaterThan(launches.count, 20, what)
            XCTAssertEqual(log.times("television", "launched", details: "user").count, launches.count, "\(what): a playback launches it")
            XCTAssertGreaterThan(launches.first ?? 0, 0, "\(what): not running at time 0")
            XCTAssertTrue(launches.count == ends.count || launches.count == ends.count + 1, what)
            for (k, end) in ends.enumerated() {
                XCTAssertLessThanOrEqual(launches[k], end, what)
                if k + 1 < launches.count { XCTAssertLessThan(end, launches[k + 1], "\(what): ended before the next playback") }
            }
            let allDay = TraceLog()
            _ = Replication.run(Self.tv(.location, .allDay), seed: 13_400 + seed, trace: allDay)
            // Its hourly check-ins come only while it runs (a fraction of the day here), all day every hour.
            let checkIns = log.times("television", "receive", details: "checkIn").count
            XCTAssertEqual(allDay.times("television", "receive", details: "checkIn").count, 72, "\(what): all day, hourly")
            XCTAssertLessThan(checkIns, 72 / 2, "\(what): only while it plays")
            XCTAssertEqual(allDay.times("television", "launched"), [0], "all day: launched once, at time 0")
            XCTAssertEqual(allDay.times("television", "ended"), [], "all day: never ended")
        }
    }

    /// Closed form: playbacks at rate λ of constant length L, one asked for during a playback
    /// starting none, so the program runs a share λL / (1 + λL) of the time (12 a day of
    /// 30 min: 0.2). Measured from the launches and ends in the event log.
    func testShareOfTimeTheTelevisionRunsMatchesTheClosedForm() {
        var p = Self.tv(.location, .whilePlaying, days: 20)
        p.tv.playbackLength = .constant(1_800)
        let lambdaL = p.tv.playbacksPerDay / Double(Time.day) * 1_800 * Double(Time.second)
        var running: SimTime = 0, total: SimTime = 0
        for seed in 0..<3 as Range<UInt64> {
            let log = TraceLog()
            _ = Replication.run(p, seed: 13_500 + seed, trace: log)
            let launches = log.times("television", "launched"), ends = log.times("television", "ended")
            for (k, l) in launches.enumerated() { running += (k < ends.count ? ends[k] : p.duration) - l }
            total += p.duration
        }
        // About 570 cycles: one standard error ≈ 0.007.
        assertClose(Double(running) / Double(total), lambdaL / (1 + lambdaL), tolerance: 0.035, "share of time the television runs")
    }

    /// The session is in the television's storage, so it survives every end: each playback of a
    /// program launched afresh starts, and mirrored playbacks stop at the lock exactly as they
    /// do all day (the playbacks' draws are the same). A session kept in memory would be gone
    /// after the first end, and no later playback would start.
    func testTheSessionSurvivesAnEndAndPlaybacksAreUnchanged() {
        for seed in 0..<3 as Range<UInt64> {
            let a = Replication.run(Self.tv(.mirror, .allDay), seed: 13_600 + seed)
            let b = Replication.run(Self.tv(.mirror, .whilePlaying), seed: 13_600 + seed)
            XCTAssertEqual(a[value: .tvStoppedAtLock].bitPattern, b[value: .tvStoppedAtLock].bitPattern, "seed \(13_600 + seed)")
            XCTAssertGreaterThan(a[value: .tvStoppedAtLock], 0.5)
        }
    }

    /// A revocation made while the television is not running is found at its next request after
    /// a playback launches it again (its check-in at the launch), not at once: signed out at
    /// 20:05 with the television idle, the leak lasts from the sign-out to that launch (and its
    /// round trip). All day, the backend's notice reaches it at once.
    func testARevocationIsFoundAtTheRequestAfterTheNextLaunch() {
        var p = SignOutTests.world()
        p.duration = 2 * Time.day
        p.tv.playbacksPerDay = 6
        p.tv.playbackLength = .constant(600)
        p.tv.lifetime = .whilePlaying
        var idle = 0
        for seed in 0..<6 as Range<UInt64> {
            let what = "seed \(13_700 + seed)"
            let log = TraceLog()
            let r = Replication.run(p, seed: 13_700 + seed, trace: log)
            let at = SignOutTests.signOutAt
            let launches = log.times("television", "launched"), ends = log.times("television", "ended")
            let runningAtSignOut = launches.enumerated().contains { k, l in l <= at && (k >= ends.count || ends[k] > at) }
            guard !runningAtSignOut, let next = launches.first(where: { $0 > at }) else { continue }
            idle += 1
            let leak = r[value: .signoutTVLeak]
            // The leak runs from the sign-out itself (the user reaches the button within a minute of 20:05).
            assertClose(leak, Time.seconds(next - at), tolerance: 60, "\(what): found at the next launch's request")
            var q = p
            q.tv.lifetime = .allDay
            XCTAssertLessThanOrEqual(Replication.run(q, seed: 13_700 + seed)[value: .signoutTVLeak], SignOutTests.small, "\(what): all day, at once")
        }
        XCTAssertGreaterThanOrEqual(idle, 3, "the television idle at most sign-outs")
    }

    /// Signing in by code, it is launched at time 0 by the system and runs until its session
    /// comes (the first poll after the approval, 65 s here), then ends; the session it got is
    /// in its storage, so the next playback launches a run that plays. The sign-in takes as long
    /// as all day.
    func testSigningInByCodeItRunsUntilItsSessionThenEnds() {
        var p = WidgetSetUp.closedForm(days: 1)
        p.observe.warmup = 0
        p.tv.enabled = true
        p.tv.signIn = .byCode
        p.tv.approvalDelay = .constant(62)
        p.tv.pollInterval = 5 * Time.second
        p.tv.playbacksPerDay = 6
        p.tv.lifetime = .whilePlaying
        let log = TraceLog()
        let r = Replication.run(p, seed: 3, trace: log)
        XCTAssertEqual(r.samples[Metric.tvSignInTime.rawValue], [65.0])
        let launches = log.times("television", "launched"), ends = log.times("television", "ended")
        XCTAssertEqual(launches.first, 0, "launched at time 0 to sign in")
        XCTAssertEqual(log.records.first { $0.process == "television" && $0.event == "launched" }?.details, "system")
        XCTAssertEqual(ends.first, 65 * Time.second, "ended as its session came")
        XCTAssertGreaterThan(launches.dropFirst().count, 1, "later runs are launched by playbacks")
        XCTAssertEqual(log.times("television", "launched", details: "user").count, launches.count - 1)
        XCTAssertFalse(r.values[Metric.tvStoppedAtLock.rawValue].isNaN, "a later run plays: its session survived the end")
    }

    /// The default is `allDay`: a default study's replication is the one with it set explicitly.
    func testTheDefaultLifetimeIsAllDay() {
        XCTAssertEqual(Parameters().tv.lifetime, .allDay)
        var p = Parameters()
        p.duration = Time.day
        var q = p
        q.tv.lifetime = .allDay
        assertIdentical(Replication.run(p, seed: 13_800), Replication.run(q, seed: 13_800), "default tv.lifetime")
    }
}
