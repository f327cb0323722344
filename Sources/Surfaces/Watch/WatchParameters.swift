import SimKernel

/// The watch's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func watch() -> [ParameterSpec] { [
        .bool("watch.enabled", \.watch.enabled, "a watch app is installed")
            .scenario("the person has the watch app"),
        .choice("watch.level", \.watch.level, "remote control, companion with a cache, or standalone")
            .design("a companion watch app with a cache (§25.6)"),
        .choice("watch.relay", \.watch.relay, "how watch writes reach the phone")
            .design("watch writes reach the phone by queued transfers (transferUserInfo)"),
        .real("watch.phoneUnreachable.perDay", \.watch.phoneUnreachablePerDay, "periods the phone is unreachable, begun per day while reachable")
            .scenario("the phone out of the watch's reach twice a day"),
        .distribution("watch.phoneUnreachable.duration", \.watch.phoneUnreachableDuration, "length of an unreachable period")
            .scenario("an hour out of reach on average"),
        .rate("watch.writes.perHour", \.watch.writes, "changes the user makes on the watch")
            .scenario("a change on the watch every two hours"),
        .bool("watch.ownNetwork", \.watch.ownNetwork, "a standalone watch has a network of its own")
            .scenario("a watch with its own network (Wi-Fi or cellular)"),
        .choice("watch.lifetime", \.watch.lifetime, "allDay: the watch app runs for the whole replication; whenLooked: a glance, a write on the watch or a standalone watch's push launches it, and it ends, losing its memory, watch.backgroundAllowance after the last of them")
            .scenario("the watch app kept running all day, as an app on the active face is"),
        .time("watch.backgroundAllowance", \.watch.backgroundAllowance, "with watch.lifetime whenLooked: how long the watch app runs after its last glance, write or push").within(1, 86_400)
            .assumed("5s", "60s", "how long a watch app runs after a look: half of smartwatch sessions last under 5 s (Visuri et al., CHI 2017), and the system keeps an app briefly after"),
        .count("watch.refreshPerHour", \.watch.refreshPerHour, "fetches a standalone watch makes per rolling hour, at glances and pushes (writes are not counted)")
            .sourced("Apple, WKApplicationRefreshBackgroundTask: about four an hour for an app with a complication on the active face"),
    ] }
}

extension Parameters {
    /// The watch parameters of this point (kept in `ofSurfaces`, under `Watch`).
    public var watch: Watch {
        @inlinable _read { yield ofSurfaces[Watch.self] }
        set { ofSurfaces[Watch.self] = newValue }
    }

    /// The watch's parameters, as a replication reads them (their paths and meanings above).
    public struct Watch: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
        public var enabled = true
        public var level: WatchLevel = .companion
        public var relay: RelayMode = .queued
        public var phoneUnreachablePerDay: Double = 2
        public var phoneUnreachableDuration: Distribution = .exponential(mean: 3600)
        public var writes = Rate(perHour: 0.5)
        public var ownNetwork = true
        public var refreshPerHour: Int = 4
        /// The watch app's lifetime (docs/model.md#watch-app-lifetime); `allDay` by default.
        public var lifetime: WatchLifetime = .allDay
        /// With `whenLooked`: how long the app runs after its last glance, write or push.
        public var backgroundAllowance: SimTime = 30 * Time.second
    }
}
