import SimKernel
import Platform

/// What an added surface may use of one replication's world (docs/extending.md#the-context):
/// the engine, to register, launch and message its programs; its own random streams; its
/// parameter values; and the platform services open to it: the backend over the network,
/// the shared storage area, the truth for its measures. Nothing else of the world is reachable,
/// so an added surface cannot change what a built-in program sees except through these.
///
/// A program of the surface keeps the context as built-in programs keep their world: a
/// strong reference, dropped with the programs at the end of the replication.
public final class SurfaceContext {
    let world: World
    /// The backend, which gives each added program its own stream of write-processing times.
    private let backend: Backend
    let replicationSeed: UInt64
    /// The surface's name (`SurfaceExtension.name`).
    public let surfaceName: String
    /// The values of the surface's parameters in this replication.
    public let parameters: SurfaceParameters

    init(world: World, backend: Backend, surface: any SurfaceExtension, replicationSeed: UInt64) {
        self.world = world
        self.backend = backend
        self.replicationSeed = replicationSeed
        surfaceName = surface.name
        parameters = SurfaceParameters(surface.parameters, of: world.p)
    }

    /// The engine: send inputs to the surface's programs (`engine.send(_:to:after:)`), end them,
    /// read the process table (docs/model.md#the-kernel).
    public var engine: Engine { world.engine }
    /// Simulated time now.
    public var now: SimTime { world.now }
    /// The replication's length (`duration`).
    public var duration: SimTime { world.p.duration }
    /// The start of measurement (`observe.warmup`): samples taken before it are left out by convention.
    public var warmup: SimTime { world.p.observe.warmup }
    /// Whether the warm-up is over.
    public var measuring: Bool { world.measuring }

    /// A random stream of the surface's own, named `<surface>.<purpose>` and seeded by that
    /// name and the replication seed (docs/model.md#randomness): one per source of randomness
    /// the surface models, so a design of the surface never shifts another source's draws.
    public func randomStream(_ purpose: String) -> RandomStream {
        RandomStream(replicationSeed: replicationSeed, name: "\(surfaceName).\(purpose)")
    }

    /// Registers `program` with the engine as `name` (the surface's name, or `<surface>.<part>`),
    /// after every built-in program, and returns its address. The platform gives it the
    /// per-program streams every program has (its requests' round trips, its storage
    /// operations), seeded by `name`, so no built-in program is reseeded. `replies`: how the
    /// network delivers the backend's replies to it, as its own input (nil: it sends no requests).
    /// Call it from `SurfaceExtension.install(in:)`, before the world starts.
    public func register<Input>(_ program: SimulatedProcess<Input>, name: String,
                                replies: ((Reply) -> Input)? = nil) -> Address<Input> {
        let e = world.engine
        precondition(ExtensionChecks.isProgramName(name, of: surfaceName),
                     "a program of '\(surfaceName)' is named '\(surfaceName)' or '\(surfaceName).<part>', not '\(name)'")
        precondition(!(0..<e.processCount).contains { e.record(ProcessID(Int32($0))).name == name },
                     "a program named '\(name)' is registered already")
        precondition(e.now == 0 && e.pendingEvents == 0, "programs are registered before the world starts")
        let address = e.register(program, name: name)
        backend.addProcess(named: name)
        world.os.wireAddedProcess(named: name, replies: replies.map { Route(to: address, as: $0) })
        return address
    }

    /// The platform launches the program (by the system, like the built-in surfaces that run
    /// from the start), with `limits` (nil: its registered limits). False if it was running.
    @discardableResult
    public func launch<Input>(_ address: Address<Input>, limits: ProcessLimits? = nil) -> Bool {
        world.engine.launch(address, by: .system, limits: limits)
    }

    /// Asks the backend for the account's status (its compact, screen-shaped endpoint), with
    /// the surface's own session, over its device's own network (`overPhoneNetwork`: the
    /// phone's, which can be offline, when the reply is a failure at once). The reply arrives
    /// as the program's own input, built by the `replies` it was registered with, one round
    /// trip (`network.latency`, drawn from the program's stream) later (docs/model.md#backend-and-push).
    public func fetchStatus<Input>(for address: Address<Input>, overPhoneNetwork: Bool = false) {
        let backendAddress = world.engine.address(of: backend, registeredAs: ProcessID(Int32(Assembly.index(of: Backend.self))))
        world.platform.network.request(.compactFetch, from: address, to: backendAddress, credential: .addedSurface,
                      online: overPhoneNetwork ? nil : true)
    }

    /// The data a reply carries (the backend's applied changes, read at `readAt`), if any.
    public func data(of reply: Reply) -> DataCopy? { world.platform.network.data(of: reply) }

    /// Reads the projection the app keeps in the shared storage area (docs/model.md#shared-storage):
    /// nil when the area was not granted or its protection class keeps it closed now
    /// (`widget.dataProtection` against the lock state), or nothing was written.
    public func readSharedProjection() -> DataCopy? { world.platform.sharedStorage.readProjection()?.data }

    /// The staleness of `data` now (docs/metrics.md): 0 if it includes every change made so
    /// far, else now − when the earliest change it lacks was made (the truth's own measure).
    public func staleness(of data: DataCopy) -> SimTime { world.truth.staleness(of: data.changes, at: world.now) }

    /// Sends `input` to `address` at the next arrival of a Poisson process of `rate` (with its
    /// hourly profile) drawn from `rng`; false when that falls past the end of the replication.
    @discardableResult
    public func scheduleArrival<Input>(rate: Rate, rng: inout RandomStream, _ input: Input, to address: Address<Input>) -> Bool {
        world.scheduleArrival(rate: rate, rng: &rng, input, to: address)
    }
}
