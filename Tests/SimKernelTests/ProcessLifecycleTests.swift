import XCTest
import SimKernel

private let MB: Int64 = 1 << 20

final class ProcessLifecycleTests: XCTestCase {
    func testKilledProcessLosesMemoryAndKeepsStorage() {
        let engine = TestEngine()
        let storage = Storage()
        let p = Probe(storage: storage)
        p.onReceive = { probe, m, e in
            probe.storage.values["count", default: 0] += 1
            _ = e.allocate(ProcessID(0), bytes: MB)
        }
        let id = engine.register(p, name: "p")
        engine.launch(id, by: .user)
        for k in 0..<3 { engine.send("m\(k)", to: id, after: SimTime(k)) }
        engine.run(until: Time.second)
        XCTAssertEqual(p.cache, ["m0", "m1", "m2"])
        XCTAssertEqual(engine.record(id).memoryInUse, 3 * MB)

        engine.end(id, .terminatedBySystem)
        XCTAssertEqual(engine.state(id), .notRunning)
        XCTAssertEqual(p.discardCount, 1, "discardMemory is called once")
        XCTAssertEqual(p.events.suffix(2), [.discarded, .ended(.terminatedBySystem, at: Time.second)],
                       "memory is gone before ended() runs")
        XCTAssertTrue(p.cache.isEmpty, "memory is gone")
        XCTAssertEqual(engine.record(id).memoryInUse, 0)
        XCTAssertEqual(storage.values["count"], 3, "storage survives")
        XCTAssertEqual(engine.record(id).endCount(.terminatedBySystem), 1)
    }

    func testRelaunchAfterDeathStartsFromStorageOnly() {
        let engine = TestEngine()
        let storage = Storage()
        let p = Probe(storage: storage)
        let id = engine.register(p, name: "p")
        p.onReceive = { probe, _, e in
            probe.storage.values["count", default: 0] += 1
            _ = e.allocate(id, bytes: 2 * MB)
        }
        engine.launch(id, by: .user)
        XCTAssertNil(p.loadedFromStorage)
        engine.send("a", to: id)
        engine.send("b", to: id)
        engine.run(until: 1)
        engine.end(id, .forceQuit)

        engine.launch(id, by: .widgetHost)
        XCTAssertEqual(engine.state(id), .running)
        XCTAssertTrue(p.cache.isEmpty, "a new run starts with empty memory")
        XCTAssertEqual(engine.record(id).memoryInUse, 0)
        XCTAssertEqual(p.loadedFromStorage, 2, "the new run reads what storage kept")
        XCTAssertEqual(p.launches.last, .launched(.widgetHost, resumed: false, at: 1))
        XCTAssertEqual(engine.record(id).launches, 2)
    }

    func testSuspendedProcessKeepsMemoryTimersDoNotFireAndItResumes() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        p.onLaunch = { _, e in
            if e.record(id).launches == 1 { e.send("timer", to: id, after: 10 * Time.second) }
        }
        engine.launch(id, by: .user)
        engine.send("early", to: id, after: Time.second)
        XCTAssertTrue(engine.allocate(id, bytes: 5 * MB))
        engine.run(until: 2 * Time.second)

        engine.end(id, .suspended)
        XCTAssertEqual(engine.state(id), .suspended)
        XCTAssertFalse(engine.isRunning(id))
        XCTAssertEqual(engine.record(id).memoryInUse, 5 * MB, "suspension keeps memory")
        XCTAssertEqual(p.cache, ["early"], "suspension keeps the process's state")
        XCTAssertEqual(p.discardCount, 0)
        XCTAssertEqual(p.endReasons, [.suspended])

        engine.send("while suspended", to: id, after: Time.second)
        engine.run(until: 20 * Time.second)
        XCTAssertEqual(p.received, ["early"], "no timer fires and no message arrives while suspended")
        XCTAssertEqual(engine.eventsDiscarded, 2)

