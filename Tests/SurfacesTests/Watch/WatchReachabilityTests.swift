import XCTest
import Platform
import SimKernel
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
import TestSupport

/// A standalone watch's reachability (§25.6; docs/model.md#watch-reachability): every fetch of
/// its own, at a glance or at a push, spends its refresh budget (`watch.refreshPerHour` per
/// rolling hour) and a glance with the budget spent shows its cache with no request; writes
/// spend none. Its pushes come through the push service with `push.delay` and `push.loss`, and
/// are held, the newest only, while the watch has no network, then delivered when it has one.
final class WatchReachabilityTests: XCTestCase {

    /// A standalone watch, with its own network, that nobody looks at; the other device edits six
    /// times an hour, so the backend sends the watch a push for each edit.
    static func standalone(days: Double = 2) -> Parameters {
        var p = WatchLevelTests.level(.standalone)
        p.duration = SimTime(days * Double(Time.day))
        p.observe.warmup = 2 * Time.hour
        p.observe.watchGlances = Rate(perHour: 0)
        p.watch.phoneUnreachablePerDay = 0
        p.watch.refreshPerHour = 1_000
        p.push.loss = 0
        return p
    }

    /// The pushes the backend sent the watch (the push service took them), the pushes that reached
    /// the watch app, and its fetches, from the event log.
    struct PushLog {
        let sent: [SimTime], received: [SimTime], fetches: [SimTime], held: [SimTime]
        let goAway: [SimTime], comeBack: [SimTime]
        init(_ p: Parameters, seed: UInt64) {
            let log = TraceLog()
            _ = Replication.run(p, seed: seed, trace: log)
            sent = log.times("pushService", "receive", details: "sendToWatch")
            received = log.times("watchApp", "receive", details: "push")
            fetches = log.times("watchApp", "fetch")
            held = log.times("pushService", "held", details: "watch has no network")
            goAway = log.times("watchLink", "receive", details: "goAway")
            comeBack = log.times("watchLink", "receive", details: "comeBack")
        }
    }

    /// With `push.loss = 1` no push reaches the watch, so a watch nobody looks at never fetches;
    /// with loss 0 every push reaches it (its network never fails) and each one fetches.
    func testALostPushBringsAStandaloneWatchNoFetch() {
        var lost = Self.standalone()
        lost.push.loss = 1
        for seed: UInt64 in 15_000..<15_003 {
            let all = PushLog(Self.standalone(), seed: seed), none = PushLog(lost, seed: seed)
            XCTAssertGreaterThan(all.sent.count, 200, "seed \(seed): the backend pushes every edit")
            XCTAssertEqual(none.sent.count, all.sent.count, "seed \(seed): the same edits, the same pushes sent")
            XCTAssertEqual(none.received.count, 0, "seed \(seed): loss 1: no push reaches the watch")
            XCTAssertEqual(none.fetches.count, 0, "seed \(seed): loss 1: no push-driven fetch")
            // At most the last push is still on its way at the end.
            XCTAssertLessThanOrEqual(all.sent.count - all.received.count, 1, "seed \(seed): loss 0: every push arrives")
            XCTAssertEqual(all.fetches, all.received, "seed \(seed): loss 0: each push fetches")
        }
        let r = Replication.run(lost, seed: 15_000)
        XCTAssertEqual(r[value: .backendRequestsWatch], 0, "loss 1: the backend serves the watch nothing")
    }

    /// Closed form: each push is lost with probability `push.loss`, drawn independently, so the
    /// share that reaches the watch is 1 − loss (0.7 here; about 2,500 pushes, one standard error
    /// 0.009).
    func testTheShareOfPushesThatReachTheWatchIsOneMinusTheLoss() {
        var p = Self.standalone(days: 3)
        p.push.loss = 0.3
        var sent = 0, received = 0
        for seed: UInt64 in 15_100..<15_106 {
            let log = PushLog(p, seed: seed)
            sent += log.sent.count
            received += log.received.count
        }
        XCTAssertGreaterThan(sent, 2_000)
        // Five standard errors; a loss drawn twice (a share of 0.49) or not at all is far outside.
        assertClose(Double(received) / Double(sent), 0.7, tolerance: Tolerance.proportion(0.7, n: sent), "share of pushes that reach the watch (\(sent) sent)")
    }

