import SimKernel

/// The actions' parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func actions() -> [ParameterSpec] { [
        .bool("action.enabled", \.action.enabled, "the app declares actions")
            .scenario("the app declares actions the person uses"),
        .bool("action.background", \.action.background, "actions run in the background (else they open the app)")
            .design("actions run in the background"),
        .real("action.perDay", \.action.perDay, "actions run per day")
            .scenario("two actions a day"),
        .count("action.retries", \.action.retries, "automation retries after a timeout").within(0, 1_000)
            .scenario("an automation that retries twice"),
        .time("action.timeout", \.action.timeout, "how long an automation waits before retrying")
            .sourced("about 10 s before the assistant stops waiting (Apple Developer Forums threads 832170 and 764501)"),
    ] }
}

extension Parameters {
    /// The action parameters of this point (kept in `ofSurfaces`, under `Action`).
    public var action: Action {
        @inlinable _read { yield ofSurfaces[Action.self] }
        set { ofSurfaces[Action.self] = newValue }
    }

    /// The actions's parameters, as a replication reads them (their paths and meanings above).
    public struct Action: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
        public var enabled = true
        public var background = true
        public var perDay: Double = 2
        public var retries: Int = 2
        /// How long an automation waits for an action before it retries.
        public var timeout: SimTime = 10 * Time.second
    }
}
