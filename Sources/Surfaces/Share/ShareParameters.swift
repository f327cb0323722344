import SimKernel

/// The share extension's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func share() -> [ParameterSpec] { [
        .bool("share.enabled", \.share.enabled, "the app is a share target")
            .scenario("the app is a share target the person uses"),
        .choice("share.design", \.share.design, "what the extension does on confirm")
            .design("the extension writes to an outbox the app sends (§25.7)"),
        .choice("share.outbox", \.share.outbox, "coordination of the outbox file")
            .design("the outbox file is coordinated"),
        .bool("share.loadsIntoMemory", \.share.loadsIntoMemory, "the extension loads items into memory")
            .design("the extension streams items rather than loading them"),
        .real("share.perDay", \.share.perDay, "shares per day")
            .scenario("two shares a day"),
        .distribution("share.itemSize", \.share.itemSize, "item sizes", sizes: true)
            .scenario("items of 2 MB typical size (photos), widely spread"),
        .size("share.memoryLimit", \.share.memoryLimit, "the extension's memory limit")
            .sourced("about 120 MB: element-ios issue 2341; keybase/client issue 18662 (110–180 MB across devices)"),
        .size("share.baseMemory", \.share.baseMemory, "memory the extension uses before loading anything")
            .assumed("10MB", "40MB", "the extension's own footprint before it loads anything"),
        .time("share.timeBudget", \.share.timeBudget, "time the extension may run")
            .assumed("10s", "60s", "Apple says an extension is expected to finish in seconds; no limit is published"),
        .size("share.backgroundTransferAbove", \.share.backgroundTransferAbove, "items above this go as a background transfer (inExtension)")
            .design("items above 1 MB go as a background transfer"),
    ] }
}

extension Parameters {
    /// The share parameters of this point (kept in `ofSurfaces`, under `Share`).
    public var share: Share {
        @inlinable _read { yield ofSurfaces[Share.self] }
        set { ofSurfaces[Share.self] = newValue }
    }

    /// The share extension's parameters, as a replication reads them (their paths and meanings above).
    public struct Share: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
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
}
