import SimKernel

/// Every parameter of one replication, with the `ios` profile's defaults (docs/scenarios.md).
/// Durations are simulated microseconds; random durations are distributions in seconds;
/// sizes are bytes. Each field is reachable by a dotted path through `ParameterCatalog`.
public struct Parameters: Sendable {
    public var duration: SimTime = Time.day
    public var seed: UInt64 = 1
    public var replications: Int = 100
    public var platform: String = "ios"
    /// Common random numbers across sweep points: every point uses the same replication seeds.
    public var commonRandomNumbers = true

    public var observe = Observe()
    public var user = User()
    public var elsewhere = Elsewhere()
    public var network = Network()
    public var device = Device()
    public var storage = Storage()
    /// Where the app keeps its session (`session.*`): the app's own design, which no other
    /// program reads (the others look the shared entry up), so only the app's programs and the
    /// assembly import it (`@_spi(AppDesign) import SurfaceCore`).
    @_spi(AppDesign) public var session = Session()
    public var app = App()
    public var signout = Signout()
    /// Each surface's own parameters (`widget.…`, `tv.…`), by the type its folder declares;
    /// the surface reads them through the property it declares beside that type (`tv`).
    public var ofSurfaces = ParametersOfSurfaces()
    /// The values of the parameters of surfaces added from outside, by path; a path not
    /// here has its declared default (docs/extending.md#parameters).
    public var addedValues: [String: ParameterValue] = [:]

    public init() {}

    public struct Observe: Sendable {
        public var warmup: SimTime = Time.hour
        public var staleAfter: SimTime = 15 * Time.minute
        public var widgetGlances = Rate(perHour: 4)
        public var liveGlances = Rate(perHour: 6)
        public var watchGlances = Rate(perHour: 3)
        /// Glances at the app while it is in the foreground (one more at every open).
        public var appGlances = Rate(perHour: 60)
        public var carGlances = Rate(perHour: 2)
    }
    public struct User: Sendable {
        public var appOpens = Rate(perHour: 0.5)
        public var sessionLength: Distribution = .exponential(mean: 180)
        public var forceQuit: Double = 0.1
        public var inAppChanges = Rate(perHour: 6)
    }
    public struct Elsewhere: Sendable {
        public var edits = Rate(perHour: 1)
        /// Deletions of objects elsewhere (a configured widget target may be one).
        public var deletesPerDay: Double = 0
        /// Renames of objects elsewhere: the same identifier, a new name (docs/model.md#configured-targets).
        public var renamesPerDay: Double = 0
    }
    public struct Network: Sendable {
        public var latency: Distribution = .lognormal(median: 0.15)
        public var offlinePerDay: Double = 1
        public var offlineDuration: Distribution = .exponential(mean: 1200)
    }
    public struct Device: Sendable {
        public var restartsPerDay: Double = 0.05
        /// Share of time the phone is locked.
        public var locked: Double = 0.8
        /// Mean length of one unlocked period (locked periods follow from `locked`).
        public var unlockedPeriod: Distribution = .exponential(mean: 360)
        public var appUpdatesPerDay: Double = 0
        /// Whether the phone has secure storage for the kept readings' key (docs/model.md#kept-readings).
        public var hasSecureStorage = true
        /// Times at which the phone is restored elsewhere and its secure key is lost (docs/model.md#kept-readings).
        public var keyLossAt: SimTime? = nil
        /// Power-saving periods a day (iOS Low Power Mode, or a battery below 20%): background
        /// refresh is not granted and background pushes wait for power (docs/model.md#power).
        public var lowPowerPerDay: Double = 0
        /// How long one power-saving period lasts.
        public var lowPowerDuration: Distribution = .exponential(mean: 3 * 3600)
        /// A power-saving period keeps the system from launching the phone app for the watch (an
        /// immediate message to an app not running fails, a queued transfer waits). Off by default:
        /// WatchConnectivity documents that a message from the watch wakes the iPhone app, and
        /// nothing documents an exception for Low Power Mode (docs/model.md#watch).
        public var lowPowerBlocksWatchWakes = false
        /// Android Doze: a phone left locked and still goes idle (docs/model.md#power).
        public var doze = false
        /// A still phone whose screen went off enters deep Doze after this (AOSP: 30 min inactive,
        /// then 30 min idle-after-inactive; docs/platform-facts.md#power).
        public var dozeAfter: SimTime = Time.hour
        /// Android's app standby buckets: the app's background jobs and high-priority pushes are
        /// capped by how long ago the user last had it in the foreground (docs/model.md#power).
        public var standbyBuckets = false
        /// Android light Doze: with the screen off, still or not, background jobs wait for short
        /// maintenance windows (docs/model.md#power).
        public var lightDoze = false
        /// Share of locked periods in which the phone moves (in a pocket): no deep Doze then.
        public var movingWhenLocked: Double = 0
        /// The phone as on the developer's desk: a debugger attached lifts the push throttle,
        /// Developer Mode the widget's reload budget, the view debugger extensions' memory limits.
        public var developerAttached = false
    }
    public struct Storage: Sendable {
        /// The App Group container is granted at signing (docs/model.md#app-group-refused).
        public var appGroupGranted = true
        /// Time one read or write of a shared file takes.
        public var ioTime: Distribution = .lognormal(median: 0.005)
    }
    public struct Session: Sendable {
        public var protection: Protection = .afterFirstUnlock
        public var inSharedSecureStorage = true
    }
    public struct App: Sendable {
        public var requestsWidgetReload = true
        public var backgroundRefresh = Rate(perHour: 0.5)
        public var keepReadingsFor: SimTime = 30 * Time.day
        /// Where the widget projection is rebuilt: at every domain change, or only at syncs.
        public var projectionWriter: ProjectionWriter = .onDomainChange
        /// Interval of foreground syncs while the app is open.
        public var syncInterval: SimTime = Time.minute
        /// How long a suspended app stays in memory before the system reclaims it.
        public var suspendedLifetime: Distribution = .exponential(mean: 1800)
        /// Background run time granted to a push or refresh wake.
        public var backgroundBudget: SimTime = 30 * Time.second
        /// When readings past their lifetime are deleted (docs/model.md#kept-readings).
        public var deleteExpiredReadings: ExpiryPolicy = .atOnce
        /// A change of the readings' lifetime, at a time (docs/model.md#kept-readings).
        public var keepReadingsChangeAt: SimTime? = nil
        public var keepReadingsChangedTo: SimTime = Time.day
        /// What the app does when its kept readings' key is gone (docs/model.md#kept-readings).
        public var onKeyLoss: KeyLossPolicy = .clearAndSay
        /// How often each schema change comes with an app update.
        public var updateChangesSchema: Double = 1
    }
    public struct Signout: Sendable {
        public var at: SimTime? = nil
        public var steps: Set<SignoutStep> = Set(SignoutStep.allCases)
        /// How long after the sign-out someone else signs in on the phone (nil: no one does;
        /// docs/model.md#a-second-account).
        public var nextAccountAfter: SimTime? = nil
    }
}
