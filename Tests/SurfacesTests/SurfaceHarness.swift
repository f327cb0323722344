import SimKernel
@testable import Platform
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

/// One surface's program alone, as `PlatformHarness` runs the platform alone (issue 42's harness
/// context): an engine, the operating system and a measurement layer of their own, the program
/// under test, and a recording peer for each of its ports. No `World`, no `Assembly`, no other
/// surface: what the program does is what it sends its peers, asks its system and reports.
final class SurfaceHarness<Program: SurfaceProgram<Input, State, Ports> & SetUpProgram, Input, State, Ports: ProgramPorts> {
    let engine = Engine()
    let os: OperatingSystem
    let measure: Measurement
    let program: Program
    let address: Address<Input>
    /// The recording peers, by the input type each accepts.
    private var recorders: [ObjectIdentifier: (program: AnyProcess, process: ProcessID, present: Bool)] = [:]

    /// `Program` built from parameters `p` and `seed`, registered first; `peers` lists a recorder
    /// per input type its ports name (`Recorder<BackendInput>()`…), registered after it and
    /// connected to its ports. The network hands a request to a recorder; the program's replies
    /// the test sends itself (`reply`).
    init(_ p: Parameters, seed: UInt64 = 1, peers: [any RecordingPeer]) {
        let truth = Truth()
        measure = Measurement(p, engine: engine, truth: truth, seed: seed)
        let changes = ChangeJourneys(truth: truth, measure: measure, engine: engine)
        let names = [String(describing: Program.self)] + peers.map { "peer\($0.order)" }
        os = OperatingSystem(PlatformSettings(p), engine: engine, observer: measure, custody: changes,
                             streams: SystemStreams.Names(programNames: names), seed: seed)
        program = Program(ProgramSetup(os: os, measure: measure, changes: changes, seed: seed))
        address = engine.register(program, name: names[0])
        for peer in peers {
            recorders[peer.inputIdentity] = (peer.process, peer.register(engine), true)
        }
        var wiring = SystemWiring()
        wiring.replyRoutes = Array(repeating: nil, count: 1 + peers.count)
        wiring.outboxLockGrants = Array(repeating: nil, count: 1 + peers.count)
        os.wiring = wiring
        let recorders = recorders
        let peers = Peers(engine: engine, entries: recorders.map {
            Peers.Entry(input: $0.key, program: $0.value.program, process: $0.value.process, present: $0.value.present)
        })
        program.connect(ProgramContext(me: address, engine: engine), Ports(peers))
        for peer in recorders.values { engine.launch(peer.process, by: .system) }
    }

    /// Sends the program `input` now (a reply, a notice).
    func send(_ input: Input, after delay: SimTime = 0) { engine.send(input, to: address, after: delay) }

    /// Runs until `time`.
    func run(until time: SimTime) { engine.run(until: time) }

    /// Frees the programs (they hold the system).
    func dismantle() {
        engine.unregisterAll()
        os.dismantle()
    }
}

/// A peer that records what it receives (`Recorder`), of any input type.
protocol RecordingPeer: AnyObject {
    var inputIdentity: ObjectIdentifier { get }
    var process: AnyProcess { get }
    var order: Int { get }
    func register(_ engine: Engine) -> ProcessID
}

/// A stand-in for a program of another surface or of the system: it records every input with
/// the time it arrived, and does nothing else.
final class Recorder<Input>: SimulatedProcess<Input>, RecordingPeer {
    private(set) var received: [(at: SimTime, input: Input)] = []
    private weak var engine: Engine?
    let order: Int
    init(_ order: Int = 0) { self.order = order }
    var inputIdentity: ObjectIdentifier { ObjectIdentifier(Input.self) }
    var process: AnyProcess { self }
    func register(_ engine: Engine) -> ProcessID {
        self.engine = engine
        return engine.register(self, name: "recorder\(order)").process
    }
    override func discardMemory() {}
    override func receive(_ input: Input, engine: Engine) { received.append((engine.now, input)) }
}
