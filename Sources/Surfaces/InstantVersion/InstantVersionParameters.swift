import SimKernel

/// The instant version's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func instantVersion() -> [ParameterSpec] { [
        .bool("instant.enabled", \.instant.enabled, "an instant version exists")
            .scenario("an instant version the person uses"),
        .bool("instant.handover", \.instant.handover, "state is handed over when the full app is installed")
            .design("state is handed over to the full app (§25.8)"),
        .real("instant.uses.perDay", \.instant.usesPerDay, "uses of the instant version per day")
            .scenario("a use every five days"),
        .probability("instant.installAfterUse", \.instant.installAfterUse, "probability a use leads to installing the full app")
            .scenario("half of the uses lead to installing the full app"),
        .distribution("instant.installDelay", \.instant.installDelay, "time from a use to installing the full app")
            .scenario("an hour on average from a use to installing"),
        .time("instant.removedAfter", \.instant.removedAfter, "the platform removes an instant version unused this long, with its data (unpublished: 30d assumed)")
            .assumed("7d", "60d", "the platform removes an unused instant version; no period is published"),
    ] }
}

extension Parameters {
    /// The instant parameters of this point (kept in `ofSurfaces`, under `Instant`).
    public var instant: Instant {
        @inlinable _read { yield ofSurfaces[Instant.self] }
        set { ofSurfaces[Instant.self] = newValue }
    }

    /// The instant version's parameters, as a replication reads them (their paths and meanings above).
    public struct Instant: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
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
