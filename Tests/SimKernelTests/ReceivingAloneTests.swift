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
}
