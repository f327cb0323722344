import XCTest
import SimKernel

/// A trace record as one comparable line (TraceRecord has no public initialiser).
private func line(_ r: TraceRecord) -> String { line(r.time, r.process, r.event, r.details) }
private func line(_ time: SimTime, _ process: String, _ event: String, _ details: String) -> String {
    "\(time) \(process) \(event) \(details)"
}

final class TraceTests: XCTestCase {
    func testNoTraceMeansNoRecordsAndNoStringsBuilt() {
        let engine = TestEngine()
        XCTAssertNil(engine.trace, "tracing is off by default")
        let id = engine.register(Probe(), name: "p")
        engine.launch(id, by: .user)
        var built = 0
        func details() -> String { built += 1; return "expensive" }
        engine.log(id, "event", details())
        engine.end(id, .normal)
        XCTAssertEqual(built, 0, "details are not built when no log is attached")
        XCTAssertNil(engine.trace)
    }

    func testTraceRecordsLaunchEndAndLogLines() {
        let engine = TestEngine()
        let trace = TraceLog()
        engine.trace = trace
        let id = engine.register(Probe(), name: "widget")
        engine.run(until: 7)
        engine.launch(id, by: .widgetHost)
        var built = 0
        func details() -> String { built += 1; return "d" }
        engine.log(id, "render", details())
        XCTAssertEqual(built, 1)
        engine.end(id, .suspended)
        engine.launch(id, by: .user)
        engine.end(id, .forceQuit)
        XCTAssertEqual(trace.records.map(line), [
            line(7, "widget", "launched", "widgetHost"),
            line(7, "widget", "render", "d"),
            line(7, "widget", "ended", "suspended"),
            line(7, "widget", "resumed", "user"),
            line(7, "widget", "ended", "forceQuit"),
        ])
    }

    func testTimeBudgetIsTraced() {
        let engine = TestEngine()
        let trace = TraceLog()
        engine.trace = trace
        let id = engine.register(Probe(), name: "ext", limits: ProcessLimits(timeBudget: 30 * Time.second))
        engine.launch(id, by: .shareSheet)
        engine.run(until: Time.minute)
        XCTAssertEqual(trace.records.map(\.event), ["launched", "timeBudget", "ended"])
        XCTAssertEqual(trace.records.last.map(line), line(30 * Time.second, "ext", "ended", "killedForTime"))
    }

    func testCapacityLimitsTheLog() {
        let log = TraceLog(capacity: 3)
        for k in 0..<10 { log.record(SimTime(k), "p", "e\(k)", "") }
        XCTAssertEqual(log.records.map(\.event), ["e0", "e1", "e2"])
        XCTAssertEqual(log.capacity, 3)
    }

    /// A delivery names the program whose run sent it and when; a program's own timer and an
    /// input sent from outside any run name none. A program launched for an input sent from a
    /// run names that run, and what the launcher sends after the launch is still the launcher's.
    func testDeliveriesNameTheirSender() {
        let engine = TestEngine()
        let trace = TraceLog()
        engine.trace = trace
        let a = Probe(), b = Probe(), c = Probe()
        let ia = engine.register(a, name: "a"), ib = engine.register(b, name: "b"), ic = engine.register(c, name: "c")
        a.onReceive = { _, message, engine in
            guard message == "go" else { return }
            engine.send("ping", to: ib, after: 5)
            engine.send("tick", to: ia, after: 2)
            engine.launch(ic, by: .user, first: "job")
            engine.send("after", to: ib, after: 1)
        }
        engine.launch(ia, by: .user)
        engine.launch(ib, by: .user)
        engine.send("go", to: ia, after: 10)
        engine.run(until: 100)
        let deliveries = trace.records.filter { $0.event == "receive" }
        XCTAssertEqual(deliveries.map { "\($0.time) \($0.process) \($0.details) \($0.sender ?? "-") \($0.sentAt)" }, [
            "10 a go - 0",
            "10 c job a 10",
            "11 b after a 10",
            "12 a tick - 0",
            "15 b ping a 10",
        ])
    }

    /// Counters keep their samples in the order taken, apart from the records.
    func testCountersAreSampledApartFromRecords() {
        let log = TraceLog()
        log.sample(5, "widget budget left", 55)
        log.sample(7, "staleness widget", 1.5, .ramp)
        XCTAssertEqual(log.counters.map(\.name), ["widget budget left", "staleness widget"])
        XCTAssertEqual(log.counters.last?.change, .ramp)
        XCTAssertTrue(log.records.isEmpty)
    }
}
