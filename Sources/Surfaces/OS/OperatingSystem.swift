import SimKernel
import Platform

/// The operating system of one replication (docs/model.md): the platform's services and
/// state that the programs run on, apart from the world that assembles them. Each program holds
/// it strongly as `let os` (the world's `os`) and calls its services the way an app calls its
/// platform's APIs; programs reach each other only by messages through the engine. One file
/// per service: `Network.swift` (requests, reply routes and the snapshot table),
/// `AppLifecycle.swift` (the app's foreground, background launches, reclaim, force-quit,
/// standby bucket), `Device.swift` (lock, notices, power), `Storage.swift` (the shared storage area, the
/// outbox file in it and its lock, and each program's own container), `SharedOutbox.swift` (the
/// changes the outbox file holds), `WidgetCenter.swift` (reload requests), `PairedDevices.swift`
/// (the systems on the watch, the car and the television), `WatchConnectivity.swift` (the
/// watch link), `SystemMessages.swift` (requests
/// that reach system programs: the push service, the backend), `BackgroundTransfers.swift`
/// (requests the system sends for the app) and `ReadingsKey.swift` (the secure-storage key
/// that seals the app's kept readings).
///
/// It runs in its world: it holds the world's engine, parameters, measurement layer and
/// changes' journeys strongly (the world owns it, and none of them holds it), and never the
/// world itself. The random streams it draws are its own (`rng`, `SystemStreams`).
final class OperatingSystem {
    // Stored properties are marked `@exclusivity(unchecked)` in release builds, as the
    // world's are (see `World`): one replication runs on one thread.
    let p: Parameters
    let engine: Engine
    /// The same engine, held unmanaged: sending through it costs no reference counting.
    let engineRef: Unmanaged<Engine>
    /// The measurement layer, which the platform reports to (what the shared storage area holds).
    let measure: Measurement
    /// The changes' journeys (the world's), which the outbox file in the shared storage area
    /// takes part in (`SharedOutbox.swift`).
    let changes: ChangeJourneys
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var assignedIDs: ProcessAddresses?
    /// The programs' addresses (set by `Assembly` before anything runs). Read without the
    /// optional's check and copy: reading one address out of the implicitly unwrapped optional
    /// copied all of them first (an outlined copy per read on the hot path).
    var ids: ProcessAddresses {
        @inline(__always) get { assignedIDs.unsafelyUnwrapped }
        set { assignedIDs = newValue }
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The phone's state (lock, first unlock, network, force-quit, power saving and Doze) and
    /// the platform's records that programs share through it.
    var device = DeviceState()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The keep-alives the platform granted the app (an app-driven live status, a projected car).
    var keepAlive = KeepAliveGrants()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The background transfer service (`BackgroundTransfers.swift`): the app's sign-out revocation it holds.
    var transfers = BackgroundTransfers()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The key in secure storage that seals the app's kept readings (`ReadingsKey.swift`).
    var readingsKey = ReadingsKey()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The watch link service's state (`WatchConnectivity.swift`), which both apps call.
    var watchConnectivity: WatchConnectivity
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The programs told of platform notices (network, unlock, restart, update), each as the
    /// input it declares (`AssembledProgram.noticeInput`), in `Assembly.noticeOrder`.
    var noticeListeners: [Route<DeviceNotice>] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The phone's app processes, ended by a restart or an update, in `Assembly.endingOrder`.
    var phoneProcesses: [ProcessID] = []

    // MARK: Storage (Storage.swift)

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The shared storage area; the measurement layer hears what it holds after every write
    /// (the share and action leaks last while it holds the first account: docs/model.md#sign-out).
    var shared: SharedStorageArea {
        didSet {
            measure.sharedStorageHolds(firstAccountSession: shared.session?.account == Account.first,
                                       firstAccountData: shared.projection?.data.account == Account.first)
        }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The outbox file in the shared storage area, and its lock.
    var outbox = OutboxFile()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The projection schema the installed app version writes and its widget reads.
    var schemaVersion: Int32 = 1

    // MARK: The main app's lifecycle (AppLifecycle.swift)

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Whether the main app is in the foreground (glances at the app due before a change see the old state).
    var appInForeground = false {
        willSet {
            measure.catchUpAppGlances(through: now, appInForeground: appInForeground)
            if appInForeground && !newValue { appLastUsed = now }
        }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When the user last had the main app in the foreground (the replication starts just after
    /// a use): what Android's standby bucket is drawn from (docs/model.md#power).
    var appLastUsed: SimTime = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When the system reclaims the app if it is still suspended then.
    var appReclaimAt: SimTime = Time.never

    // MARK: The network (Network.swift)

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Where the network delivers a reply, by the sending process's index (set by `Assembly`).
    var replyRoutes: [Route<Reply>?] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Data carried by messages, by index (cleared with the world).
    var snapshots: [DataCopy] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Views carried by messages, by index.
    var viewsInFlight: [View] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The lists of objects and name versions that copies of the data name (`DataCopy.objects`,
    /// `.names`), each content once: written by the backend as its objects change.
    var lists = ListTable()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The system's random streams (round trips, storage times, reclaiming, the television's
    /// pushes, sessions).
    var rng: SystemStreams

    /// The system of the replication seeded `seed` (which seeds the network's streams).
    init(_ p: Parameters, engine: Engine, measure: Measurement, changes: ChangeJourneys, seed: UInt64) {
        self.p = p
        rng = SystemStreams(seed: seed)
        self.engine = engine
        engineRef = Unmanaged.passUnretained(engine)
        self.measure = measure
        self.changes = changes
        shared = SharedStorageArea(granted: p.storage.appGroupGranted,
                                   projectionProtection: p.widget.dataProtection.protectionClass,
                                   sessionProtection: p.session.protection.protectionClass)
        watchConnectivity = WatchConnectivity(replicationSeed: seed)
        // Room for a day's messages from the start (a widget-path day encloses about 70 views
        // and 40 copies of data): the tables grow by doubling, each time a new block and a copy.
        snapshots.reserveCapacity(Self.snapshotsReserved)
        if p.widget.enabled { viewsInFlight.reserveCapacity(Self.viewsReserved) }
    }

    /// The room the snapshot table and the views in flight have at the start of a replication
    /// (they grow past it as needed).
    static let snapshotsReserved = 64, viewsReserved = 128

    /// Drops what holds the programs (routes to them), so the world can be freed.
    func dismantle() {
        assignedIDs = nil
        replyRoutes = []
        noticeListeners = []
    }

    @inline(__always) var now: SimTime { engine.now }

    /// Sends `input` to the program at `address` after `delay` (the engine's `send`, without reference counting).
    @inline(__always)
    func send<Input>(_ input: Input, to address: Address<Input>, after delay: SimTime = 0) {
        engineRef._withUnsafeGuaranteedRef { $0.send(input, to: address, after: delay) }
    }

    /// Schedules `input` to the program at `address` at the next arrival of a Poisson process of
    /// `perDay` events a day drawn from `rng`, if it falls within the replication (the world's
    /// events arrive this way, and the phone's periods out of the watch's reach).
    func scheduleArrival<Input>(perDay: Double, rng: inout RandomStream, _ input: Input, to address: Address<Input>) {
        guard perDay > 0 else { return }
        let t = now + SimTime(rng.exponential(mean: Double(Time.day) / perDay))
        if t < p.duration { engineRef._withUnsafeGuaranteedRef { $0.send(input, to: address, at: t) } }
    }

    /// Sends a payload along a route (to the process's current run).
    @inline(__always)
    func send<Payload>(_ payload: Payload, via route: Route<Payload>, after delay: SimTime = 0) {
        engineRef._withUnsafeGuaranteedRef { $0.send(payload, via: route, after: delay) }
    }

    /// Sends a payload along a route to one run of its process (a reply to a request).
    @inline(__always)
    func send<Payload>(_ payload: Payload, via route: Route<Payload>, incarnation: UInt32, after delay: SimTime) {
        engineRef._withUnsafeGuaranteedRef { $0.send(payload, via: route, incarnation: incarnation, after: delay) }
    }
}