    /// Without a network of its own the watch has one only through the phone, while the phone is
    /// within reach: a push that arrives while the phone is away is held (the newest only) and
    /// reaches the watch at the moment the phone comes back, and no push reaches it while away.
    func testAPushHeldWhileTheWatchHasNoNetworkArrivesWhenThePhoneComesBack() {
        var p = Self.standalone(days: 3)
        p.watch.ownNetwork = false
        p.watch.phoneUnreachablePerDay = 24
        p.watch.phoneUnreachableDuration = .exponential(mean: 1_800)
        var holds = 0
        for seed: UInt64 in 15_200..<15_203 {
            let log = PushLog(p, seed: seed)
            let what = "seed \(seed)"
            XCTAssertGreaterThan(log.goAway.count, 30, what)
            // The phone's absences: [goAway, comeBack).
            func away(_ t: SimTime) -> Bool {
                guard let start = log.goAway.last(where: { $0 <= t }) else { return false }
                return !log.comeBack.contains { $0 > start && $0 <= t }
            }
            func nextComeBack(after t: SimTime) -> SimTime? { log.comeBack.first { $0 > t } }
            for t in log.received { XCTAssertFalse(away(t), "\(what): a push reached the watch at \(t) while the phone was away") }
            for h in log.held {
                XCTAssertTrue(away(h), "\(what): held at \(h) with the phone in reach")
                guard let back = nextComeBack(after: h) else { continue }   // still away at the end
                XCTAssertTrue(log.received.contains(back), "\(what): the push held at \(h) reaches the watch when the phone is back, at \(back)")
            }
            // The newest only: one push at most reaches the watch at each return.
            for back in log.comeBack {
                XCTAssertLessThanOrEqual(log.received.filter { $0 == back }.count, 1, "\(what): at \(back)")
            }
            // Pushes held over one absence replace each other: what arrives is what was sent,
            // less the pushes replaced, less what is still held or on its way at the end.
            let replaced = log.goAway.indices.reduce(0) { n, k in
                let start = log.goAway[k], end = nextComeBack(after: start) ?? p.duration
                return n + max(0, log.held.filter { $0 >= start && $0 < end }.count - 1)
            }
            XCTAssertLessThanOrEqual(log.sent.count - replaced - log.received.count, 3, what)
            XCTAssertGreaterThanOrEqual(log.sent.count - replaced - log.received.count, 0, what)
            holds += log.held.count
        }
        XCTAssertGreaterThan(holds, 100, "pushes found the watch without a network")
        // With its own network the watch always has one: nothing is ever held.
        p.watch.ownNetwork = true
        XCTAssertEqual(PushLog(p, seed: 15_200).held.count, 0, "own network: no push held")
    }

    /// Exact bound and closed form: with `watch.refreshPerHour = k` no k + 1 fetches of the watch
    /// fall within an hour (the budget rolls: each fetch is at least an hour after the k-th before
    /// it). With glances and pushes together a Poisson demand at λ = 66 an hour, far above k, each
    /// of the k uses comes back an hour after it was spent and is spent at the next demand, an
    /// exponential wait of mean 1/λ h: k·λ/(λ + 1) fetches an hour (2.955 for k = 3).
    func testWithRefreshPerHourKTheWatchFetchesAtMostKTimesInAnyHour() {
        let k = 3, lambda = 66.0
        var p = Self.standalone(days: 3)
        p.watch.refreshPerHour = k
        p.observe.watchGlances = Rate(perHour: 60)
        p.observe.warmup = 12 * Time.hour
        var after = 0
        let seeds: Range<UInt64> = 15_300..<15_303
        for seed in seeds {
            let log = TraceLog()
            let r = Replication.run(p, seed: seed, trace: log)
            let fetches = log.times("watchApp", "fetch")
            let glanceFetches = log.times("watchApp", "fetch", details: "glance").count
            XCTAssertGreaterThan(glanceFetches, 0, "seed \(seed): glances fetch")
            XCTAssertGreaterThan(fetches.count - glanceFetches, 0, "seed \(seed): pushes fetch")
            XCTAssertGreaterThan(log.times("watchApp", "noRefresh", details: "glance").count, 1_000, "seed \(seed): glances find the budget spent")
            for i in 0..<(fetches.count - k) {
                XCTAssertGreaterThanOrEqual(fetches[i + k] - fetches[i], Time.hour, "seed \(seed): \(k + 1) fetches within an hour from \(fetches[i])")
            }
            let counted = fetches.filter { $0 >= p.observe.warmup }.count
            // The backend serves each fetch a one-way trip later (the last may still be on its way).
            XCTAssertLessThanOrEqual(abs(r[value: .backendRequestsWatch] - Double(counted)), 2, "seed \(seed): backend.requests.watch")
            after += counted
        }
        let hours = Double(seeds.count) * Double(p.duration - p.observe.warmup) / Double(Time.hour)
        let expected = Double(k) * lambda / (lambda + 1)
        // Each of the k uses may be one cycle ahead or behind over a run (a cycle's length varies
        // by about a minute, so chance adds little).
        assertClose(Double(after) / hours, expected, tolerance: Double(k * seeds.count + 3) / hours, "fetches an hour after the warm-up")
    }

    /// Requests of `kind` from the watch app that the backend received, by the event log.
    static func requestsServed(_ log: TraceLog, kind: String, from r: ProbeRun) -> Int {
        let watch = r.assembly.address(of: WatchApp.self).process.index
        return log.records.filter { $0.process == "backend" && $0.details.hasPrefix("request(Request(kind: \(kind), from: \(watch),") }.count
    }

