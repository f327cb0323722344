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

/// The watch app alone against a harness context (issue 42): a recording backend and a recording
/// user stand in for the rest of the world, reached only through its ports. A standalone watch
/// with a network of its own needs nothing of the phone, so no watch link runs.
final class WatchAppAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<WatchApp, WatchAppInput, WatchAppState, WatchAppPorts>

    private func parameters(lifetime: WatchLifetime = .allDay, writesPerHour: Double = 0, refreshPerHour: Int = 2) -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.watch.enabled = true
        p.watch.level = .standalone
        p.watch.ownNetwork = true
        p.watch.lifetime = lifetime
        p.watch.backgroundAllowance = Time.minute
        p.watch.refreshPerHour = refreshPerHour
        p.watch.writes = Rate(perHour: writesPerHour)
        return p
    }

    private func requests(_ backend: Recorder<BackendInput>) -> [Request] {
        backend.received.compactMap { if case .request(let r) = $0.input { r } else { nil } }
    }

    /// A standalone watch fetches with its own credential at a glance only while its refresh
    /// budget (`watch.refreshPerHour` = 2 per rolling hour) has one left: glances at 1, 2 and
    /// 3 min fetch twice; at 61 min 1 s the 1-min fetch has left the hour and it fetches; at
    /// 61 min 30 s the hour holds two (2 min, 61 min) and it does not; at 62 min 1 s it does.
    func testItsGlancesFetchAtMostItsRefreshBudgetPerRollingHour() {
        let backend = Recorder<BackendInput>(1), user = Recorder<UserInput>(2)
        let h = Harness(parameters(), peers: [backend, user])
        defer { h.dismantle() }
        XCTAssertTrue(h.engine.launch(h.address, by: .system))
        h.program.start()
        for minute in [1, 2, 3] { h.send(.glance, after: SimTime(minute) * Time.minute) }
        h.run(until: 10 * Time.minute)
        XCTAssertEqual(requests(backend).map(\.kind), [.compactFetch, .compactFetch])
        XCTAssertTrue(requests(backend).allSatisfy { $0.credential == .watch })
        var expected = 2
        for (at, fetches) in [(61 * Time.minute + Time.second, true), (61 * Time.minute + 30 * Time.second, false),
                              (62 * Time.minute + Time.second, true)] {
            h.send(.glance, after: at - h.engine.now)
            h.run(until: at + 10 * Time.second)
            if fetches { expected += 1 }
            XCTAssertEqual(requests(backend).count, expected, "a glance at \(Time.seconds(at)) s")
        }
        XCTAssertTrue(user.received.isEmpty)
    }

    /// `watch.lifetime = whenLooked` (docs/model.md#watch-app-lifetime): not running at the
    /// start, its next write is the user's (sent to its user port, once: the user's write
    /// launches it and the run schedules the next); a run launched by a glance lasts
    /// `watch.backgroundAllowance` after the last glance (10 s and 40 s: running at 99 s, ended
    /// normally by 101 s).
    func testWhenLookedItsWritesAreTheUsersAndItsRunLastsItsAllowance() {
        let backend = Recorder<BackendInput>(1), user = Recorder<UserInput>(2)
        let h = Harness(parameters(lifetime: .whenLooked, writesPerHour: 6, refreshPerHour: 0), peers: [backend, user])
        defer { h.dismantle() }
        h.program.start()
        XCTAssertFalse(h.engine.isRunning(h.address))
        h.run(until: 10 * Time.second)
        XCTAssertTrue(h.engine.launch(h.address, by: .user, first: .glance))
        h.send(.glance, after: 30 * Time.second)
        h.run(until: 99 * Time.second)
        XCTAssertTrue(h.engine.isRunning(h.address), "its allowance runs from the last glance")
        h.run(until: 101 * Time.second)
        XCTAssertFalse(h.engine.isRunning(h.address))
        XCTAssertEqual(h.engine.record(h.address).endCount(.normal), 1)
        h.run(until: Time.day)
        let writes = user.received.filter { if case .watchWrite = $0.input { true } else { false } }
        XCTAssertEqual(writes.count, 1, "its next write goes to the user, once")
        XCTAssertTrue(requests(backend).isEmpty, "no write of its own, and no fetch with no refresh budget")
    }

    /// All day, a write is its own timer: a standalone watch sends it to the backend with its own
    /// credential, with every earlier write not yet accepted, and nothing reaches the user.
    func testAllDayAStandaloneWatchSendsItsOwnWritesWithThoseNotYetAccepted() {
        let allDayBackend = Recorder<BackendInput>(1), allDayUser = Recorder<UserInput>(2)
        let allDay = Harness(parameters(writesPerHour: 1), peers: [allDayBackend, allDayUser])
        defer { allDay.dismantle() }
        XCTAssertTrue(allDay.engine.launch(allDay.address, by: .system))
        allDay.program.start()
        allDay.run(until: Time.day + Time.hour)    // the last requests arrive
        // No write is accepted (the recording backend answers nothing), so each write sends again
        // every write its own queue holds: of n writes, the k-th (from 0) is sent n − k times.
        let made = allDay.measure.signals(WatchSignals.self).writes.map(\.change)   // as the watch emitted them
        let sent = requests(allDayBackend).filter { $0.kind == .write }
        XCTAssertGreaterThan(made.count, 5, "about 24 writes a day")
        let times = Dictionary(sent.map { ($0.change, 1) }, uniquingKeysWith: +)
        XCTAssertEqual(made.indices.map { times[made[$0], default: 0] }, made.indices.map { made.count - $0 })
        XCTAssertEqual(sent.count, made.count * (made.count + 1) / 2)
        XCTAssertTrue(sent.allSatisfy { $0.credential == .watch })
        XCTAssertTrue(allDayUser.received.isEmpty)
    }
}
