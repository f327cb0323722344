import SimKernel
import Platform

/// What the assembly needs to know to wire a program of a surface, built in or added from outside, declared beside the program
/// in its own folder: how it is made, the name it is registered under, how the network hands
/// it replies, and how a replication starts it. `Assembly` builds every program from
/// `SurfaceRegistry.programTypes`, each registers itself from these declarations (`register(_:parameters:)`),
/// and the assembly starts them by what they declare: its start-up rules name no program
/// (the app's state at time 0 and the watch link service aside).
public protocol AssembledProgram: AnyObject, SetUpProgram {
    associatedtype Input
    /// Registers it with its world's engine under `programName` and records in `wiring` its
    /// reply route, its notice route under parameters `p` and whether it is a phone process.
    /// Every program uses the one implementation below (a requirement only so that the
    /// assembly can call it on each program of its list).
    func register(_ wiring: inout Wiring, parameters p: Parameters)
    /// Its name: what the event log prints and `trace --only` takes.
    static var programName: String { get }
    /// The name its per-program random streams are seeded by (`network.from.<streamName>`,
    /// docs/model.md#randomness): by default its `programName`. A program renamed declares its
    /// old name here, so that the rename moves no figure (`StreamNamesTests` pins every one).
    static var streamName: String { get }
    /// The route the replies to its requests take: a program that sends requests declares its
    /// input a `ReplyInput`, and its replies reach it as its `.reply(_:)`, called directly with
    /// no closure in between; nil for a program that sends none.
    static func replyRoute(to address: Address<Input>) -> Route<Reply>?
    /// The surface its requests are counted under in the backend's load (`backend.requests.<surface>`);
    /// nil for a program that sends none. Every program whose input is a `ReplyInput` has one.
    static var requestsCountUnder: CostSurface? { get }
    /// The input a platform notice (network, first unlock, restart, update) reaches it as, if
    /// it listens for them with parameters `p`; nil when it does not.
    static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> Input)?
    /// The input it is launched for by a platform notice, if the system launches it for one
    /// with parameters `p` (it need not run until then: `startsAtTimeZero` `.notStarted`); nil
    /// when it is not. A run that is going gets the notice as an event.
    static func launchedByNotice(_ p: Parameters) -> ((DeviceNotice) -> Input)?
    /// What else it hears from the operating system with parameters `p`: the routes it gives
    /// the system (`SystemWiring`: the server requests reach, the app's foreground and launches,
    /// the widget host's reload requests, what reaches the watch…), each turning the system's
    /// payload into one of its own inputs. The default hears nothing more.
    static func hears(_ system: inout SystemWiring, at address: Address<Input>, _ p: Parameters)
    /// Whether it is one of the phone's app processes, which a restart, an update or the
    /// phone switching off ends.
    static var endsWithThePhone: Bool { get }
    /// How it starts when a replication with parameters `p` starts. Required (no default), so
    /// a new program cannot be left out of the start-up by forgetting it.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart
    /// Whether its surface is on in a world with parameters `p`: a port typed by its input that
    /// may be left unconnected (`Peers.peerIfPresent`) is connected only then. By default true.
    static func isPresent(_ p: Parameters) -> Bool
    /// Starts its own arrivals and timers (called when `startsAtTimeZero` is not `.notStarted`).
    func start()
    /// Hands it its context at `process` and its ports connected to `peers`, once every program
    /// is registered: a `SurfaceProgram`'s own `connect(_:as:engine:)`; a system process of the
    /// platform has neither, and the default does nothing. A requirement, so that the assembly
    /// calls each program's own, specialised for its state and ports, with no cast to find it.
    func connect(_ peers: Peers, as process: ProcessID, engine: Engine)
}

/// A program of a surface (a `SurfaceProgram`, or a system process of the platform): built from
/// what a `ProgramSetup` hands it, never from the world itself.
public protocol SetUpProgram {
    /// A new program built with `setup`, not yet registered or started (each replication
    /// builds its own).
    init(_ setup: ProgramSetup)
}

extension AssembledProgram {
    /// The type of what it accepts: the assembly connects a port typed by it to this program.
    @_spi(Assembly) public static var inputType: Any.Type { Input.self }
    public static func replyRoute(to address: Address<Input>) -> Route<Reply>? { nil }
    public static var requestsCountUnder: CostSurface? { nil }
    public static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> Input)? { nil }
    public static func launchedByNotice(_ p: Parameters) -> ((DeviceNotice) -> Input)? { nil }
    public static func hears(_ system: inout SystemWiring, at address: Address<Input>, _ p: Parameters) {}
    public static var endsWithThePhone: Bool { false }
    public func start() {}
    public func connect(_ peers: Peers, as process: ProcessID, engine: Engine) {}
    public static var streamName: String { programName }
    public static func isPresent(_ p: Parameters) -> Bool { true }
}

extension AssembledProgram {
    public func register(_ wiring: inout Wiring, parameters p: Parameters) {
        // Every program is the simulated process of its input (a class constraint the protocol
        // cannot state: it would be recursive); checked in debug builds.
        let address = wiring.engine.register(unsafeDowncast(self, to: SimulatedProcess<Input>.self), name: Self.programName)
        let index = Int(address.process.index)
        if let route = Self.replyRoute(to: address) { wiring.system.replyRoutes[index] = route }
        if let notice = Self.noticeInput(p) { wiring.system.noticeListeners.append(Route(to: address, as: notice)) }
        if let launch = Self.launchedByNotice(p) { wiring.system.noticeLaunches.append(LaunchRoute(to: address, as: launch)) }
        if Self.endsWithThePhone { wiring.system.phoneProcesses.append(address.process) }
        Self.hears(&wiring.system, at: address, p)
    }
}

extension AssembledProgram where Input: ReplyInput {
    public static func replyRoute(to address: Address<Input>) -> Route<Reply>? {
        Route(to: address, wrapping: RepliesAs<Input>.self)
    }
}

/// What registering the programs gathers from their declarations, in registration order
/// (the assembly's own: a program hands it on to `register(_:parameters:)` and reads nothing of it).
public struct Wiring {
    let engine: Engine
    /// What the operating system delivers to the programs along their routes: each program's
    /// replies (by process index), the device's notices, the phone's app processes a restart
    /// ends, and what each program `hears`.
    package var system = SystemWiring()

    package init(engine: Engine, programs: Int) {
        self.engine = engine
        system.replyRoutes = Array(filledWith: nil, count: programs)
        system.outboxLockGrants = Array(filledWith: nil, count: programs)
        system.noticeListeners.reserveCapacity(programs)
        system.phoneProcesses.reserveCapacity(programs)
    }
}

/// How a program starts when a replication does (`AssembledProgram.startsAtTimeZero`).
public enum ProgramStart: Equatable, Sendable {
    /// Not at all: other programs or the platform launch it when they need it (the app, the provider).
    case notStarted
    /// One of the system's own programs (the backend, the device, the user…): launched first,
    /// before the app's state at time 0 is set up, and started after.
    case system
    /// Launched by the system at time 0 and started: a surface the app has that runs all day.
    case launched
    /// Started without running: its arrivals are scheduled, and the first of them launches it
    /// (a car that lives while connected, a watch app that lives when looked at).
    case startedNotRunning
}
