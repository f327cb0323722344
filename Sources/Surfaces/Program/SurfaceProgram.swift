import SimKernel
import Platform

/// What a program of a surface, built in or added from outside, is built with (docs/extending.md#the-one-door): the capabilities of
/// the operating system it runs on (each program keeps only those it declares; the system
/// itself stays with the assembly), the measurement layer it reports to and never reads, the
/// study's parameters and the replication's seed (which its own random streams are seeded from). The assembly makes one
/// from its world; a test makes one from a platform and a measurement layer of its own
/// (`Tests/SurfacesTests/SurfaceHarness.swift`), so a surface's programs run alone.
///
/// A class, so that handing it to each program's initialiser costs a reference, not a copy of
/// every parameter.
public final class ProgramSetup {
    /// Where a program obtains the OS capabilities it declares (it keeps only those; the
    /// system itself stays with the assembly).
    public let platform: PlatformCapabilities
    /// The measurement layer it reports to and never reads (its surface's signals: `measure.signals(_:)`).
    public let measure: Measurement
    /// The changes' journeys, where a program records the changes it makes, holds and lets go.
    public let changes: ChangeJourneys
    /// The study's parameters at this point (a program keeps its own surface's). Stored here,
    /// copied once per world: a constant of a final class, read in place, where reading them
    /// through the measurement layer's getter copied the whole struct for each read (retaining
    /// and releasing every reference it holds).
    public let parameters: Parameters
    /// The replication's seed, which the program's own random streams are seeded from with their names.
    public let seed: UInt64

    /// The setup of programs reporting to `measure`, whose parameters they read.
    package init(os: OperatingSystem, measure: Measurement, changes: ChangeJourneys, seed: UInt64) {
        (self.measure, self.changes, self.seed) = (measure, changes, seed)
        parameters = measure.p
        platform = PlatformCapabilities(os)
    }
}

/// A program of a surface, built in or added from outside (docs/extending.md#the-one-door): what every program has,
/// declared once here rather than in each program. Its state is one struct (`State`: its
/// memory, its storage and its random streams), its peers one struct of ports (`Ports`),
/// and it reaches the simulation through its `context` only.
///
/// Its state is unchecked for exclusivity in release builds, here once: one replication runs
/// on one thread, and the compiler cannot prove that accesses through a class reference never
/// overlap, so it would check each at run time. A program's module is not this one, and an
/// access compiled there to the stored property would be checked whatever its attribute, so a
/// program reaches its state through `@inlinable` accessors compiled here, where
/// `@exclusivity(unchecked)` holds. Debug builds, and so the tests, keep the checks, which
/// would catch an overlapping access.
open class SurfaceProgram<Input, State, Ports: ProgramPorts>: SimulatedProcess<Input> {
    /// The measurement layer it reports to and never reads.
    public final let measure: Measurement
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Everything it keeps (read and written through `state`).
    @usableFromInline final var storedState: State
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Its context and ports, once the assembly connected it.
    @usableFromInline final var storedConnection: (context: ProgramContext<Input>, ports: Ports)?
    /// Everything it keeps: its memory, its storage, its random streams. (`@inlinable`
    /// accessors: an access compiled in a program's own module to the stored property would be
    /// checked for exclusivity at run time, since `@exclusivity(unchecked)` is known only here;
    /// through these, compiled here and inlined there, it is not.)
    @inlinable public final var state: State {
        _read { yield storedState }
        _modify { yield &storedState }
    }
    @inlinable final var connection: (context: ProgramContext<Input>, ports: Ports)? {
        _read { yield storedConnection }
        _modify { yield &storedConnection }
    }

    /// A program built with `setup`, holding `state`; connected when the assembly registers it.
    /// (`@inlinable`: made in the surface's module, where its input type is known, so the
    /// engine's dispatch to it is specialised for that type.)
    @inlinable public init(_ setup: ProgramSetup, state: State) {
        measure = setup.measure
        storedState = state
        super.init(receivesAlone: true)
    }


    /// Handles one input (every program overrides it). The engine calls it directly, without
    /// handing it the engine: a program reaches the simulation through its `context` only.
    open override func receive(_ input: Input) {
        preconditionFailure("\(type(of: self)) does not override receive(_:)")
    }
    /// Its run was launched by `launcher` (or resumed from suspension): by default nothing to do.
    /// (The engine calls it directly: a program receives alone.)
    open override func launched(by launcher: Launcher, resumed: Bool) {}
    /// Its run ended for `reason` (its memory is already gone): by default nothing to do.
    open override func ended(_ reason: ProcessEnd) {}

    /// The first input of a launch (`Engine.launch(_:by:limits:first:)`), the kernel's one call
    /// with the engine: it stops here. (The engine calls a program's `launched(by:resumed:)` and
    /// `ended(_:)` directly; the forms with the engine only forward, and cannot be overridden.)
    public final override func receive(_ input: Input, engine: Engine) { receive(input) }
    public final override func launched(by launcher: Launcher, resumed: Bool, engine: Engine) { launched(by: launcher, resumed: resumed) }
    public final override func ended(_ reason: ProcessEnd, engine: Engine) { ended(reason) }

    /// Its context (its address, the clock, its timers). Read without the optional's check in
    /// release builds: it is connected before the replication runs.
    @inlinable public final var context: ProgramContext<Input> {
        @inline(__always) get { connection.unsafelyUnwrapped.context }
    }

    /// Its peers, connected at assembly.
    @inlinable public final var ports: Ports {
        @inline(__always) get { connection.unsafelyUnwrapped.ports }
    }

    /// Hands it its context and its ports (a test harness).
    @inlinable final func connect(_ context: ProgramContext<Input>, _ ports: Ports) {
        connection = (context, ports)
    }

    /// Hands it its context at `process` and its ports connected to `peers` (the assembly, once
    /// every program is registered: what each program's `AssembledProgram.connect` is).
    /// (`@inlinable`: compiled in the program's own module, where its input, state and ports
    /// are known, rather than once for every program, which looked up the metadata of its
    /// context, its connection's tuple and their optional at run time, for each program of
    /// each replication.)
    @inlinable public final func connect(_ peers: Peers, as process: ProcessID, engine: Engine) {
        connect(ProgramContext(me: engine.address(of: self, registeredAs: process), engine: engine), Ports(peers))
    }
}
