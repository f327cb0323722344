import SimKernel

/// The operating system of one replication (docs/model.md#the-operating-system): the platform's
/// services and state that the programs run on. Each program is handed it (`let os`) and calls its
/// services the way an app calls its platform's APIs; programs reach each other only by messages
/// through the engine. It names no program of the app: what it tells a program goes along the
/// routes the programs gave it when they were assembled (`SystemWiring`), what it reads of the
/// study's design is its own `PlatformSettings`, and what it does that the measurement layer
/// records it reports through `PlatformObserver` and `ChangeCustody`. One file per service:
/// `Network.swift` (requests, reply routes and the snapshot table), `AppLifecycle.swift` (the
/// app's foreground, background launches, reclaim, force-quit, standby bucket), `Device.swift`
/// (lock, notices, power), `Storage.swift` (the shared storage area, the outbox file in it and
/// its lock), `SharedOutbox.swift` (the changes the outbox file holds), `WidgetCenter.swift`
/// (reload requests), `Alarms.swift` (the alarms a program sets for itself),
/// `PairedDevices.swift` (the systems on the watch, the car and the television),
/// `CarConnection.swift` (a projected car's connection to the phone app),
/// `WatchConnectivity.swift` (the watch link), `WatchLink.swift` (the link's own process),
/// `SystemMessages.swift` (what reaches the push service), `ActivityKit.swift` (the app's live
/// activities: started, updated, ended, the pushed updates' budget, the time limit), `KeepAlives.swift` (the keep-alives
/// programs ask for and the app is told of), `BackgroundTransfers.swift` (the
/// app's sign-out revocation, held until the backend confirms it), `ReadingsKey.swift` (the
/// secure-storage key that seals the app's kept readings), `AppSettings.swift` (the app's
/// settings in the phone's Settings app) and `AppExtensions.swift` (the app's extensions the
/// system launches for a job).
///
/// It holds the engine and the observers it reports to strongly, and the app's preferences
/// (`AppSettings.swift`); it holds no program (its routes reach programs by addresses that hold
/// no reference). The engine holds the system's own processes
/// (the push service, the widget host, the watch link), which hold the system strongly: a
/// world is freed only after `engine.unregisterAll()` and `dismantle()`. The random streams
/// it draws are its own (`rng`, `SystemStreams`).
public final class OperatingSystem {
    // Stored properties are marked `@exclusivity(unchecked)` in release builds, as the
    // programs' are: one replication runs on one thread. Each is stored as `_name` and reached
    // through an inlinable accessor `name`: a program in another module that touched the
    // stored property itself would check every access at run time (the attribute is honoured
    // only by the module that declares the property), about a fifth of a study's time.

