import SimKernel

/// The television app's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func television() -> [ParameterSpec] { [
        .bool("tv.enabled", \.tv.enabled, "a television app exists")
            .scenario("the person watches on a television app"),
        .choice("tv.handoff", \.tv.handoff, "how video is handed to the television")
            .design("video handed to the television by its location"),
        .real("tv.playbacks.perDay", \.tv.playbacksPerDay, "playbacks per day")
            .scenario("one playback a day"),
        .distribution("tv.playbackLength", \.tv.playbackLength, "length of a playback")
            .scenario("playbacks of 45 min typical length"),
        .choice("tv.signIn", \.tv.signIn, "signed in when the replication starts, or by a code the user approves in the phone's app")
            .scenario("the television is signed in when the day starts"),
        .choice("tv.lifetime", \.tv.lifetime, "allDay: the television's program runs for the whole replication; whilePlaying: a playback launches it (and signing in by code, at time 0) and it ends, losing its memory, when the playback ends; it checks in only while it runs")
            .scenario("the television's program kept for the whole day"),
        .distribution("tv.approvalDelay", \.tv.approvalDelay, "time from the code on the television to the user approving it on the phone")
            .assumed("10s", "10m", "how long a person takes to approve a code on the phone is not published"),
        .time("tv.pollInterval", \.tv.pollInterval, "how often the television asks whether its code was approved").within(1, 86_400)
            .sourced("IETF RFC 8628 §3.5: poll every 5 s by default"),
    ] }
}

extension Parameters {
    /// The tv parameters of this point (kept in `ofSurfaces`, under `TV`).
    public var tv: TV {
        @inlinable _read { yield ofSurfaces[TV.self] }
        set { ofSurfaces[TV.self] = newValue }
    }

    /// The television's parameters, as a replication reads them (their paths and meanings above).
    public struct TV: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
        public var enabled = true
        public var handoff: TVHandoff = .location
        public var playbacksPerDay: Double = 1
        public var playbackLength: Distribution = .lognormal(median: 2700)
        /// Signed in when the replication starts, or by a code approved on the phone.
        public var signIn: TelevisionSignIn = .signedIn
        /// The television program's lifetime (docs/model.md#television-lifetime); `allDay` by default.
        public var lifetime: TelevisionLifetime = .allDay
        /// Time from the code on the television's screen to the user approving it in the phone's app.
        public var approvalDelay: Distribution = .lognormal(median: 60)
        /// How often the television asks whether its code was approved (RFC 8628's default: 5 s).
        public var pollInterval: SimTime = 5 * Time.second
    }
}
