import XCTest
import SimKernel

/// A process that receives alone (`SimulatedProcess.init(receivesAlone:)`): the engine hands
/// each input to its `receive(_:)`, and the first input of a launch to `receive(_:engine:)`.
final class ReceivingAloneTests: XCTestCase {
    /// Records which of its handlers each input reached.
    private final class Alone: SimulatedProcess<String> {
        var alone: [String] = []
        var withEngine: [String] = []
        init() { super.init(receivesAlone: true) }
        override func receive(_ input: String) { alone.append(input) }
        override func receive(_ input: String, engine: Engine) { withEngine.append(input) }
        override func discardMemory() {}
    }

    func testEventsReachReceiveAloneAndALaunchsFirstInputReceiveWithEngine() {
        let engine = TestEngine()
        let process = Alone()
        let address = engine.register(process, name: "alone")
        engine.launch(address, by: .user, first: "first")
        engine.send("timer", to: address, after: Time.second)
        engine.send("message", to: address, after: 2 * Time.second)
        engine.run(until: Time.minute)
        XCTAssertEqual(process.alone, ["timer", "message"])
        XCTAssertEqual(process.withEngine, ["first"])
    }

    func testAProcessMadeWithoutItReceivesWithTheEngine() {
        let engine = TestEngine()
        let probe = Probe()
        let address = engine.register(probe, name: "probe")
        engine.launch(address, by: .user)
        engine.send("timer", to: address, after: Time.second)
        engine.run(until: Time.minute)
        XCTAssertEqual(probe.received, ["timer"])
    }

    /// Records which form of `launched` and `ended` each launch and end reached.
    private final class AloneLifecycle: SimulatedProcess<String> {
        var calls: [String] = []
        init() { super.init(receivesAlone: true) }
        override func receive(_ input: String) {}
        override func discardMemory() {}
        override func launched(by launcher: Launcher, resumed: Bool) { calls.append(resumed ? "resumed" : "launched") }
        override func launched(by launcher: Launcher, resumed: Bool, engine: Engine) { calls.append("launched with engine") }
        override func ended(_ reason: ProcessEnd) { calls.append("ended \(reason)") }
        override func ended(_ reason: ProcessEnd, engine: Engine) { calls.append("ended with engine") }
    }

    func testAProcessThatReceivesAloneIsLaunchedAndEndedWithoutTheEngine() {
        let engine = TestEngine()
        let process = AloneLifecycle()
        let address = engine.register(process, name: "alone")
        engine.launch(address, by: .user)
        engine.end(address.process, .suspended)
        engine.launch(address, by: .user)
        engine.end(address.process, .normal)
        XCTAssertEqual(process.calls, ["launched", "ended suspended", "resumed", "ended normal"])
    }
}