    /// A probe-like script on a standalone watch with `watch.refreshPerHour = 1`: the first look
    /// fetches and spends the budget; a change elsewhere pushes, but the push cannot fetch; the next
    /// look shows the cache (without the change) and sends no request; an hour later the budget is
    /// back and a look shows the change.
    func testAGlanceWithTheBudgetSpentShowsTheCacheWithoutARequest() {
        var p = Self.standalone()
        p.elsewhere.edits = Rate(perHour: 0)
        p.watch.refreshPerHour = 1
        let log = TraceLog()
        let r = ProbeRun(p, seed: 15_400, trace: log)
        func fetchesServed() -> Int { Self.requestsServed(log, kind: "compactFetch", from: r) }
        r.wait(Time.minute)
        let first = r.lookAtWatch()
        XCTAssertEqual(first.kind, .data)
        XCTAssertEqual(fetchesServed(), 1, "the first look fetches")
        let change = r.editElsewhere()
        r.wait(Time.minute)
        XCTAssertEqual(log.times("watchApp", "receive", details: "push").count, 1, "the change's push reaches the watch")
        XCTAssertEqual(fetchesServed(), 1, "the push finds the budget spent")
        let second = r.lookAtWatch()
        XCTAssertEqual(second.kind, .data, "the watch shows its cache")
        XCTAssertFalse(second.changes.contains(change), "its cache is as of the first look")
        XCTAssertEqual(second.readAt, first.readAt, "read at the first look")
        XCTAssertEqual(fetchesServed(), 1, "a look with the budget spent sends no request")
        r.wait(Time.hour)
        let third = r.lookAtWatch()
        XCTAssertTrue(third.changes.contains(change), "an hour later the budget is back: the look fetches the change")
        XCTAssertEqual(fetchesServed(), 2)
    }

    /// Writes are the user's actions, which the system sends whatever the budget: with
    /// `watch.refreshPerHour = 1`, three writes on the watch reach the backend and the next look
    /// still fetches.
    func testWritesOnAStandaloneWatchDoNotSpendItsRefreshBudget() {
        var p = Self.standalone()
        p.elsewhere.edits = Rate(perHour: 0)
        p.watch.refreshPerHour = 1
        let log = TraceLog()
        let r = ProbeRun(p, seed: 15_500, trace: log)
        func served(_ kind: String) -> Int { Self.requestsServed(log, kind: kind, from: r) }
        r.wait(Time.minute)
        let changes = (0..<3).compactMap { _ -> ChangeID? in
            defer { r.wait(Time.minute) }     // each acknowledged before the next
            return r.watchWrite()
        }
        XCTAssertEqual(changes.count, 3)
        XCTAssertEqual(served("write"), 3, "every write reaches the backend")
        _ = r.lookAtWatch()
        XCTAssertEqual(served("compactFetch"), 1, "the look after the writes fetches: they spent nothing")
        XCTAssertEqual(log.times("watchApp", "noRefresh").count, 0)
    }

    /// The watch's pushes draw their loss and delay from streams of their own (`push.watch.from.P`),
    /// so a standalone watch moves none of the phone's silent pushes: with the phone app woken by
    /// push, the push service's record of the phone's pushes is the same, time for time, with the
    /// watch off and with a standalone watch (which nobody looks at and which makes no writes).
    func testTheWatchsPushesShiftNoneOfThePhonesPushes() {
        var p = Self.standalone()
        p.push.onChange = true
        p.push.loss = 0.3
        var off = p
        off.watch.enabled = false
        func phonePushes(_ p: Parameters) -> [String] {
            let log = TraceLog()
            _ = Replication.run(p, seed: 15_600, trace: log)
            return log.records.filter { r in
                r.process == "pushService" && !r.details.contains("atch")
            }.map { "\($0.time) \($0.event) \($0.details)" }
        }
        let with = phonePushes(p), without = phonePushes(off)
        XCTAssertGreaterThan(without.filter { $0.contains("silentArrives") }.count, 100, "the phone gets pushes")
        XCTAssertEqual(with, without, "the phone's pushes with a standalone watch and with none")
    }

    /// The phone's own network counts too: a watch without a network of its own, near a phone
    /// that goes offline, has none; the push of a change made elsewhere meanwhile is held and
    /// reaches the watch the moment the phone is online again, and the watch then fetches it.
    func testAPushHeldWhileThePhoneIsOfflineArrivesWhenItIsOnlineAgain() {
        var p = Self.standalone()
        p.elsewhere.edits = Rate(perHour: 0)
        p.watch.ownNetwork = false
        p.network.offlineDuration = .constant(600)
        let log = TraceLog()
        let r = ProbeRun(p, seed: 15_700, trace: log)
        r.wait(Time.minute)
        r.goOffline()
        let change = r.editElsewhere()
        r.wait(2 * Time.minute)
        XCTAssertEqual(log.times("pushService", "held", details: "watch has no network").count, 1, "held while the phone is offline")
        XCTAssertEqual(log.times("watchApp", "receive", details: "push"), [], "no push reaches the watch meanwhile")
        r.wait(10 * Time.minute)
        let online = log.times("pushService", "receive", details: "deviceNotice(online")
        XCTAssertEqual(online.count, 1)
        XCTAssertEqual(log.times("watchApp", "receive", details: "push"), online, "the held push arrives as the phone is online")
        XCTAssertTrue(r.lookAtWatch().changes.contains(change), "and the watch fetched the change")
    }
}
