import XCTest
import SimKernel

final class EngineTests: XCTestCase {
    func testRegisterAssignsSequentialIDsAndStartsNotRunning() {
        let engine = TestEngine()
        let a = engine.register(Probe(), name: "a")
        let b = engine.register(Probe(), name: "b", limits: ProcessLimits(memoryLimit: 5))
        XCTAssertEqual(a.process, ProcessID(0))
        XCTAssertEqual(b.process, ProcessID(1))
        XCTAssertLessThan(a.process, b.process)
        XCTAssertEqual(engine.state(a), .notRunning)
        XCTAssertFalse(engine.isRunning(b))
        XCTAssertEqual(engine.record(b).name, "b")
        XCTAssertEqual(engine.record(b).limits, ProcessLimits(memoryLimit: 5))
        XCTAssertEqual(engine.record(a).launches, 0)
        XCTAssertEqual(engine.now, 0)
        XCTAssertEqual(engine.pendingEvents, 0)
    }

    func testRunAdvancesClockToEndAndDeliversAtExactTimes() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        engine.launch(id, by: .user)
        engine.send("one", to: id, after: 3 * Time.second)
        engine.send("two", to: id, at: 7 * Time.second)
        engine.send("late", to: id, after: 10 * Time.second + 1)
        engine.run(until: 10 * Time.second)
        XCTAssertEqual(engine.now, 10 * Time.second, "the clock stands at the end")
        XCTAssertEqual(p.events.dropFirst(), [.received("one", at: 3 * Time.second), .received("two", at: 7 * Time.second)])
        XCTAssertEqual(engine.pendingEvents, 1, "an event after the end stays pending")
        XCTAssertEqual(engine.eventsDispatched, 2)
        engine.run(until: 10 * Time.second + 1)
        XCTAssertEqual(p.received.last, "late", "an event exactly at the end runs")
        XCTAssertEqual(engine.pendingEvents, 0)
    }

    func testRunWithNothingPendingStillMovesTheClock() {
        let engine = TestEngine()
        engine.run(until: Time.hour)
        XCTAssertEqual(engine.now, Time.hour)
        engine.run(until: Time.minute)
        XCTAssertEqual(engine.now, Time.hour, "the clock never goes back")
    }

    func testNegativeDelayAndPastAbsoluteTimeMeanNow() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        engine.run(until: 5 * Time.second)
        engine.launch(id, by: .user)
        engine.send("past", to: id, at: Time.second)
        engine.send("negative", to: id, after: -Time.second)
        engine.run(until: 5 * Time.second)
        XCTAssertEqual(p.events.dropFirst(), [.received("past", at: 5 * Time.second), .received("negative", at: 5 * Time.second)])
    }

    func testProcessesChainEventsThroughTheFastPath() {
        // A ping-pong pair: every event schedules exactly one more (popReservingRoot + push).
        let engine = TestEngine()
        let a = Probe(), b = Probe()
        let ia = engine.register(a, name: "a"), ib = engine.register(b, name: "b")
        a.onReceive = { _, m, e in e.send(m + "a", to: ib, after: Time.second) }
        b.onReceive = { _, m, e in if m.count < 10 { e.send(m + "b", to: ia, after: Time.second) } }
        engine.launch(ia, by: .user)
        engine.launch(ib, by: .user)
        engine.send("", to: ia)
        engine.run(until: Time.minute)
        XCTAssertEqual(a.received, ["", "ab", "abab", "ababab", "abababab", "ababababab"])
        XCTAssertEqual(b.received.last, "ababababab" + "a")
        XCTAssertEqual(engine.eventsDispatched, 12)
        XCTAssertEqual(engine.eventsDiscarded, 0)
    }

    func testLaunchOfRunningProcessIsNoOp() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        XCTAssertTrue(engine.launch(id, by: .widgetHost))
        let incarnation = engine.record(id).incarnation
        XCTAssertFalse(engine.launch(id, by: .user))
        XCTAssertEqual(engine.record(id).incarnation, incarnation)
        XCTAssertEqual(engine.record(id).launches, 1)
        XCTAssertEqual(engine.record(id).launchedBy, .widgetHost)
        XCTAssertEqual(p.launches.count, 1)
    }

    func testLaunchRecordsLauncherTimeAndLimits() {
        let engine = TestEngine()
        let id = engine.register(Probe(), name: "p")
        engine.run(until: 42)
        let limits = ProcessLimits(timeBudget: Time.minute, memoryLimit: 1 << 20)
        engine.launch(id, by: .pushWake, limits: limits)
        XCTAssertEqual(engine.record(id).launchedAt, 42)
        XCTAssertEqual(engine.record(id).launchedBy, .pushWake)
        XCTAssertEqual(engine.record(id).limits, limits)
        XCTAssertEqual(engine.state(id), .running)
    }

    func testEndOfNotRunningProcessIsNoOp() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        engine.end(id, .forceQuit)
        XCTAssertEqual(engine.record(id).incarnation, 0)
        XCTAssertEqual(engine.record(id).endCount(.forceQuit), 0)
        XCTAssertTrue(p.events.isEmpty)
    }

    func testEndCountsPerReason() {
        let engine = TestEngine()
        let id = engine.register(Probe(), name: "p")
        for reason in ProcessEnd.allCases {
            engine.launch(id, by: .user)
            engine.end(id, reason)
        }
        engine.launch(id, by: .user)
        engine.end(id, .normal)
        for reason in ProcessEnd.allCases {
            XCTAssertEqual(engine.record(id).endCount(reason), reason == .normal ? 2 : 1, "\(reason)")
        }
    }

    func testIncarnationAdvancesAtLaunchSuspendAndEnd() {
        let engine = TestEngine()
        let id = engine.register(Probe(), name: "p")
        XCTAssertEqual(engine.record(id).incarnation, 0)
        engine.launch(id, by: .user)
        XCTAssertEqual(engine.record(id).incarnation, 1)
        engine.end(id, .suspended)
        XCTAssertEqual(engine.record(id).incarnation, 2)
        engine.end(id, .suspended)   // already suspended: no-op
        XCTAssertEqual(engine.record(id).incarnation, 2)
        XCTAssertEqual(engine.record(id).endCount(.suspended), 1)
        engine.launch(id, by: .user)
        XCTAssertEqual(engine.record(id).incarnation, 3)
        engine.end(id, .normal)
        XCTAssertEqual(engine.record(id).incarnation, 4)
    }

    func testReleaseNeverGoesNegative() {
        let engine = TestEngine()
        let id = engine.register(Probe(), name: "p")
        engine.launch(id, by: .user)
        XCTAssertTrue(engine.allocate(id, bytes: 100))
        engine.release(id, bytes: 40)
        XCTAssertEqual(engine.record(id).memoryInUse, 60)
        engine.release(id, bytes: 1_000)
        XCTAssertEqual(engine.record(id).memoryInUse, 0)
    }

    func testAllocateToNotRunningProcessFails() {
        let engine = TestEngine()
        let id = engine.register(Probe(), name: "p")
        XCTAssertFalse(engine.allocate(id, bytes: 1))
        XCTAssertEqual(engine.record(id).memoryInUse, 0)
        engine.launch(id, by: .user)
        engine.end(id, .suspended)
        XCTAssertFalse(engine.allocate(id, bytes: 1), "a suspended process runs no code, so allocates nothing")
    }
}
