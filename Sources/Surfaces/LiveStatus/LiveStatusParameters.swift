import SimKernel

/// The live status's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func live() -> [ParameterSpec] { [
        .bool("live.enabled", \.live.enabled, "the app shows a live status for activities")
            .scenario("the app's activities show a live status"),
        .choice("live.updates", \.live.updates, "what updates the live status")
            .design("the live status is updated by pushes (§25.5)"),
        .probability("live.finalUpdateLoss", \.live.finalUpdateLoss, "probability the final update is lost")
            .assumed("0.005", "0.1", "how often an activity's final update is lost is not published"),
        .real("live.activities.perDay", \.live.activitiesPerDay, "activities started per day").within(0, 1_000)
            .scenario("one activity a day (a delivery, a ride)"),
        .distribution("live.activityLength", \.live.activityLength, "how long an activity lasts")
            .scenario("activities of 45 min typical length"),
        .count("live.stages", \.live.stages, "stages an activity moves through").within(1, 100)
            .scenario("four stages per activity"),
        .count("live.pushBudgetPerHour", \.live.pushBudgetPerHour, "live-status pushes drawn per hour")
            .assumed("5", "20", "the budget of priority-10 updates is documented, its size is not (a community figure is about 15; Apple Developer Forums thread 747624)"),
        .time("live.maxActive", \.live.maxActive, "time after which the platform ends a live status")
            .sourced("Apple, Displaying live data with Live Activities: active for up to eight hours"),
        .time("live.lingerAfterEnd", \.live.lingerAfterEnd, "time an ended status may stay on the lock screen")
            .sourced("Apple, Displaying live data with Live Activities: on the Lock Screen for up to four additional hours"),
        .real("live.backgroundTermination.perHour", \.live.backgroundTerminationPerHour, "rate at which the system reclaims an app kept running for an activity").within(0, 3_600)
            .assumed("0.05", "1", "how often the system reclaims an app kept running in the background is not published"),
    ] }
}

extension Parameters {
    /// The live parameters of this point (kept in `ofSurfaces`, under `Live`).
    public var live: Live {
        @inlinable _read { yield ofSurfaces[Live.self] }
        set { ofSurfaces[Live.self] = newValue }
    }

    /// The live status's parameters, as a replication reads them (their paths and meanings above).
    public struct Live: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
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
}
