import SimKernel

/// The live status's metrics (docs/metrics.md, `S` = `live`), each resolved by its name (its
/// columns in runs.csv: `MetricCatalog.publishedOrder`).
extension Metric {
    /// `live.staleness`.
    public static let liveStaleness = Metric.named("live.staleness")
    /// `live.stuck`.
    public static let liveStuck = Metric.named("live.stuck")
    /// `live.age`.
    public static let liveAge = Metric.named("live.age")
    /// `live.lag`.
    public static let liveLag = Metric.named("live.lag")
    /// `live.lag.censored`.
    public static let liveLagCensored = Metric.named("live.lag.censored")
    /// `live.blank`.
    public static let liveBlank = Metric.named("live.blank")
    /// `live.unlabeledStale`.
    public static let liveUnlabeledStale = Metric.named("live.unlabeledStale")
    /// `live.wrongAccount`.
    public static let liveWrongAccount = Metric.named("live.wrongAccount")
    /// `live.staleness.timeAvg`.
    public static let liveStalenessTimeAvg = Metric.named("live.staleness.timeAvg")
    /// `signout.live.leak`.
    public static let signoutLiveLeak = Metric.named("signout.live.leak")
}

/// The live status's part of the metric catalogue.
extension MetricCatalog {
    package static func live() -> SurfaceMetrics {
        SurfaceMetrics(surface: "live", role: .glanced, metrics: [
            MetricSpec(name: "live.staleness", unit: "s", shape: .sampled, doc: "at a glance at a live status: now − when the earliest stage not shown began"),
            MetricSpec(name: "live.stuck", unit: "s", shape: .sampled, doc: "per ended activity: time its status still showed it running (on the lock screen after the platform ended it included, up to live.maxActive + live.lingerAfterEnd)"),
            MetricSpec(name: "live.age", unit: "s", shape: .sampled, doc: "at a glance at a live status: now − when the data it draws was produced (the backend's update as the stage began, the app's read at its run, the plan at the start for a stage the clock draws)"),
            MetricSpec(name: "live.lag", unit: "s", shape: .sampled, doc: "per stage: time from its beginning until the live status first draws it or a later one"),
            MetricSpec(name: "live.lag.censored", unit: "fraction", shape: .perReplication, doc: "stages the live status had not drawn by the end"),
            MetricSpec(name: "live.blank", unit: "fraction", shape: .perReplication, doc: "glances during an activity with no live status shown"),
            MetricSpec(name: "live.unlabeledStale", unit: "fraction", shape: .perReplication, doc: "glances staler than observe.staleAfter with no data age printed (a live status prints none)"),
            MetricSpec(name: "live.wrongAccount", unit: "fraction", shape: .perReplication, doc: "glances at a live status of an account that is signed out"),
            MetricSpec(name: "live.staleness.timeAvg", unit: "s", shape: .perReplication, doc: "time-weighted mean staleness while a live status is shown"),
            signOutLeak("live", "a live status of the account stays"),
        ], report: { $0.reportLive(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The live status's ended activities and stages (`LiveStatusSignals.swift`), its glances
    /// (those due before the end taken first) and its sign-out leak.
    func reportLive(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        if w.p.live.enabled {
            let live = w.measure.signals(LiveStatusSignals.self)
            live.takeGlances(through: end)
            r.samples[Metric.liveStuck.rawValue] = live.stuckSamples(end: end)
            let stages = live.stageLags(end: end)
            r.samples[Metric.liveLag.rawValue] = stages.lags
            r.setFraction(.liveLagCensored, stages.begun - stages.lags.count, of: stages.begun)
            r.samples[Metric.liveStaleness.rawValue] = live.staleness
            r.samples[Metric.liveAge.rawValue] = live.age
            r.setFraction(.liveBlank, live.blankGlances, of: live.glances)
            r.setFraction(.liveUnlabeledStale, live.unlabeledStaleGlances, of: live.glances)
            r.setFraction(.liveWrongAccount, live.wrongAccountGlances, of: live.glances)
            r.values[Metric.liveStalenessTimeAvg.rawValue] = live.stalenessTimeAvg(end: end)
        }
        r.values[Metric.signoutLiveLeak.rawValue] = w.measure.leak(.signoutLiveLeak, end: end)
    }
}
