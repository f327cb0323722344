import SimKernel

/// The instant version's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    static func instantVersion() -> [ParameterSpec] { [
        .bool("instant.enabled", \.instant.enabled, "an instant version exists"),
        .bool("instant.handover", \.instant.handover, "state is handed over when the full app is installed"),
        .real("instant.uses.perDay", \.instant.usesPerDay, "uses of the instant version per day"),
        .probability("instant.installAfterUse", \.instant.installAfterUse, "probability a use leads to installing the full app"),
        .distribution("instant.installDelay", \.instant.installDelay, "time from a use to installing the full app"),
        .time("instant.removedAfter", \.instant.removedAfter, "the platform removes an instant version unused this long, with its data (unpublished: 30d assumed)"),
    ] }
}

extension Parameters {
    /// The instant version's parameters, as a replication reads them (their paths and meanings above).
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
}
