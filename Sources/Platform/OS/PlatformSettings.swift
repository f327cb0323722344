import SimKernel

/// What the operating system reads of a study's design (docs/scenarios.md): the platform's own
/// figures (network round trips, storage times, how long a suspended app lives, the background
/// run-time budget: docs/platform-facts.md) and what the app declared to it (its App Group, the
/// protection classes of its shared entries, its widget's redaction, its watch app). Fixed for a
/// replication; the model's parameters are turned into it once per world, so the system never
/// reads a surface's parameters itself.
public struct PlatformSettings: Sendable {
    /// The replication's length: timers past it are not scheduled.
    public var duration: SimTime
    /// The warm-up, before which the system's own counts (provider runs) are not kept.
    public var warmup: SimTime
    /// A debugger is attached (`device.developerAttached`): no push throttle, no widget reload
    /// budget, no memory limit on the widget extension's timeline runs (its gallery previews
    /// keep theirs) nor on the share extension's runs.
    public var developerAttached: Bool

    // The network (docs/platform-facts.md#network)
    /// One round trip of a request (`network.latency`); a hop over the watch link takes half of one.
    public var networkLatency: Distribution

    // Storage (docs/model.md#shared-storage)
    /// The app's App Group is granted (`storage.appGroupGranted`): without it the shared storage area reads nothing.
    public var appGroupGranted: Bool
    /// The protection class of the widget's projection in the shared storage area.
    public var projectionProtection: ProtectionClass
    /// The protection class of the shared session entry.
    public var sessionProtection: ProtectionClass
    /// One read or write of a shared file (`storage.ioTime`).
    public var storageIOTime: Distribution

    // The app's lifecycle (docs/platform-facts.md#background-launches, docs/model.md#power)
    /// The run-time budget of a background launch (`app.backgroundBudget`).
    public var appBackgroundBudget: SimTime
    /// How long a suspended app lives before the system reclaims it (`app.suspendedLifetime`).
    public var appSuspendedLifetime: Distribution
    /// How often the system ends an app kept running for an activity (`live.backgroundTermination.perHour`).
    public var activityKeepAliveEndsPerHour: Double
    /// Android's standby buckets apply (`device.standbyBuckets`).
    public var standbyBuckets: Bool
    /// Doze applies (`device.doze`): the screen coming on ends it.
    public var doze: Bool
    /// A power-saving period keeps the system from launching the phone app for the watch
    /// (`device.lowPower.blocksWatchWakes`; by default a message from the watch still wakes it).
    public var lowPowerBlocksWatchWakes = false

    // What the app declares to the system
    /// The app has a widget on screen (`widget.enabled`).
    public var widgetsShown: Bool
    /// Its widget is redacted while the phone is locked (`widget.redactsWhenLocked`).
    public var widgetRedactsWhenLocked: Bool
    /// The app has a watch app (`watch.enabled`): opening the phone app activates the link.
    public var hasWatchApp: Bool
    /// The watch app lives only when looked at (`watch.lifetime = whenLooked`): what reaches the
    /// watch goes through the watch's system, which keeps it or launches the app.
    public var watchAppLaunchedWhenLooked: Bool
    /// The watch has a network of its own (`watch.ownNetwork`).
    public var watchOwnNetwork: Bool
    /// The phone's periods out of the watch's reach: how many a day, and how long each lasts
    /// (`watch.phoneUnreachable.perDay`, `.duration`).
    public var watchOutOfReachPerDay: Double
    public var watchOutOfReachDuration: Distribution
    /// The watch is standalone (`watch.level = standalone`): it gets pushes of its own.
    public var watchHasOwnPushes: Bool

    /// The push service's figures (docs/platform-facts.md#push).
    public var push: PushSettings
    /// The widget host's figures (docs/model.md#widget).
    public var widget: WidgetSettings
    /// ActivityKit's figures (docs/model.md#live-status).
    public var activityKit = ActivityKitSettings()
    /// How long the car connection waits to check again that the app it projects runs
    /// (`app.syncInterval`: the app is relaunched within one of its intervals; docs/model.md#car).
    public var carConnectionCheckEvery: SimTime = 5 * Time.minute

    // The app's extensions (docs/platform-facts.md#extensions)
    /// The share extension's time budget and memory limit (`share.timeBudget`, `share.memoryLimit`).
    public var shareExtensionLimits: ProcessLimits

