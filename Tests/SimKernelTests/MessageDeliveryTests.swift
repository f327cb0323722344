import XCTest
import SimKernel

/// Mailbox behaviour: ordering, and which messages are lost.
final class MessageDeliveryTests: XCTestCase {
    func testMessagesWithEqualDelayArriveInSendOrder() {
        let engine = TestEngine()
        let a = Probe(), b = Probe(), c = Probe()
        let ia = engine.register(a, name: "A"), ib = engine.register(b, name: "B"), ic = engine.register(c, name: "C")
        a.onLaunch = { _, e in
            e.send("M1", to: ib, after: 5 * Time.second)
            e.send("M2", to: ib, after: 5 * Time.second)
        }
        c.onLaunch = { _, e in e.send("C1", to: ib, after: 5 * Time.second) }
        engine.launch(ib, by: .user)
        engine.launch(ia, by: .user)
        engine.launch(ic, by: .user)
        engine.run(until: Time.minute)
        XCTAssertEqual(b.received, ["M1", "M2", "C1"])
    }

    func testManyInterleavedSendersKeepPerSenderOrder() {
        // Senders fire bursts at the same instants; each sender's messages stay in order,
        // and the whole stream at one time follows global send order.
        let engine = TestEngine()
        let sink = Probe()
        let isink = engine.register(sink, name: "sink")
        var senders: [Address<String>] = []
        for s in 0..<4 {
            let p = Probe()
            let id = engine.register(p, name: "s\(s)")
            p.onReceive = { _, m, e in
                for k in 0..<5 { e.send("\(s):\(m):\(k)", to: isink, after: Time.second) }
            }
            senders.append(id)
        }
        engine.launch(isink, by: .user)
        var expected: [String] = []
        for round in 0..<3 {
            for (s, id) in senders.enumerated() {
                engine.launch(id, by: .user)
                engine.send("r\(round)", to: id, at: SimTime(round) * Time.second)
                for k in 0..<5 { expected.append("\(s):r\(round):\(k)") }
            }
        }
        engine.run(until: Time.minute)
        XCTAssertEqual(sink.received, expected)
    }

    func testZeroDelayMessagesRunAfterEarlierOnesAtTheSameTime() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        p.onReceive = { _, m, e in if m == "first" { e.send("spawned", to: id) } }
        engine.launch(id, by: .user)
        engine.send("first", to: id)
        engine.send("second", to: id)
        engine.run(until: 0)
        XCTAssertEqual(p.received, ["first", "second", "spawned"])
    }

    func testMessageToProcessThatIsNotRunningIsDropped() {
        let engine = TestEngine()
        let a = Probe(), b = Probe()
        let ia = engine.register(a, name: "A"), ib = engine.register(b, name: "B")
        a.onLaunch = { _, e in e.send("hello", to: ib, after: Time.second) }
        engine.launch(ia, by: .user)
        engine.run(until: Time.minute)
        XCTAssertEqual(b.received, [])
        XCTAssertEqual(engine.eventsDiscarded, 1)
        XCTAssertEqual(engine.eventsDispatched, 0)
    }

    func testMessageSentBeforeLaunchIsNotDeliveredToTheNewRun() {
        // Sent while B was not running: lost even though B is running at delivery time.
        let engine = TestEngine()
        let b = Probe()
        let ib = engine.register(b, name: "B")
        engine.send("early", to: ib, after: 2 * Time.second)
        engine.launch(ib, by: .user)
        engine.run(until: Time.minute)
        XCTAssertEqual(b.received, [])
        XCTAssertEqual(engine.eventsDiscarded, 1)
    }

    func testReplyToProcessThatDiedAndRelaunchedIsLost() {
        let engine = TestEngine()
        let b = Probe()
        let ib = engine.register(b, name: "B")
        engine.launch(ib, by: .user)
        engine.send("reply", to: ib, after: 5 * Time.second)
        engine.run(until: Time.second)
        engine.end(ib, .terminatedBySystem)
        engine.launch(ib, by: .user)
        engine.send("fresh", to: ib, after: 5 * Time.second)
        engine.run(until: Time.minute)
        XCTAssertEqual(b.received, ["fresh"])
        XCTAssertEqual(engine.eventsDiscarded, 1)
    }

    func testTimersOfADeadProcessNeverFire() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        p.onLaunch = { _, e in e.send("timer", to: id, after: 10 * Time.second) }
        engine.launch(id, by: .user)
        engine.run(until: 3 * Time.second)
        let discardedBefore = engine.eventsDiscarded
        engine.end(id, .forceQuit)
        engine.run(until: Time.minute)
        XCTAssertEqual(p.received, [], "the timer never fires")
        XCTAssertEqual(engine.eventsDiscarded, discardedBefore + 1)
        XCTAssertEqual(engine.eventsDispatched, 0)
        XCTAssertEqual(engine.pendingEvents, 0)
    }

    func testTimerSetByTheProcessItselfThenEndingItself() {
        let engine = TestEngine()
        let p = Probe()
        let id = engine.register(p, name: "p")
        p.onReceive = { _, m, e in
            if m == "go" {
                e.send("timer", to: id, after: Time.second)
                e.end(id, .normal)
            }
        }
        engine.launch(id, by: .user)
        engine.send("go", to: id)
        engine.run(until: Time.minute)
        XCTAssertEqual(p.received, ["go"])
        XCTAssertEqual(engine.eventsDiscarded, 1)
    }

    func testReplyAddressedToARunReachesOnlyThatRun() {
        let engine = TestEngine()
        let b = Probe()
        let ib = engine.register(b, name: "B")
        engine.launch(ib, by: .user)
        let run1 = engine.incarnation(ib)
        XCTAssertEqual(run1, engine.record(ib).incarnation)
        engine.send("reply to run 1", to: ib, incarnation: run1, after: Time.second)
        engine.run(until: 2 * Time.second)
        XCTAssertEqual(b.received, ["reply to run 1"])

        engine.send("late reply to run 1", to: ib, incarnation: run1, after: 5 * Time.second)
        engine.end(ib, .terminatedBySystem)
        engine.launch(ib, by: .user)
        let run2 = engine.incarnation(ib)
        XCTAssertNotEqual(run1, run2)
        engine.send("reply to run 2", to: ib, incarnation: run2, after: 5 * Time.second)
        engine.run(until: Time.minute)
        XCTAssertEqual(b.received, ["reply to run 1", "reply to run 2"], "a reply to an ended run is lost")
        XCTAssertEqual(engine.eventsDiscarded, 1)
    }
}
