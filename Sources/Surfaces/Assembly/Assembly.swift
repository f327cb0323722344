import SimKernel
import Platform
@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms

/// Runs one replication (docs/model.md): builds a world from parameters and a seed, wires
/// its programs, runs it to `duration`, and reports its metrics.
public enum Replication {
    /// The names of a world's programs, as the event log prints them (`trace --only`).
    public static var programNames: [String] { SurfaceRegistry.programNames }

    /// Runs one replication. Deterministic for a given (parameters, seed); single-threaded;
    /// safe to call concurrently on different threads (each call builds its own world).
    /// With `series`, the result carries the bins of its metrics (`ReplicationResult.series`);
    /// without, nothing of them is recorded.
    public static func run(_ parameters: Parameters, seed: UInt64, trace: TraceLog? = nil,
                           checkInvariants: Bool = false, series: SeriesRequest? = nil) -> ReplicationResult {
        let world = World(parameters, seed: seed)
        if let series { world.measure.recordSeries(series) }
        let assembly = Assembly(world: world)
        world.engine.trace = trace
        for observer in world.measure.observers { observer.trace = trace }
        if trace != nil {
            // Counters of the surfaces that are on, and of the phone's power (docs/cli.md#trace).
            for observer in world.measure.observers where observer.surfaceIsOn {
                observer.stalenessCounter = "staleness " + observer.name
            }
            world.measure.sampleStaleness()
            world.os.samplePowerState()
        }
        world.engine.checksInvariants = checkInvariants
        assembly.start()
        world.engine.run(until: parameters.duration)
        let result = assembly.report()
        world.dismantle()
        return result
    }
}

