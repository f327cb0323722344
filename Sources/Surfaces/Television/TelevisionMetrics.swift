import SimKernel

/// The television's metrics (docs/metrics.md), each at its place in runs.csv.
extension Metric {
    /// `tv.stoppedAtLock`.
    public static var tvStoppedAtLock: Metric { Metric(61) }
    /// `signout.tv.leak`.
    public static var signoutTVLeak: Metric { Metric(68) }
    /// `tv.signInTime`.
    public static var tvSignInTime: Metric { Metric(103) }
}

/// The television's part of the metric catalogue.
extension MetricCatalog {
    static func television() -> SurfaceMetrics {
        SurfaceMetrics(surface: "tv", role: .judgedBy([.tvStoppedAtLock]), metrics: [
            (.tvStoppedAtLock, MetricSpec(name: "tv.stoppedAtLock", unit: "fraction", shape: .perReplication, doc: "playbacks that stopped when the phone locked")),
            (.signoutTVLeak, signOutLeak("tv", "the television plays as signed in")),
            (.tvSignInTime, MetricSpec(name: "tv.signInTime", unit: "s", shape: .sampled, doc: "per sign-in by code (tv.signIn: byCode) whose code was shown after the warm-up: time from the code on the television to its session, the user's approval on the phone and the next poll included")),
        ], report: { $0.reportTelevision(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The television's playbacks stopped at a lock, its sign-ins by code and its sign-out leak.
    func reportTelevision(into r: inout ReplicationResult, end: SimTime) {
        if world.p.tv.enabled {
            r.setFraction(.tvStoppedAtLock, tv.stoppedAtLock, of: tv.playbacks)
            r.samples[Metric.tvSignInTime.rawValue] = tv.signInTimes
        }
        r.values[Metric.signoutTVLeak.rawValue] = world.measure.leak(.signoutTVLeak, end: end)
    }
}
