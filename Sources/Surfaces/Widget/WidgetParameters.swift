import SimKernel

/// The widget's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    static func widget() -> [ParameterSpec] { [
        .bool("widget.enabled", \.widget.enabled, "the widget is placed"),
        .bool("widget.fetchesOwnData", \.widget.fetchesOwnData, "the provider calls the backend when its data is older than maxAge"),
        .time("widget.maxAge", \.widget.maxAge, "age above which the provider fetches"),
        .time("widget.reloadAfter", \.widget.reloadAfter, "the timeline's reload hint (re-arms itself: at least 1s)").within(1, ParameterRange.longestDuration),
        .count("widget.budgetPerDay", \.widget.budgetPerDay, "reloads per rolling day (iOS 40–70)"),
        .distribution("widget.reloadDelay", \.widget.reloadDelay, "delay from a granted request to the provider running"),
        .bool("widget.showsDataAge", \.widget.showsDataAge, "the widget prints the age of its data"),
        .time("widget.jitter", \.widget.jitter, "random spread added to reload hints"),
        .bool("widget.alignReloads", \.widget.alignReloads, "reload hints fall on round clock times"),
        .choice("widget.dataProtection", \.widget.dataProtection, "when the widget's data can be read"),
        .size("widget.memoryLimit", \.widget.memoryLimit, "the provider's memory limit"),
        .size("widget.providerMemory", \.widget.providerMemory, "memory one provider run needs"),
        .time("widget.providerTimeBudget", \.widget.providerTimeBudget, "time a provider run may take"),
        .choice("widget.projectionSchema", \.widget.projectionSchema, "how the widget reads a projection from an older app version"),
        .choice("widget.configuration", \.widget.configuration, "how a configured widget remembers its target"),
        .real("widget.buttonTaps.perDay", \.widget.buttonTapsPerDay, "taps on a button in the widget, each running one action in the background"),
        .time("widget.slotEvery", \.widget.slotEvery, "the data's own schedule: what the widget draws changes at every multiple of this (0s: never)"),
        .choice("widget.timeline", \.widget.timeline, "one entry per reload, or an entry per slot until the next reload, swapped by the host on time"),
        .real("widget.galleryOpens.perDay", \.widget.galleryOpensPerDay, "opens of the widget gallery, each asking the provider for a preview"),
        .choice("widget.preview", \.widget.preview, "what the provider draws for the gallery's preview: fixture data or the account's"),
        .bool("widget.redactsWhenLocked", \.widget.redactsWhenLocked, "the system shows the widget redacted while the phone is locked"),
    ] }
}
