import SimKernel
import Platform

/// One replication: the engine, the platform (device, shared storage area, push and
/// widget budgets), the truth, the observers, and the programs wired together (docs/model.md).
///
/// Programs hold a reference to the world as to their operating system: they call its
/// platform services (storage, network, launching) and reach other programs only by
/// messages through the engine.
final class World {
    // The stored properties of the world, its observers and its programs are marked
    // `@exclusivity(unchecked)` in release builds: one replication runs on one thread, and
    // the compiler cannot prove statically that accesses through class references never
    // overlap, so it would check each one at run time (a third of a study's time). Debug
    // builds, and so the tests, keep the checks and would catch an overlapping access.
    let p: Parameters
    let engine = Engine()
    /// The same engine, held unmanaged: sending through it (`send`) costs no reference
    /// counting per event (the world holds the engine strongly above).
    let engineRef: Unmanaged<Engine>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var rng: RandomStreams
    let truth = Truth()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var device = DeviceState()
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
    var outbox = OutboxFile()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The projection schema the installed app version writes and its widget reads.
    var schemaVersion: Int32 = 1

    /// The measurement layer: observers, counts and samples, which programs report to and
    /// never read.
    let measure: Measurement
    /// The operating system the programs run on (docs/model.md): its services and state.
    let os: OperatingSystem

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The main app's own container (docs/model.md#kept-readings).
    var appStorage: AppStorage
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The car's own storage (docs/model.md#car-lifetime): what outlives a run of its program.
    var carStorage = CarStorage()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The watch's own storage (docs/model.md#watch-app-lifetime): what outlives a run of its app.
    var watchStorage = WatchStorage()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The television's own storage (docs/model.md#television-lifetime): what outlives a run of its program.
    var tvStorage = TelevisionStorage()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The widget extension's own container (what its provider runs keep between them).
    var widgetContainer = WidgetContainer()

    // State of the other surfaces that the platform can see.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The watch link service (WatchConnectivity), called by both apps as an OS API.
    var watchLinkService: WatchLink!
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Glances at the widget and at the app, taken without events.
    var widgetGlances: DeferredGlances
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var appGlances: DeferredGlances
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The keep-alives the platform granted the app (an app-driven live status, a projected car).
    var keepAlive = KeepAliveGrants()
    // Process addresses, set by `Assembly`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var ids: ProcessAddresses!
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// System programs told of platform notices (network, unlock, restart, update).
    var noticeListeners: [Route<DeviceNotice>] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The phone's app processes, ended by a restart or an update.
    var phoneProcesses: [ProcessID] = []

    init(_ p: Parameters, seed: UInt64) {
        self.p = p
        engineRef = Unmanaged.passUnretained(engine)
        rng = RandomStreams(seed: seed)
        shared = SharedStorageArea(granted: p.storage.appGroupGranted,
                                   projectionProtection: p.widget.dataProtection.protectionClass,
                                   sessionProtection: p.session.protection.protectionClass)
        widgetGlances = DeferredGlances(rate: p.observe.widgetGlances, end: p.duration)
        appGlances = DeferredGlances(rate: p.observe.appGlances, end: p.duration)
        measure = Measurement(p, engine: engine, truth: truth)
        os = OperatingSystem(p, engine: engine, truth: truth, measure: measure)
        appStorage = AppStorage(lifetime: p.app.keepReadingsFor, canKeep: p.device.hasSecureStorage, warmup: p.observe.warmup)
        os.runs(in: self)
    }

    /// Ends the world: its programs hold strong references to it (so that calling a
    /// platform service costs no reference counting), and the engine and the watch link
    /// hold the programs; dropping them here lets the whole world be freed.
    func dismantle() {
        engine.unregisterAll()
        watchLinkService = nil
        ids = nil
        os.dismantle()
        noticeListeners = []
    }

    @inline(__always) var now: SimTime { engine.now }

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
    @inline(__always) var measuring: Bool { engine.now >= p.observe.warmup }

    // MARK: Arrivals

    /// Schedules `message` to `pid` at the next arrival of a Poisson process of `perDay`
    /// events a day drawn from `rng`, if it falls within the replication. The surfaces'
    /// world events (shares, drives, activities, phone out of reach…) arrive this way.
    func scheduleArrival<Input>(perDay: Double, rng: inout RandomStream, _ input: Input, to address: Address<Input>) {
        guard perDay > 0 else { return }
        let t = now + SimTime(rng.exponential(mean: Double(Time.day) / perDay))
        if t < p.duration { send(input, to: address, at: t) }
    }

    /// Schedules `message` to `pid` at the next arrival of a Poisson process of `rate` (with
    /// its hourly profile) drawn from `rng`; returns false when that falls past the replication.
    @discardableResult
    func scheduleArrival<Input>(rate: Rate, rng: inout RandomStream, _ input: Input, to address: Address<Input>) -> Bool {
        let t = PoissonArrivals.next(after: now, rate: rate, rng: &rng)
        guard t < p.duration else { return false }
        send(input, to: address, at: t)
        return true
    }

