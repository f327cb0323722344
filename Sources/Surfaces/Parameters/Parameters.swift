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
    public var session = Session()
    public var app = App()
    public var widget = Widget()
    public var push = Push()
    public var live = Live()
    public var watch = Watch()
    public var share = Share()
    public var action = Action()
    public var backend = Backend()
    public var instant = Instant()
    public var car = Car()
    public var tv = TV()
    public var signout = Signout()
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
        /// Android Doze: a phone left locked and still goes idle (docs/model.md#power).
        public var doze = false
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
    public struct Widget: Sendable {
        public var enabled = true
        public var fetchesOwnData = false
        public var maxAge: SimTime = 15 * Time.minute
        public var reloadAfter: SimTime = 30 * Time.minute
        public var budgetPerDay: Int = 55
        public var reloadDelay: Distribution = .exponential(mean: 5)
        public var showsDataAge = true
        public var jitter: SimTime = 0
        /// Reload hints fall on round clock times (multiples of `reloadAfter`).
        public var alignReloads = true
        public var dataProtection: Protection = .afterFirstUnlock
        public var memoryLimit: Int64 = 30 * 1_048_576
        public var providerMemory: Int64 = 12 * 1_048_576
        public var providerTimeBudget: SimTime = 10 * Time.second
        public var projectionSchema: ProjectionSchema = .versionedReadsOld
        public var configuration: WidgetConfiguration = .stableIdentifier
        /// Taps on a button in the widget, each running one action in the background (§25.4).
        public var buttonTapsPerDay: Double = 0
        /// The data's own schedule (docs/model.md#timelines): what the widget draws changes at every
        /// multiple of this with no new data (a countdown's minute, an agenda's next event); 0: never.
        public var slotEvery: SimTime = 0
        /// One entry per reload, or the scheduled entries until the next reload.
        public var timeline: WidgetTimeline = .oneEntry
        /// How often the user opens the widget gallery, each open asking the provider for a
        /// preview (docs/model.md#the-gallery-preview).
        public var galleryOpensPerDay: Double = 0
        /// What the provider draws for the gallery's preview.
        public var preview: WidgetPreview = .fixture
        /// The system redacts the widget while the phone is locked (docs/model.md#lock-screen-redaction).
        public var redactsWhenLocked = false
    }
    public struct Push: Sendable {
        public var onChange = true
        public var wakeRefusal: Double = 0.2
        public var delay: Distribution = .lognormal(median: 1.0)
        public var loss: Double = 0.01
        public var wakesPerHour: Int = 3
        /// The priority the backend sends its pushes at: a normal-priority push to a dozing
        /// Android phone waits for a maintenance window; a high-priority one is delivered.
        public var priority: PushPriority = .high
    }
    public struct Live: Sendable {
        public var enabled = true
        public var updates: LiveUpdates = .push
        public var finalUpdateLoss: Double = 0.02
        public var activitiesPerDay: Double = 1
        public var activityLength: Distribution = .lognormal(median: 2700)
        public var stages: Int = 4
        public var pushBudgetPerHour: Int = 10
        public var maxActive: SimTime = 8 * Time.hour
        public var lingerAfterEnd: SimTime = 4 * Time.hour
        /// Probability per hour that the system reclaims an app kept alive in the background.
        public var backgroundTerminationPerHour: Double = 0.2
    }
    public struct Watch: Sendable {
        public var enabled = true
        public var level: WatchLevel = .companion
        public var relay: RelayMode = .queued
        public var phoneUnreachablePerDay: Double = 2
        public var phoneUnreachableDuration: Distribution = .exponential(mean: 3600)
        public var writes = Rate(perHour: 0.5)
        public var ownNetwork = true
        public var refreshPerHour: Int = 4
        /// The watch app's lifetime (docs/model.md#watch-app-lifetime); `allDay` by default.
        public var lifetime: WatchLifetime = .allDay
        /// With `whenLooked`: how long the app runs after its last glance, write or push.
        public var backgroundAllowance: SimTime = 30 * Time.second
    }
    public struct Share: Sendable {
        public var enabled = true
        public var design: ShareDesign = .outbox
        public var outbox: OutboxMode = .coordinated
        public var loadsIntoMemory = false
        public var perDay: Double = 2
        public var itemSize: Distribution = .lognormal(median: 2 * 1_048_576, sigma: 1.5)
        public var memoryLimit: Int64 = 120 * 1_048_576
        public var baseMemory: Int64 = 20 * 1_048_576
        public var timeBudget: SimTime = 30 * Time.second
        /// Items above this size go as a background transfer in `inExtension`.
        public var backgroundTransferAbove: Int64 = 1_048_576
    }
    public struct Action: Sendable {
        public var enabled = true
        public var background = true
        public var perDay: Double = 2
        public var retries: Int = 2
        /// How long an automation waits for an action before it retries.
        public var timeout: SimTime = 10 * Time.second
    }
    public struct Backend: Sendable {
        public var idempotencyKeys = true
        /// Time the backend takes to apply one write, beyond the network round trip.
        public var processingTime: Distribution = .lognormal(median: 0.05, sigma: 1.0)
        /// What a full sync's reply carries: the account's whole data (an assumption:
        /// docs/platform-facts.md#unpublished-figures).
        public var syncBytes: Int64 = 40 * 1_024
        /// What the compact endpoint's reply carries: what one screen of a widget or a watch
        /// draws (§25.13's "screen-shaped response"; an assumption).
        public var compactBytes: Int64 = 2 * 1_024
        /// What a write carries to the backend: one change (an assumption).
        public var writeBytes: Int64 = 1_024
    }
    public struct Instant: Sendable {
        public var enabled = true
        public var handover = true
        public var usesPerDay: Double = 0.2
        /// Probability that a use of the instant version leads to installing the full app.
        public var installAfterUse: Double = 0.5
        /// Time from a use to installing the full app, when one follows.
        public var installDelay: Distribution = .exponential(mean: 3_600)
        /// The platform removes an instant version unused this long, with its data
        /// (docs/platform-facts.md#widgets: "removed when unused"; the period is not published).
        public var removedAfter: SimTime = 30 * Time.day
    }
    public struct Car: Sendable {
        public var enabled = true
        public var mode: CarMode = .projected
        /// The car program's lifetime (docs/model.md#car-lifetime); `allDay` by default.
        public var lifetime: CarLifetime = .allDay
        public var drivesPerDay: Double = 2
        public var driveLength: Distribution = .lognormal(median: 1500)
    }
    public struct TV: Sendable {
        public var enabled = true
        public var handoff: TVHandoff = .location
        public var playbacksPerDay: Double = 1
        public var playbackLength: Distribution = .lognormal(median: 2700)
        /// Signed in when the replication starts, or by a code approved on the phone.
        public var signIn: TelevisionSignIn = .signedIn
        /// The television program's lifetime (docs/model.md#television-lifetime); `allDay` by default.
        public var lifetime: TelevisionLifetime = .allDay
        /// Time from the code on the television's screen to the user approving it in the phone's app.
        public var approvalDelay: Distribution = .lognormal(median: 60)
        /// How often the television asks whether its code was approved (RFC 8628's default: 5 s).
        public var pollInterval: SimTime = 5 * Time.second
    }
    public struct Signout: Sendable {
        public var at: SimTime? = nil
        public var steps: Set<SignoutStep> = Set(SignoutStep.allCases)
        /// How long after the sign-out someone else signs in on the phone (nil: no one does;
        /// docs/model.md#a-second-account).
        public var nextAccountAfter: SimTime? = nil
    }
}
