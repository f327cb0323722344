import SimKernel

/// The share extension's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    static func share() -> [ParameterSpec] { [
        .bool("share.enabled", \.share.enabled, "the app is a share target"),
        .choice("share.design", \.share.design, "what the extension does on confirm"),
        .choice("share.outbox", \.share.outbox, "coordination of the outbox file"),
        .bool("share.loadsIntoMemory", \.share.loadsIntoMemory, "the extension loads items into memory"),
        .real("share.perDay", \.share.perDay, "shares per day"),
        .distribution("share.itemSize", \.share.itemSize, "item sizes", sizes: true),
        .size("share.memoryLimit", \.share.memoryLimit, "the extension's memory limit"),
        .size("share.baseMemory", \.share.baseMemory, "memory the extension uses before loading anything"),
        .time("share.timeBudget", \.share.timeBudget, "time the extension may run"),
        .size("share.backgroundTransferAbove", \.share.backgroundTransferAbove, "items above this go as a background transfer (inExtension)"),
    ] }
}

extension Parameters {
    /// The share extension's parameters, as a replication reads them (their paths and meanings above).
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
}