        engine.launch(id, by: .pushWake)
        XCTAssertEqual(engine.state(id), .running)
        XCTAssertEqual(p.launches.last, .launched(.pushWake, resumed: true, at: 20 * Time.second))
        XCTAssertEqual(engine.record(id).memoryInUse, 5 * MB, "resumption keeps memory")
        XCTAssertEqual(p.cache, ["early"])
        engine.run(until: 40 * Time.second)
        XCTAssertEqual(p.received, ["early"], "timers set before suspension died with that run")
    }

    func testKillingASuspendedProcessDiscardsItsMemory() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        engine.launch(id, by: .user)
        engine.allocate(id, bytes: MB)
        engine.end(id, .suspended)
        engine.end(id, .killedForMemory)
        XCTAssertEqual(engine.state(id), .notRunning)
        XCTAssertEqual(engine.record(id).memoryInUse, 0)
        XCTAssertEqual(p.discardCount, 1)
        engine.launch(id, by: .user)
        XCTAssertEqual(p.launches.last, .launched(.user, resumed: false, at: 0))
    }

    func testMemoryLimitKillsAtExactlyTheAllocationThatPassesIt() {
        let engine = TestEngine()
        engine.trace = TraceLog()
        let p = Probe()
        let id = engine.register(p, name: "p", limits: ProcessLimits(memoryLimit: 30 * MB))
        engine.launch(id, by: .user)
        XCTAssertTrue(engine.allocate(id, bytes: 29 * MB))
        XCTAssertTrue(engine.allocate(id, bytes: MB), "reaching the limit exactly is allowed")
        XCTAssertEqual(engine.record(id).memoryInUse, 30 * MB)
        XCTAssertEqual(engine.state(id), .running)
        XCTAssertEqual(p.endReasons, [])

        XCTAssertFalse(engine.allocate(id, bytes: 1), "one byte past the limit kills")
        XCTAssertEqual(engine.state(id), .notRunning)
        XCTAssertEqual(p.endReasons, [.killedForMemory])
        XCTAssertEqual(p.discardCount, 1)
        XCTAssertEqual(engine.record(id).endCount(.killedForMemory), 1)
        XCTAssertEqual(engine.record(id).memoryInUse, 0)
        XCTAssertEqual(engine.trace?.records.map(\.event), ["launched", "memoryLimit", "ended"])
        XCTAssertEqual(engine.trace?.records[1].details, "\(30 * MB + 1) > \(30 * MB) bytes")
    }

    func testMemoryLimitCountsReleasedMemory() {
        let engine = TestEngine()
        let id = engine.register(Probe(), name: "p", limits: ProcessLimits(memoryLimit: 10 * MB))
        engine.launch(id, by: .user)
        XCTAssertTrue(engine.allocate(id, bytes: 8 * MB))
        engine.release(id, bytes: 4 * MB)
        XCTAssertTrue(engine.allocate(id, bytes: 6 * MB))
        XCTAssertEqual(engine.state(id), .running)
        XCTAssertFalse(engine.allocate(id, bytes: 1))
    }

    func testTimeBudgetKillsAtLaunchPlusBudget() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p", limits: ProcessLimits(timeBudget: 10 * Time.second))
        engine.run(until: 5 * Time.second)
        engine.launch(id, by: .backgroundScheduler)
        engine.run(until: 15 * Time.second - 1)
        XCTAssertEqual(engine.state(id), .running, "still running one microsecond before the budget")
        engine.run(until: Time.minute)
        XCTAssertEqual(engine.state(id), .notRunning)
        XCTAssertEqual(p.endReasons, [.killedForTime])
        XCTAssertEqual(p.events.last, .ended(.killedForTime, at: 15 * Time.second))
        XCTAssertEqual(engine.record(id).endCount(.killedForTime), 1)
        XCTAssertEqual(p.discardCount, 1)
    }

    func testTimeBudgetDoesNotKillARunThatEndedFirst() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p", limits: ProcessLimits(timeBudget: 10 * Time.second))
        p.onReceive = { _, m, e in if m == "done" { e.end(id, .normal) } }
        engine.launch(id, by: .user)
        engine.send("done", to: id, after: 8 * Time.second)
        engine.run(until: Time.minute)
        XCTAssertEqual(p.endReasons, [.normal])
        XCTAssertEqual(engine.record(id).endCount(.killedForTime), 0)
        XCTAssertEqual(engine.eventsDiscarded, 1, "the budget event is discarded")
    }

    func testOldBudgetDoesNotKillALaterRun() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p", limits: ProcessLimits(timeBudget: 10 * Time.second))
        engine.launch(id, by: .user)                 // budget at 10 s
        engine.run(until: 3 * Time.second)
        engine.end(id, .normal)
        engine.launch(id, by: .user)                 // budget at 13 s
        engine.run(until: 12 * Time.second)
        XCTAssertEqual(engine.state(id), .running, "the first run's budget died with it")
        engine.run(until: Time.minute)
        XCTAssertEqual(p.events.last, .ended(.killedForTime, at: 13 * Time.second))
        XCTAssertEqual(p.endReasons, [.normal, .killedForTime])
    }

    /// A launch may carry the request it is for: handled right after `launched`, at the
    /// launch time, before anything else pending then, and counted as one dispatched event.
    func testLaunchCarriesItsFirstMessage() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        engine.run(until: 5 * Time.second)
        engine.send("earlier", to: id, after: 0)           // pending at 5 s, but to a process not running
        engine.launch(id, by: .widgetHost, first: "build")
        XCTAssertEqual(p.events, [.launched(.widgetHost, resumed: false, at: 5 * Time.second),
                                  .received("build", at: 5 * Time.second)], "handled inside the launch call")
        XCTAssertEqual(engine.eventsDispatched, 1)
        engine.run(until: Time.minute)
        XCTAssertEqual(p.received, ["build"], "the message sent before the launch was for an earlier run")
    }

    /// A run that ends while handling its first message leaves no budget event behind; a run
    /// still going has its budget from the launch.
    func testFirstMessageRunThatEndsLeavesNoBudgetEvent() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p", limits: ProcessLimits(timeBudget: 10 * Time.second))
        p.onReceive = { _, m, e in if m == "quick" { e.end(id, .normal) } }
        engine.launch(id, by: .widgetHost, first: "quick")
        XCTAssertEqual(engine.pendingEvents, 0)
        XCTAssertEqual(p.endReasons, [.normal])
        engine.launch(id, by: .widgetHost, first: "slow")
        XCTAssertEqual(engine.pendingEvents, 1, "the budget of the run still going")
        engine.run(until: Time.minute)
        XCTAssertEqual(p.events.last, .ended(.killedForTime, at: 10 * Time.second))
    }

    func testLaunchLimitsOverrideRegisteredOnes() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p", limits: ProcessLimits(timeBudget: Time.hour))
        engine.launch(id, by: .user, limits: ProcessLimits(timeBudget: Time.second))
        engine.run(until: Time.minute)
        XCTAssertEqual(p.events.last, .ended(.killedForTime, at: Time.second))
    }

    func testEveryEndReasonButSuspensionDiscardsMemory() {
        for reason in ProcessEnd.allCases {
            let engine = TestEngine()
            let p = Probe()
            let id = engine.register(p, name: "p")
            engine.launch(id, by: .user)
            engine.send("x", to: id)
            engine.run(until: 0)
            engine.allocate(id, bytes: MB)
            engine.end(id, reason)
            let kept = reason == .suspended
            XCTAssertEqual(p.discardCount, kept ? 0 : 1, "\(reason)")
            XCTAssertEqual(p.cache.isEmpty, !kept, "\(reason)")
            XCTAssertEqual(engine.record(id).memoryInUse, kept ? MB : 0, "\(reason)")
            XCTAssertEqual(engine.state(id), kept ? .suspended : .notRunning, "\(reason)")
            XCTAssertEqual(p.endReasons, [reason])
        }
    }
}
