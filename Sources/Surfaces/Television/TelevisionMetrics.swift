import SimKernel

/// The television's metrics (docs/metrics.md), each resolved by its name (its columns in runs.csv:
/// `MetricCatalog.publishedOrder`).
extension Metric {
    /// `tv.stoppedAtLock`.
    public static let tvStoppedAtLock = Metric.named("tv.stoppedAtLock")
    /// `signout.tv.leak`.
    public static let signoutTVLeak = Metric.named("signout.tv.leak")
    /// `tv.signInTime`.
    public static let tvSignInTime = Metric.named("tv.signInTime")
}

/// The television's part of the metric catalogue.
extension MetricCatalog {
    package static func television() -> SurfaceMetrics {
        SurfaceMetrics(surface: "tv", role: .judgedBy(["tv.stoppedAtLock"]), metrics: [
            MetricSpec(name: "tv.stoppedAtLock", unit: "fraction", shape: .perReplication, doc: "playbacks that stopped when the phone locked"),
            signOutLeak("tv", "the television plays as signed in"),
            MetricSpec(name: "tv.signInTime", unit: "s", shape: .sampled, doc: "per sign-in by code (tv.signIn: byCode) whose code was shown after the warm-up: time from the code on the television to its session, the user's approval on the phone and the next poll included"),
        ], report: { $0.reportTelevision(into: &$1, end: $2) })
    }
}

/// What the television's program emits for measurement (`TelevisionSignals.emit`): what
/// happened on its screen, as a person would count it.
package enum TelevisionSignal {
    /// A playback started on the television (a later stop at a lock counts with it).
    case playbackStarted
    /// The playback under way stopped because the phone's app left the foreground (a mirrored video).
    case playbackStoppedAtLock
    /// The television got its session by the sign-in code it showed at `codeShownAt`.
    case signedInByCode(codeShownAt: SimTime)
}

/// What the measurement layer keeps of the television's signals: its playbacks and those
/// stopped at a lock (`tv.stoppedAtLock`), and its sign-in times by code (`tv.signInTime`).
package final class TelevisionSignals: SurfaceSignals {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Playbacks started after the warm-up.
    fileprivate var playbacks = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Of those, the ones stopped at a lock.
    fileprivate var stoppedAtLock = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The latest playback started after the warm-up (its stop, if any, counts with it).
    private var latestPlaybackCounted = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Per sign-in by code whose code was shown after the warm-up: seconds from the code shown
    /// to the session granted.
    fileprivate var signInTimes: [Double] = []

    /// The television's program reports what happened now.
    package func emit(_ signal: TelevisionSignal) {
        switch signal {
        case .playbackStarted:
            latestPlaybackCounted = measuring
            if latestPlaybackCounted { playbacks += 1 }
        case .playbackStoppedAtLock:
            if latestPlaybackCounted { stoppedAtLock += 1 }
        case .signedInByCode(let shownAt):
            if shownAt >= warmup { signInTimes.append(Time.seconds(now - shownAt)) }
        }
    }
}

extension ReplicationReadout {
    /// The television's playbacks stopped at a lock, its sign-ins by code and its sign-out leak.
    func reportTelevision(into r: inout ReplicationResult, end: SimTime) {
        if p.tv.enabled {
            let tv = measure.signals(TelevisionSignals.self)
            r.setFraction(.tvStoppedAtLock, tv.stoppedAtLock, of: tv.playbacks)
            r.samples[Metric.tvSignInTime.rawValue] = tv.signInTimes
        }
        r.values[Metric.signoutTVLeak.rawValue] = measure.leak(.signoutTVLeak, end: end)
    }
}