    /// What the system reads of the study's design (docs/scenarios.md), fixed for the replication.
    public let settings: PlatformSettings
    @usableFromInline let engine: Engine
    /// The same engine, held unmanaged: sending through it costs no reference counting.
    @usableFromInline let engineRef: Unmanaged<Engine>
    /// The measurement layer, which hears what the platform does that it records (the shared
    /// storage area's contents, the app's foreground, a suspension).
    @usableFromInline let observer: any PlatformObserver
    /// The changes' journeys: the network, the outbox file and the watch link hold changes.
    @usableFromInline let custody: any ChangeCustody

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _wiring: SystemWiring = SystemWiring()
    /// Where the system delivers what it tells the programs (set by the assembly before
    /// anything runs, dropped by `dismantle`).
    @inlinable var wiring: SystemWiring {
        @inline(__always) get { _wiring }
        @inline(__always) set { _wiring = newValue; dropCells() }
        @inline(__always) _modify { yield &_wiring; dropCells() }
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The boxes of the routes the system sends along often (`RouteCell.swift`), made at their
    /// first use from the wiring: the replies by the requester's process index, the widget
    /// extension's launch, the app's silent pushes; and every box made, kept alive here.
    @usableFromInline var replyCells: [ReplyCell.Ref?] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var providerCell: ProviderCell.Ref?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var silentPushCell: SilentPushCell.Ref?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var cells: [AnyObject] = []

    /// The wiring changed: the boxes made from it are dropped (made again at their next use).
    @usableFromInline func dropCells() {
        replyCells = []
        providerCell = nil
        silentPushCell = nil
        cells = []
    }

    /// Keeps `cell` alive and returns it unmanaged.
    @usableFromInline func keep<Route>(_ cell: RouteCell<Route>) -> RouteCell<Route>.Ref {
        cells.append(cell)
        return Unmanaged.passUnretained(cell)
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _device: DeviceState = DeviceState()
    /// The phone's state (lock, first unlock, network, force-quit, power saving and Doze): read by
    /// every program, changed only by the system's own services (`Device.swift`,
    /// `AppLifecycle.swift`).
    @inlinable var device: DeviceState {
        @inline(__always) get { _device }
        @inline(__always) set { _device = newValue }
        @inline(__always) _modify { yield &_device }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The keep-alives the platform granted the app (an app-driven live status, a projected
    /// car): the system's own record, which programs neither read nor set; they ask for a
    /// keep-alive and the app is told (`KeepAlives.swift`).
    var keepAliveGrants: KeepAliveGrants = KeepAliveGrants()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// ActivityKit's record of the app's live activities (`ActivityKit.swift`): programs reach it
    /// only through ActivityKit's calls.
    var activityKit: ActivityKitState = ActivityKitState()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The car connection's record (`CarConnection.swift`).
    var carConnection: CarConnectionState = CarConnectionState()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _transfers: BackgroundTransfers = BackgroundTransfers()
    /// The background transfer service (`BackgroundTransfers.swift`): the app's sign-out revocation it holds.
    @inlinable var transfers: BackgroundTransfers {
        @inline(__always) get { _transfers }
        @inline(__always) set { _transfers = newValue }
        @inline(__always) _modify { yield &_transfers }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _readingsKey: ReadingsKey = ReadingsKey()
    /// The key in secure storage that seals the app's kept readings (`ReadingsKey.swift`).
    @inlinable var readingsKey: ReadingsKey {
        @inline(__always) get { _readingsKey }
        @inline(__always) set { _readingsKey = newValue }
        @inline(__always) _modify { yield &_readingsKey }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _watchConnectivity: WatchConnectivity
    /// The watch link service's state (`WatchConnectivity.swift`), which both apps call.
    @inlinable var watchConnectivity: WatchConnectivity {
        @inline(__always) get { _watchConnectivity }
        @inline(__always) set { _watchConnectivity = newValue }
        @inline(__always) _modify { yield &_watchConnectivity }
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The app's preferences, which a change in the phone's Settings app is written into
    /// (`AppSettings.swift`); dropped by `dismantle`.
    @usableFromInline var _appSettings: (any AppSettingsDomain)?

    // MARK: Storage (Storage.swift)

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _shared: SharedStorageArea
    /// The shared storage area; the measurement layer hears whether it holds the first
    /// account's data when a write changes that (`sharedStorageWritten`; the share and action
    /// leaks last while it does: docs/model.md#sign-out), not at every write.
    @inlinable var shared: SharedStorageArea {
        @inline(__always) get { _shared }
        set { _shared = newValue; sharedStorageWritten() }
        _modify { yield &_shared; sharedStorageWritten() }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _outbox: OutboxFile = OutboxFile()
    /// The outbox file in the shared storage area, and its lock.
    @inlinable var outbox: OutboxFile {
        @inline(__always) get { _outbox }
        @inline(__always) set { _outbox = newValue }
        @inline(__always) _modify { yield &_outbox }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _schemaVersion: Int32 = 1
    /// The projection schema the installed app version writes and its widget reads: read by the
    /// app, its widget and its actions, changed only by an app update (`Device.swift`).
    @inlinable var schemaVersion: Int32 {
        @inline(__always) get { _schemaVersion }
        @inline(__always) set { _schemaVersion = newValue }
        @inline(__always) _modify { yield &_schemaVersion }
    }

    // MARK: The main app's lifecycle (AppLifecycle.swift)

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _appInForeground = false
    /// Whether the main app is in the foreground (glances at the app due before a change see the
    /// old state). Set only by the system's own services (`openAppInForeground`,
    /// `appLeavesForeground`).
    @inlinable public internal(set) var appInForeground: Bool {
        @inline(__always) get { _appInForeground }
        set {
            observer.appForegroundWillChange(at: now, wasInForeground: _appInForeground)
            if _appInForeground && !newValue { _appLastUsed = now }
            if _appInForeground != newValue { observer.platformDid(.appForeground(newValue)) }
            _appInForeground = newValue
        }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _appLastUsed: SimTime = 0
    /// When the user last had the main app in the foreground (the replication starts just after
    /// a use): what Android's standby bucket is drawn from (docs/model.md#power).
    @inlinable var appLastUsed: SimTime {
        @inline(__always) get { _appLastUsed }
        @inline(__always) set { _appLastUsed = newValue }
        @inline(__always) _modify { yield &_appLastUsed }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When the system reclaims the app if it is still suspended then.
    var appReclaimAt: SimTime = Time.never

    // MARK: The network (Network.swift)

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _snapshots: [DataCopy] = []
    /// Data carried by messages, by entry (`SnapshotID.index`) (cleared with the world): read by
    /// the programs a message names an entry to, written only through the system (`os.enclose`).
    @inlinable var snapshots: [DataCopy] {
        @inline(__always) get { _snapshots }
        @inline(__always) set { _snapshots = newValue }
        @inline(__always) _modify { yield &_snapshots }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _viewsInFlight: [View] = []
    /// Views carried by messages, by entry (`ViewID.index`): written only by the system
    /// (`os.enclose`, as the widget extension's provider hands its view over), read by the widget host.
    @inlinable var viewsInFlight: [View] {
        @inline(__always) get { _viewsInFlight }
        @inline(__always) set { _viewsInFlight = newValue }
        @inline(__always) _modify { yield &_viewsInFlight }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _lists: ListTable = ListTable()
    /// The lists of objects and name versions that copies of the data name (`DataCopy.objects`,
    /// `.names`), each content once: written by the backend as its objects change.
    @inlinable var lists: ListTable {
        @inline(__always) get { _lists }
        @inline(__always) set { _lists = newValue }
        @inline(__always) _modify { yield &_lists }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _rng: SystemStreams
    /// The system's random streams (round trips, storage times, reclaiming, sessions).
    @inlinable var rng: SystemStreams {
        @inline(__always) get { _rng }
        @inline(__always) set { _rng = newValue }
        @inline(__always) _modify { yield &_rng }
    }

    /// The system of the replication seeded `seed` (which seeds its streams), reporting to
    /// `observer` and `custody`.
    /// `streams` names the programs' per-program streams (`SystemStreams.Names`, made once).
    public init(_ settings: PlatformSettings, engine: Engine, observer: any PlatformObserver, custody: any ChangeCustody,
                streams: SystemStreams.Names, seed: UInt64) {
        self.settings = settings
        _rng = SystemStreams(streams, seed: seed)
        self.engine = engine
        engineRef = Unmanaged.passUnretained(engine)
        self.observer = observer
        self.custody = custody
        _shared = SharedStorageArea(granted: settings.appGroupGranted,
                                   projectionProtection: settings.projectionProtection,
                                   sessionProtection: settings.sessionProtection)
        _watchConnectivity = WatchConnectivity(replicationSeed: seed)
        // Room for a day's messages from the start (a widget-path day encloses about 70 views
        // and 40 copies of data): the tables grow by doubling, each time a new block and a copy.
        _snapshots.reserveCapacity(Self.snapshotsReserved)
        if settings.widgetsShown { _viewsInFlight.reserveCapacity(Self.viewsReserved) }
    }

    /// The shared storage area was written: the measurement layer hears what it holds now, when
    /// that changed (it starts holding neither: `reportedSharedHolds`). Inlined into the writer,
    /// so that the usual write, which changes nothing the layer hears, calls nothing (a call
    /// retained and released the system around it).
    @inlinable @inline(__always) func sharedStorageWritten() {
        let holds = (session: _shared.session?.account == .first, data: _shared.projection?.data.account == .first)
        if holds != reportedSharedHolds { reportSharedHolds(holds) }
    }

    /// Tells the measurement layer what the shared storage area holds now (`sharedStorageWritten`).
    @usableFromInline @inline(never) func reportSharedHolds(_ holds: (session: Bool, data: Bool)) {
        reportedSharedHolds = holds
        observer.sharedStorageHolds(firstAccountSession: holds.session, firstAccountData: holds.data)
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// What the measurement layer last heard the shared storage area holds of the first account.
    @usableFromInline var reportedSharedHolds = (session: false, data: false)

    /// The room the snapshot table and the views in flight have at the start of a replication
    /// (they grow past it as needed).
    static let snapshotsReserved = 64, viewsReserved = 128

    /// Drops the routes and the boxes that keep them (their addresses hold no reference), so that
    /// nothing sends along a route to a program of an ended world, and the app's preferences.
    public func dismantle() {
        _wiring = SystemWiring()
        _appSettings = nil
        dropCells()
    }

    /// The time now.
    @inlinable @inline(__always) var now: SimTime { engine.now }

    /// Sends `input` to the program at `address` after `delay` (the engine's `send`, without reference counting).
    @inlinable @inline(__always)
    func send<Input>(_ input: Input, to address: Address<Input>, after delay: SimTime = 0) {
        engineRef._withUnsafeGuaranteedRef { $0.send(input, to: address, after: delay) }
    }

    /// Schedules `input` to the program at `address` at the next arrival of a Poisson process of
    /// `perDay` events a day drawn from `rng`, if it falls within the replication (the world's
    /// events arrive this way, and the phone's periods out of the watch's reach).
    @inlinable
    func scheduleArrival<Input>(perDay: Double, rng: inout RandomStream, _ input: Input, to address: Address<Input>) {
        guard perDay > 0 else { return }
        // The gap is compared before it becomes a time: at a tiny rate it may exceed any time.
        let gap = rng.exponential(mean: Double(Time.day) / perDay)
        guard gap < Double(settings.duration - now) else { return }
        let t = now + SimTime(gap)
        engineRef._withUnsafeGuaranteedRef { $0.send(input, to: address, at: t) }
    }

    /// Schedules `input` to the program at `address` at the next arrival of a Poisson process of
    /// `rate` (with its hourly profile) drawn from `rng`; returns false, scheduling nothing, when
    /// that falls past the replication.
    /// (`@inlinable` for the input's type only: the draw is `nextArrival(rate:rng:)`, compiled
    /// once here rather than again in every program's module.)
    @inlinable @discardableResult
    func scheduleArrival<Input>(rate: Rate, rng: inout RandomStream, _ input: Input, to address: Address<Input>) -> Bool {
        guard let t = nextArrival(rate: rate, rng: &rng) else { return false }
        engineRef._withUnsafeGuaranteedRef { $0.send(input, to: address, at: t) }
        return true
    }

    /// The next arrival after now of a Poisson process of `rate` (with its hourly profile)
    /// drawn from `rng`; nil when it falls past the replication.
    @usableFromInline
    func nextArrival(rate: Rate, rng: inout RandomStream) -> SimTime? {
        let t = PoissonArrivals.next(after: now, rate: rate, rng: &rng)
        return t < settings.duration ? t : nil
    }

    /// Sends a payload along a route (to the process's current run).
    @inlinable @inline(__always)
    func send<Payload>(_ payload: Payload, via route: Route<Payload>, after delay: SimTime = 0) {
        engineRef._withUnsafeGuaranteedRef { $0.send(payload, via: route, after: delay) }
    }

    /// Sends a payload along a route to one run of its process (a reply to a request).
    @inlinable @inline(__always)
    func send<Payload>(_ payload: Payload, via route: Route<Payload>, incarnation: UInt32, after delay: SimTime) {
        engineRef._withUnsafeGuaranteedRef { $0.send(payload, via: route, incarnation: incarnation, after: delay) }
    }
}
