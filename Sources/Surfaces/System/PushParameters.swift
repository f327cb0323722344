import SimKernel

/// The push service's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func push() -> [ParameterSpec] { [
        .bool("push.onChange", \.push.onChange, "silent push to the app on each change")
            .design("the backend sends a silent push on each change (§25.10)"),
        .probability("push.wakeRefusal", \.push.wakeRefusal, "probability a wake is refused")
            .assumed("0.05", "0.5", "Apple says delivery is not guaranteed and names the gates (battery, usage, budgets) without a rate")
            .assumed("0.02", "0.3", "FCM publishes no refusal rate; high priority wakes more reliably", on: .android),
        .distribution("push.delay", \.push.delay, "push delivery delay")
            .sourced("field latencies about 1 s mean, p95 about 2 s (LoginTC 2013; Yilmaz et al., IEEE Globecom 2014)"),
        .probability("push.loss", \.push.loss, "probability a push is lost")
            .assumed("0.001", "0.05", "APNs and FCM are best effort with no published loss rate"),
        .count("push.wakesPerHour", \.push.wakesPerHour, "background wakes granted per rolling hour")
            .sourced("Apple, Pushing background updates to your App: no more than two or three an hour")
            .assumed("3", "30", "FCM publishes no wake rate for an app not in front", on: .android),
        .choice("push.priority", \.push.priority, "the backend's push priority: a normal one waits for a dozing phone's maintenance window, a high one is delivered")
            .design("the backend sends high-priority pushes (FCM priority high; APNs background pushes go at 5)"),
    ] }
}

extension Parameters {
    /// The push parameters of this point (kept in `ofSurfaces`, under `Push`).
    public var push: Push {
        @inlinable _read { yield ofSurfaces[Push.self] }
        set { ofSurfaces[Push.self] = newValue }
    }

    /// The push service's parameters, as a replication reads them (their paths and meanings above).
    public struct Push: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
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
