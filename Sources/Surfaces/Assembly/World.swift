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

/// One replication's assembly (docs/model.md): its parameters, the engine, the random streams,
/// the truth, the measurement layer, the operating system (`os`, the `Platform` module's
/// `OperatingSystem`) and the addresses of the programs wired together by `Assembly`, and their
/// teardown (`dismantle`).
///
/// Programs hold the measurement layer and changes' journeys they use, strongly, and the
/// operating system's capabilities they declare (`PlatformCapabilities`: `network.…`,
/// `sharedStorage.…`, `appLaunch.…`), never the system itself; they report to the measurement layer (`measure.…`), record their changes' journeys (`changes.…`),
/// and reach other programs only by messages through the engine
/// (`send`). The world holds assembly only: what a program does is in the program's folder
/// (the main app's points of contact with the other surfaces are `MainApp+Surfaces.swift`, its
/// sign-out `MainApp+SignOut.swift`), a platform mechanism is the operating system's, and the
/// glances taken without events are the measurement layer's (`Measurement+Glances.swift`).
final class World {
    // The stored properties of the world, its system, its observers and its programs are marked
    // `@exclusivity(unchecked)` in release builds: one replication runs on one thread, and
    // the compiler cannot prove statically that accesses through class references never
    // overlap, so it would check each one at run time (a third of a study's time). Debug
    // builds, and so the tests, keep the checks and would catch an overlapping access.
    let p: Parameters
    let engine = Engine()
    /// The same engine, held unmanaged: sending through it (`send`) costs no reference
    /// counting per event (the world holds the engine strongly above).
    let engineRef: Unmanaged<Engine>
    /// The replication's seed, which programs seed their own streams from (docs/model.md#randomness).
    let seed: UInt64
    let truth = Truth()
    /// The changes' journeys: programs record there the changes they make, hold and let go.
    let changes: ChangeJourneys
    /// The measurement layer: observers, counts and samples, which programs report to and
    /// never read.
    let measure: Measurement
    /// The operating system the programs run on (docs/model.md): its services and state.
    let os: OperatingSystem
    /// Its capabilities, as the programs get them (`ProgramSetup`): what the probes and the
    /// outside door ask of the platform, as a program would.
    var platform: PlatformCapabilities { PlatformCapabilities(os) }

    init(_ p: Parameters, seed: UInt64) {
        self.p = p
        engineRef = Unmanaged.passUnretained(engine)
        self.seed = seed
        measure = Measurement(p, engine: engine, truth: truth, seed: seed)
        changes = ChangeJourneys(truth: truth, measure: measure, engine: engine)
        os = OperatingSystem(PlatformSettings(p), engine: engine, observer: measure, custody: changes,
                             streams: Self.systemStreamNames, seed: seed)
    }

    /// Ends the world: its programs hold strong references to it, its operating system, its
    /// measurement layer and its changes' journeys (so that a call costs no reference counting),
    /// and the engine, which those hold in turn, and
    /// the system (the watch link service, the routes) hold the programs; dropping them here
    /// lets the whole world be freed.
    func dismantle() {
        engine.unregisterAll()
        os.dismantle()
    }

    /// The name hashes of the system's per-program streams, for the built-in programs: made once.
    private static let systemStreamNames = SystemStreams.Names(programNames: SurfaceRegistry.streamNames)

    @inline(__always) var now: SimTime { engine.now }

    /// Calls the engine without reference counting (the world holds it strongly above):
    /// `world.withEngine { $0.end(…) }` costs no retain and release around the call, as a call
    /// through `world.engine` does.
    @inline(__always) func withEngine<R>(_ body: (Engine) -> R) -> R { engineRef._withUnsafeGuaranteedRef(body) }

    /// Sends `input` to the program at `address` after `delay` (the engine's `send`, without
    /// reference counting: every program sends through its world).
    @inline(__always)
    func send<Input>(_ input: Input, to address: Address<Input>, after delay: SimTime = 0) {
        engineRef._withUnsafeGuaranteedRef { $0.send(input, to: address, after: delay) }
    }

    /// Sends `input` to the program at `address` at time `time` (not before now).
    @inline(__always)
    func send<Input>(_ input: Input, to address: Address<Input>, at time: SimTime) {
        engineRef._withUnsafeGuaranteedRef { $0.send(input, to: address, at: time) }
    }

    @inline(__always) var measuring: Bool { engine.now >= p.observe.warmup }

    // MARK: Arrivals

    /// Schedules `message` to `pid` at the next arrival of a Poisson process of `perDay`
    /// events a day drawn from `rng`, if it falls within the replication (the system's timer,
    /// `WorldArrivals`). The surfaces' world events (shares, drives,
    /// activities…) arrive this way.
    @inline(__always)
    func scheduleArrival<Input>(perDay: Double, rng: inout RandomStream, _ input: Input, to address: Address<Input>) {
        platform.arrivals.schedule(perDay: perDay, rng: &rng, input, to: address)
    }

    /// Schedules `message` to `pid` at the next arrival of a Poisson process of `rate` (with
    /// its hourly profile) drawn from `rng`; returns false when that falls past the replication.
    @discardableResult
    func scheduleArrival<Input>(rate: Rate, rng: inout RandomStream, _ input: Input, to address: Address<Input>) -> Bool {
        platform.arrivals.schedule(rate: rate, rng: &rng, input, to: address)
    }
}

extension ProgramSetup {
    /// What `world`'s programs are built with.
    convenience init(_ world: World) {
        self.init(os: world.os, measure: world.measure, changes: world.changes, seed: world.seed)
    }
}