    // MARK: Launching programs

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Whether the main app is in the foreground (glances at the app due before a change see the old state).
    var appInForeground = false {
        willSet {
            catchUpAppGlances(through: now)
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

    /// Launches (or resumes) the main app in the background for a wake, with the
    /// background run-time budget, and sends it `reason`. One rule for every background
    /// launcher (docs/platform-facts.md#background-launches): a switched-off phone runs
    /// nothing, and an app the user force-quit is not launched in the background by
    /// anything (a push, background refresh, the watch, a finished transfer) until the
    /// user opens it again. The result is false when there is no wake. `carScene`: the car
    /// connection launches the app's car scene, which the user chose on the car's screen.
    @discardableResult
    func wakeAppInBackground(_ launcher: Launcher, for reason: MainAppInput, carScene: Bool = false) -> Bool {
        guard device.poweredOn else { return false }
        if !engine.isRunning(ids.app) {
            guard carScene || !device.appForceQuit else { return false }
            reclaimIfDue()
            engine.launch(ids.app, by: launcher, limits: ProcessLimits(timeBudget: p.app.backgroundBudget))
        }
        send(reason, to: ids.app)
        return true
    }

    /// Whether a message from the watch can reach the phone app: it is running, or the
    /// system would launch it for the message.
    /// A phone asleep (a power-saving period, a Doze idle window) launches nothing for it.
    var appCanRunForWatch: Bool {
        engine.isRunning(ids.app) || (device.poweredOn && !device.appForceQuit && !phoneAsleep)
    }

    /// The phone is on and in reach but will not launch the app in the background: asleep in a
    /// power-saving period or a Doze idle window (docs/model.md#watch).
    var phoneAsleep: Bool { device.lowPower || device.dozing }

    /// The user opens the main app: from the home screen (`bySurface` nil), or because a
    /// surface's design took them there (a deep link, a share handed over, an action, an
    /// activity started, playback cast from the phone). Sessions of the second kind draw their
    /// length from the opening surface's own stream, so a design never shifts the user's own
    /// sessions, nor one surface's the sessions another opened.
    func openAppInForeground(_ launcher: Launcher = .user, bySurface surface: ProcessID? = nil) {
        // A surface's attempt takes its session's seed whether or not a session starts, so one
        // design holding the app in front never shifts the sessions another surface opens. The
        // seed (odd, so never 0, which marks the user's own sessions) travels with the message.
        let surfaceSessionSeed = surface.map { rng.sessionsOpenedBy[Int($0.index)].next() | 1 }
        if appInForeground { return }
        reclaimIfDue()
        device.appForceQuit = false
        device.pushTokenStale = false      // the app registers for push again when it runs
        unlock()
        appInForeground = true
        if engine.isRunning(ids.app) {
            engine.liftTimeBudget(ids.app)     // a background task becomes the foreground run
        } else {
            engine.launch(ids.app, by: launcher, limits: ProcessLimits.none)
        }
        send(.userOpensApp, to: ids.app)
        if p.watch.enabled { watchLinkService?.phoneAppActivated() }
        send(.sessionStarted(surfaceSeed: surfaceSessionSeed), to: ids.user)
    }

    /// The user unlocks the phone (also the first unlock after a restart).
    func unlock() {
        let first = !device.unlockedSinceBoot
        let wasLocked = device.locked
        setLocked(false)
        device.unlockedSinceBoot = true
        if first { broadcast(.firstUnlock) }
        // The screen comes on: Doze ends (docs/model.md#power).
        if wasLocked && p.device.doze { send(.screenOn, to: ids.device) }
    }

    /// Tells the system programs that react to platform notices.
    func broadcast(_ notice: DeviceNotice) {
        for route in noticeListeners { send(notice, via: route) }
    }
}

/// The widget extension's own container: a provider run is short-lived, so what it learns
/// for the next run is kept here.
struct WidgetContainer {
    /// A provider run once found the shared session entry (so its absence means signed out).
    var sessionEntrySeen = false
}

/// The addresses of one world's programs, each typed by the input it accepts. Plain data
/// (no arrays or closures), so reading an address costs no reference counting.
struct ProcessAddresses {
    let backend: Address<BackendInput>
    let pushService: Address<PushServiceInput>
    let device: Address<DeviceInput>
    let user: Address<UserInput>
    let elsewhere: Address<OtherDeviceInput>
    let glances: Address<GlanceInput>
    let widgetHost: Address<WidgetHostInput>
    let provider: Address<WidgetProviderInput>
    let app: Address<MainAppInput>
    let live: Address<LiveStatusInput>
    let watchLink: Address<WatchLinkInput>
    let watch: Address<WatchAppInput>
    let share: Address<ShareExtensionInput>
    let shareSheet: Address<ShareSheetInput>
    let actions: Address<AutomationsInput>
    let actionRunner: Address<ActionRunnerInput>
    let instant: Address<InstantVersionInput>
    let car: Address<CarInput>
    let tv: Address<TelevisionInput>
}

extension Protection {
    /// The platform's protection class for this parameter value.
    var protectionClass: ProtectionClass {
        switch self {
        case .always: return .always
        case .afterFirstUnlock: return .afterFirstUnlock
        case .whenUnlocked: return .whenUnlocked
        }
    }
}
