import SimKernel

/// The push service's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    static func push() -> [ParameterSpec] { [
        .bool("push.onChange", \.push.onChange, "silent push to the app on each change"),
        .probability("push.wakeRefusal", \.push.wakeRefusal, "probability a wake is refused"),
        .distribution("push.delay", \.push.delay, "push delivery delay"),
        .probability("push.loss", \.push.loss, "probability a push is lost"),
        .count("push.wakesPerHour", \.push.wakesPerHour, "background wakes granted per rolling hour"),
        .choice("push.priority", \.push.priority, "the backend's push priority: a normal one waits for a dozing phone's maintenance window, a high one is delivered"),
    ] }
}

extension Parameters {
    /// The push service's parameters, as a replication reads them (their paths and meanings above).
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
}
