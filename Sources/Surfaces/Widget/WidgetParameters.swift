import SimKernel

/// The widget's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func widget() -> [ParameterSpec] { [
        .bool("widget.enabled", \.widget.enabled, "the widget is placed")
            .scenario("the person placed the widget"),
        .bool("widget.fetchesOwnData", \.widget.fetchesOwnData, "the provider calls the backend when its data is older than maxAge")
            .design("the provider draws the shared projection and calls no backend (§25.3's first design)"),
        .time("widget.maxAge", \.widget.maxAge, "age above which the provider fetches")
            .design("the provider fetches data older than 15 min"),
        .time("widget.reloadAfter", \.widget.reloadAfter, "the timeline's reload hint (re-arms itself: at least 1s)").within(1, ParameterRange.longestDuration)
            .design("the timeline asks to be reloaded every 30 min")
            .sourced("Android, AppWidgetProviderInfo.updatePeriodMillis: at most every 30 min (AOSP MIN_UPDATE_PERIOD)", on: .android),
        .count("widget.budgetPerDay", \.widget.budgetPerDay, "reloads per rolling day (iOS 40–70)")
            .sourced("Apple, Keeping a widget up to date; WWDC21 session 10048: 40–70 reloads a day for a frequently viewed widget (55, the middle)")
            .sourced("Android, Manage and update GlanceAppWidget: no throttle documented (modelled as 10,000 a day)", on: .android),
        .distribution("widget.reloadDelay", \.widget.reloadDelay, "delay from a granted request to the provider running")
            .assumed("1s", "60s", "the system schedules a granted reload at its own time; no figure is published"),
        .bool("widget.showsDataAge", \.widget.showsDataAge, "the widget prints the age of its data")
            .design("the widget prints the age of its data (§25.3)"),
        .time("widget.jitter", \.widget.jitter, "random spread added to reload hints")
            .design("no random spread on reload hints"),
        .bool("widget.alignReloads", \.widget.alignReloads, "reload hints fall on round clock times")
            .design("reload hints on round clock times"),
        .choice("widget.dataProtection", \.widget.dataProtection, "when the widget's data can be read")
            .design("widget data readable after the first unlock (Apple's default class C, Apple Platform Security guide)"),
        .size("widget.memoryLimit", \.widget.memoryLimit, "the provider's memory limit")
            .sourced("crash logs: 30 MB (Apple Developer Forums threads 713561 and 744726; feedback-assistant/reports issue 177)"),
        .size("widget.providerMemory", \.widget.providerMemory, "memory one provider run needs")
            .assumed("4MB", "30MB", "one provider run's needs; below the 30 MB limit"),
        .time("widget.providerTimeBudget", \.widget.providerTimeBudget, "time a provider run may take")
            .assumed("5s", "30s", "not published: Apple says only that a request may not finish before the system halts the extension"),
        .choice("widget.projectionSchema", \.widget.projectionSchema, "how the widget reads a projection from an older app version")
            .design("the widget reads an older app version's projection by its version"),
        .choice("widget.configuration", \.widget.configuration, "how a configured widget remembers its target")
            .design("a configured widget remembers its target by a stable identifier"),
        .real("widget.buttonTaps.perDay", \.widget.buttonTapsPerDay, "taps on a button in the widget, each running one action in the background")
            .scenario("no button taps unless a study asks"),
        .time("widget.slotEvery", \.widget.slotEvery, "the data's own schedule: what the widget draws changes at every multiple of this (0s: never)")
            .design("the widget's data has no schedule of its own"),
        .choice("widget.timeline", \.widget.timeline, "one entry per reload, or an entry per slot until the next reload, swapped by the host on time")
            .design("one timeline entry per reload"),
        .real("widget.galleryOpens.perDay", \.widget.galleryOpensPerDay, "opens of the widget gallery, each asking the provider for a preview")
            .scenario("no gallery opens unless a study asks"),
        .choice("widget.preview", \.widget.preview, "what the provider draws for the gallery's preview: fixture data or the account's")
            .design("the gallery preview draws fixture data"),
        .bool("widget.redactsWhenLocked", \.widget.redactsWhenLocked, "the system shows the widget redacted while the phone is locked")
            .scenario("the person leaves lock-screen data access on (Apple Platform Security guide, WidgetKit security)"),
    ] }
}

extension Parameters {
    /// The widget parameters of this point (kept in `ofSurfaces`, under `Widget`).
    public var widget: Widget {
        @inlinable _read { yield ofSurfaces[Widget.self] }
        set { ofSurfaces[Widget.self] = newValue }
    }

    /// The widget's parameters, as a replication reads them (their paths and meanings above).
    public struct Widget: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
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
        /// The object the person configured the widget to show: object 2, the third row
        /// (docs/model.md#configured-targets). The widget's configuration and the person both know
        /// it, so the provider resolves it and the measurement layer judges a glance by it.
        public static let configuredTarget: Int32 = 2
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
}
