import XCTest
@testable import SimKernel

/// A payload that counts how many of its kind are alive: an input an inbox holds must be
/// released when it is delivered or dropped, never kept or freed twice.
final class CountedPayload {
    nonisolated(unsafe) static var alive = 0
    let value: Int
    init(_ value: Int) { self.value = value; Self.alive += 1 }
    deinit { Self.alive -= 1 }
}

/// What the counting program accepts: a timer and a payload-carrying message.
enum CountingInput {
    case tick
    case carry(CountedPayload)
}

final class CountingProgram: SimulatedProcess<CountingInput> {
    var received: [Int] = []
    override func receive(_ input: CountingInput, engine: Engine) {
        if case .carry(let p) = input { received.append(p.value) }
    }
    override func discardMemory() {}
}

/// Inputs of the kind the models declare, for the event log's text.
enum TracedKind { case sync }
struct TracedReply { var kind: TracedKind; var data: Int32 }
enum TracedInput { case reply(TracedReply), started(seed: UInt64?), hint(at: SimInstant) }

/// A program that sets its next tick at every tick, 10,000 times.
final class Ticker: SimulatedProcess<CountingInput> {
    var me: Address<CountingInput>!
    var ticks = 0
    override func receive(_ input: CountingInput, engine: Engine) {
        ticks += 1
        if ticks < 10_000 { engine.send(.tick, to: me, after: 1) }
    }
    override func discardMemory() {}
}

final class InboxTests: XCTestCase {
    /// Every input sent is released exactly once: delivered ones after their handler, those
    /// sent to a run that ended when their event is discarded, and those still pending when
    /// the world is taken apart.
    func testEveryInputIsReleasedOnceWhetherDeliveredDroppedOrPending() {
        XCTAssertEqual(CountedPayload.alive, 0)
        do {
            let engine = Engine()
            let program = CountingProgram()
            let address = engine.register(program, name: "counting")
            engine.launch(address, by: .system)
            for k in 0..<300 { engine.send(.carry(CountedPayload(k)), to: address, after: SimTime(k) * Time.second) }
            engine.run(until: 99 * Time.second + 1)                  // 100 delivered
            XCTAssertEqual(program.received, Array(0..<100))
            engine.end(address, .forceQuit)                          // 100 more sent to the ended run
            engine.launch(address, by: .user)
            for k in 300..<310 { engine.send(.carry(CountedPayload(k)), to: address, at: 150 * Time.second) }
            engine.run(until: 199 * Time.second + 1)
            XCTAssertEqual(program.received, Array(0..<100) + Array(300..<310), "inputs to the ended run are discarded")
            XCTAssertEqual(engine.eventsDiscarded, 100)
            XCTAssertEqual(CountedPayload.alive, 100, "only the 100 still pending are alive")
            engine.unregisterAll()
            XCTAssertEqual(CountedPayload.alive, 0, "taking the world apart releases pending inputs")
        }
        XCTAssertEqual(CountedPayload.alive, 0)
    }

    /// Slots are allocated with the first input and reused: a program that always has one
    /// input pending (a timer it sets again at every tick) keeps using one slot, however many
    /// events it handles.
    func testSlotsAreReused() {
        let engine = Engine()
        let ticker = Ticker()
        ticker.me = engine.register(ticker, name: "ticker")
        engine.launch(ticker.me, by: .system)
        XCTAssertEqual(ticker.inbox.capacity, 0, "no slots are allocated before the first input")
        engine.send(.tick, to: ticker.me, after: 1)
        engine.run(until: 20_000)
        XCTAssertEqual(engine.eventsDispatched, 10_000)
        XCTAssertEqual(ticker.inbox.used, 1, "one slot was ever handed out")
        XCTAssertEqual(ticker.inbox.capacity, 16, "the first allocation was never outgrown")
        XCTAssertEqual(ticker.inbox.count, 0, "nothing is pending after the last tick")
    }

    /// The event log prints an input as its case and named fields, without module or type
    /// prefixes or `Optional(…)`.
    func testTraceTextReadsAsTheInputIsDeclared() {
        XCTAssertEqual(TraceText.describe(TracedInput.reply(TracedReply(kind: .sync, data: 3))), "reply(TracedReply(kind: sync, data: 3))")
        XCTAssertEqual(TraceText.describe(TracedInput.started(seed: nil)), "started(seed: nil)")
        XCTAssertEqual(TraceText.describe(TracedInput.started(seed: 12)), "started(seed: 12)")
        XCTAssertEqual(TraceText.describe(TracedInput.hint(at: SimInstant(1_800_000_000))), "hint(at: 1800.0 s)")
        XCTAssertEqual(TraceText.describe(-1.5), "-1.5")
    }
}