    public init(duration: SimTime, warmup: SimTime, developerAttached: Bool, networkLatency: Distribution, appGroupGranted: Bool,
                projectionProtection: ProtectionClass, sessionProtection: ProtectionClass, storageIOTime: Distribution,
                appBackgroundBudget: SimTime, appSuspendedLifetime: Distribution, activityKeepAliveEndsPerHour: Double,
                standbyBuckets: Bool, doze: Bool, widgetsShown: Bool, widgetRedactsWhenLocked: Bool, hasWatchApp: Bool,
                watchAppLaunchedWhenLooked: Bool, watchOwnNetwork: Bool, watchOutOfReachPerDay: Double,
                watchOutOfReachDuration: Distribution, watchHasOwnPushes: Bool, push: PushSettings, widget: WidgetSettings,
                shareExtensionLimits: ProcessLimits) {
        self.duration = duration
        self.warmup = warmup
        self.developerAttached = developerAttached
        self.widget = widget
        self.networkLatency = networkLatency
        self.appGroupGranted = appGroupGranted
        self.projectionProtection = projectionProtection
        self.sessionProtection = sessionProtection
        self.storageIOTime = storageIOTime
        self.appBackgroundBudget = appBackgroundBudget
        self.appSuspendedLifetime = appSuspendedLifetime
        self.activityKeepAliveEndsPerHour = activityKeepAliveEndsPerHour
        self.standbyBuckets = standbyBuckets
        self.doze = doze
        self.widgetsShown = widgetsShown
        self.widgetRedactsWhenLocked = widgetRedactsWhenLocked
        self.hasWatchApp = hasWatchApp
        self.watchAppLaunchedWhenLooked = watchAppLaunchedWhenLooked
        self.watchOwnNetwork = watchOwnNetwork
        self.watchOutOfReachPerDay = watchOutOfReachPerDay
        self.watchOutOfReachDuration = watchOutOfReachDuration
        self.watchHasOwnPushes = watchHasOwnPushes
        self.push = push
        self.shareExtensionLimits = shareExtensionLimits
    }

    /// The limits the system launches an app extension's run under, from the extension's own:
    /// with a debugger attached, the view debugger waives the memory limit (docs/model.md#power).
    public func extensionRun(_ limits: ProcessLimits) -> ProcessLimits {
        ProcessLimits(timeBudget: limits.timeBudget, memoryLimit: developerAttached ? nil : limits.memoryLimit)
    }
}

/// The push service's figures (docs/platform-facts.md#push, docs/model.md#backend-and-push).
public struct PushSettings: Sendable {
    /// The probability a push is lost (`push.loss`).
    public var loss: Double
    /// A push's delivery delay (`push.delay`).
    public var delay: Distribution
    /// The probability the system refuses a background wake (`push.wakeRefusal`).
    public var wakeRefusal: Double
    /// Background wakes granted per rolling hour (`push.wakesPerHour`).
    public var wakesPerHour: Int
    /// The backend sends at high priority (`push.priority = high`).
    public var highPriority: Bool

    public init(loss: Double, delay: Distribution, wakeRefusal: Double, wakesPerHour: Int, highPriority: Bool) {
        (self.loss, self.delay, self.wakeRefusal) = (loss, delay, wakeRefusal)
        (self.wakesPerHour, self.highPriority) = (wakesPerHour, highPriority)
    }
}

/// The widget host's figures (docs/model.md#widget, docs/platform-facts.md#widgets).
public struct WidgetSettings: Sendable {
    /// The delay from a granted reload request to the provider running (`widget.reloadDelay`).
    public var reloadDelay: Distribution
    /// Reloads charged per rolling day (`widget.budgetPerDay`).
    public var budgetPerDay: Int
    /// The reload hint after a provider died (`widget.reloadAfter`).
    public var reloadAfter: SimTime
    /// Opens of the widget gallery a day (`widget.galleryOpens.perDay`).
    public var galleryOpensPerDay: Double
    /// A provider run's time budget and memory limit (`widget.providerTimeBudget`, `widget.memoryLimit`).
    public var providerTimeBudget: SimTime
    public var memoryLimit: Int64
    /// The data's own schedule: a timeline's entries change at every multiple of this (`widget.slotEvery`).
    public var slotEvery: SimTime
    /// The widget is redacted while the phone is locked (`widget.redactsWhenLocked`).
    public var redactsWhenLocked: Bool

    public init(reloadDelay: Distribution, budgetPerDay: Int, reloadAfter: SimTime, galleryOpensPerDay: Double,
                providerTimeBudget: SimTime, memoryLimit: Int64, slotEvery: SimTime, redactsWhenLocked: Bool) {
        (self.reloadDelay, self.budgetPerDay, self.reloadAfter, self.galleryOpensPerDay) =
            (reloadDelay, budgetPerDay, reloadAfter, galleryOpensPerDay)
        (self.providerTimeBudget, self.memoryLimit, self.slotEvery, self.redactsWhenLocked) =
            (providerTimeBudget, memoryLimit, slotEvery, redactsWhenLocked)
    }
}