/// The programs of one world, registered with the engine in a fixed order. Each program
/// declares in its own folder how it is wired (`AssembledProgram`): its name, the input its
/// replies reach it as, and how it starts; the assembly builds, registers and starts them.
package final class Assembly {
    /// Each program's input type's identity, in registration order: a port typed by an input is
    /// connected to the program at that input's place (`Peers`). Two programs never accept the
    /// same input type.
    private static let inputIdentifiers: [ObjectIdentifier] = {
        let inputs = SurfaceRegistry.programTypes.map { ObjectIdentifier($0.inputType) }
        precondition(Set(inputs).count == inputs.count, "two built-in programs accept the same input type: a port to it would be ambiguous")
        return inputs
    }()
    /// Each program type's identity, in registration order (what `index(of:)` looks a type up in).
    private static let programIdentifiers = SurfaceRegistry.programTypes.map { ObjectIdentifier($0) }

    /// The order in which the platform tells its listeners a notice, and ends the phone's app
    /// processes on a restart: the order these programs had before they declared their own
    /// wiring, kept so that same-instant lines of a trace stay where they were. A program not
    /// listed (one added later) comes after these, in registration order.
    static let noticeOrder = ["pushService", "widgetHost", "shareSheet", "watchLink"]
    static let endingOrder = ["app", "widgetProvider", "shareExtension", "actionRunner"]

    /// Each program's place in `noticeOrder` and in `endingOrder`, by process index (the
    /// unlisted after the listed): computed once, so wiring a world compares no names.
    private static let noticeRank = SurfaceRegistry.programNames.map { noticeOrder.firstIndex(of: $0) ?? noticeOrder.count }
    private static let endingRank = SurfaceRegistry.programNames.map { endingOrder.firstIndex(of: $0) ?? endingOrder.count }

    /// Sorts `items` (in registration order) by their programs' `rank`, stably (ties keep
    /// registration order): an insertion sort, the lists having a handful of items.
    private static func inTellingOrder<Item>(_ items: inout [Item], by rank: [Int], _ process: (Item) -> ProcessID) {
        func r(_ item: Item) -> Int { rank[Int(process(item).index)] }
        for i in items.indices.dropFirst() {
            var j = i
            while j > 0 && r(items[j - 1]) > r(items[j]) {
                items.swapAt(j - 1, j)
                j -= 1
            }
        }
    }

    let world: World
    /// The programs, in registration order (as `SurfaceRegistry.programTypes` lists their types).
    let programs: [any AssembledProgram]

    init(world w: World) {
        world = w
        let setup = ProgramSetup(w)
        programs = SurfaceRegistry.programTypes.map { $0.init(setup) }
        // Each program is registered under its own name; the network delivers its replies as
        // its own input, if it declares one.
        var wiring = Wiring(engine: w.engine, programs: SurfaceRegistry.programTypes.count)
        // The parameters read out of the world once (read in the loop, the whole struct was
        // copied out for each program).
        let parameters = w.p
        for program in programs { program.register(&wiring, parameters: parameters) }
        // Each program's context and ports: a port typed by an input is connected to the one
        // program that accepts it.
        // Whether each surface is on is asked once per program, not once per port.
        let peers = Peers(engine: w.engine, entries: programs.indices.map {
            Peers.Entry(input: Self.inputIdentifiers[$0], program: unsafeDowncast(programs[$0], to: AnyProcess.self),
                        process: ProcessID(Int32($0)), present: SurfaceRegistry.programTypes[$0].isPresent(parameters))
        })
        for (i, program) in programs.enumerated() {
            program.connect(peers, as: ProcessID(Int32(i)), engine: w.engine)
        }
        Self.inTellingOrder(&wiring.system.noticeListeners, by: Self.noticeRank) { $0.process }
        Self.inTellingOrder(&wiring.system.phoneProcesses, by: Self.endingRank) { $0 }
        w.os.install(&wiring.system)   // handed over whole, not copied route by route
        // Each type is listed once (`index(of:)` finds a type's first place: a second one would be
        // registered and never reached), and registered at its place in the list (checked in debug
        // builds, so in the tests).
        assert(Set(Self.programIdentifiers).count == SurfaceRegistry.programTypes.count, "SurfaceRegistry.programTypes lists a type twice")
        assert((0..<w.engine.processCount).map { w.engine.record(ProcessID(Int32($0))).name } == SurfaceRegistry.programNames,
               "each program registers at its place in SurfaceRegistry.programTypes")
        // Every program that sends requests is counted under a surface (docs/model.md#backend-and-push).
        assert(w.os.wiredReplyRoutes.indices.allSatisfy { w.os.wiredReplyRoutes[$0] == nil || CostSurface.ofBuiltInProcess[$0] != nil },
               "a program that accepts replies declares no requestsCountUnder")
    }

    /// Where `type` is in `SurfaceRegistry.programTypes`: its program's process index.
    static func index(of type: any AssembledProgram.Type) -> Int {
        guard let i = programIdentifiers.firstIndex(of: ObjectIdentifier(type)) else {
            preconditionFailure("\(type) is not in SurfaceRegistry.programTypes")
        }
        return i
    }

    /// The address of the world's program of type `type`: what the chapter's probes and the
    /// tests send to, as the person or the system would (a program names its peers by its ports).
    func address<Input, Program: SimulatedProcess<Input> & AssembledProgram>(of type: Program.Type) -> Address<Input>
    where Program.Input == Input {
        let i = Self.index(of: type)
        return world.engine.address(of: unsafeDowncast(programs[i], to: type), registeredAs: ProcessID(Int32(i)))
    }

    /// The world's program of type `type` (each surface's folder names its own: `assembly.app`).
    func program<Program: AssembledProgram>(_ type: Program.Type) -> Program {
        unsafeDowncast(programs[Self.index(of: type)], to: type)   // checked in debug builds
    }

    /// Starts the programs as each declares (`AssembledProgram.startsAtTimeZero`): the system's
    /// own programs are launched, the app's state at time 0 is set up (the user signed in, a
    /// kept reading and the widget's projection), then they are started; then, in registration
    /// order, each surface the app has that runs all day is launched and started, and last
    /// those that are started without running (their first arrival launches them).
    func start() {
        let w = world
        let starts = programs.map { type(of: $0).startsAtTimeZero(w.p) }
        let process = { (i: Int) in ProcessID(Int32(i)) }
        for (i, start) in starts.enumerated() where start == .system { w.engine.launch(process(i), by: .system) }
        // The phone starts locked, after its first unlock (`DeviceState`'s own start).
        app.storeSession()         // signed in before the replication starts
        // The app has been used before the replication starts: it keeps a reading of the
        // account as it stood at time 0, and its projection is in the shared storage area.
        let initial = backend.snapshot
        app.keepInitialReading(initial)
        w.os.placeInitialProjection(initial)
        for (i, start) in starts.enumerated() where start == .system { programs[i].start() }
        for (i, start) in starts.enumerated() where start == .launched {
            w.engine.launch(process(i), by: .system)
            programs[i].start()
        }
        for (i, start) in starts.enumerated() where start == .startedNotRunning { programs[i].start() }
        w.measure.report(.holdsAccount(.television, w.p.tv.enabled && tv.signedIn))
        w.measure.report(.holdsAccount(.carClient, w.p.car.enabled && w.p.car.mode == .onCar))
    }
}
