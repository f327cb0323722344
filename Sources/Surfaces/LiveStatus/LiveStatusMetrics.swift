import SimKernel

/// The live status's metrics (docs/metrics.md, `S` = `live`), each at its place in runs.csv.
extension Metric {
    /// `live.staleness`.
    public static var liveStaleness: Metric { Metric(34) }
    /// `live.stuck`.
    public static var liveStuck: Metric { Metric(35) }
    /// `live.age`.
    public static var liveAge: Metric { Metric(36) }
    /// `live.lag`.
    public static var liveLag: Metric { Metric(37) }
    /// `live.lag.censored`.
    public static var liveLagCensored: Metric { Metric(38) }
    /// `live.blank`.
    public static var liveBlank: Metric { Metric(39) }
    /// `live.unlabeledStale`.
    public static var liveUnlabeledStale: Metric { Metric(40) }
    /// `live.wrongAccount`.
    public static var liveWrongAccount: Metric { Metric(41) }
    /// `live.staleness.timeAvg`.
    public static var liveStalenessTimeAvg: Metric { Metric(42) }
    /// `signout.live.leak`.
    public static var signoutLiveLeak: Metric { Metric(63) }
}

/// The live status's part of the metric catalogue.
extension MetricCatalog {
    static func live() -> SurfaceMetrics {
        SurfaceMetrics(surface: "live", role: .glanced, metrics: [
            (.liveStaleness, MetricSpec(name: "live.staleness", unit: "s", shape: .sampled, doc: "at a glance at a live status: now − when the earliest stage not shown began")),
            (.liveStuck, MetricSpec(name: "live.stuck", unit: "s", shape: .sampled, doc: "per ended activity: time its status still showed it running (on the lock screen after the platform ended it included, up to live.maxActive + live.lingerAfterEnd)")),
            (.liveAge, MetricSpec(name: "live.age", unit: "s", shape: .sampled, doc: "at a glance at a live status: now − when the data it draws was produced (the backend's update as the stage began, the app's read at its run, the plan at the start for a stage the clock draws)")),
            (.liveLag, MetricSpec(name: "live.lag", unit: "s", shape: .sampled, doc: "per stage: time from its beginning until the live status first draws it or a later one")),
            (.liveLagCensored, MetricSpec(name: "live.lag.censored", unit: "fraction", shape: .perReplication, doc: "stages the live status had not drawn by the end")),
            (.liveBlank, MetricSpec(name: "live.blank", unit: "fraction", shape: .perReplication, doc: "glances during an activity with no live status shown")),
            (.liveUnlabeledStale, MetricSpec(name: "live.unlabeledStale", unit: "fraction", shape: .perReplication, doc: "glances staler than observe.staleAfter with no data age printed (a live status prints none)")),
            (.liveWrongAccount, MetricSpec(name: "live.wrongAccount", unit: "fraction", shape: .perReplication, doc: "glances at a live status of an account that is signed out")),
            (.liveStalenessTimeAvg, MetricSpec(name: "live.staleness.timeAvg", unit: "s", shape: .perReplication, doc: "time-weighted mean staleness while a live status is shown")),
            (.signoutLiveLeak, signOutLeak("live", "a live status of the account stays")),
        ], report: { $0.reportLive(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The live status's ended activities and stages (`LiveStatusSignals.swift`), its glances
    /// and its sign-out leak; the glances' samples are taken as they happen.
    func reportLive(into r: inout ReplicationResult, end: SimTime) {
        let w = world
        if w.p.live.enabled {
            let live = w.measure.signals(LiveStatusSignals.self)
            r.samples[Metric.liveStuck.rawValue] = live.stuckSamples(end: end)
            let stages = live.stageLags(end: end)
            r.samples[Metric.liveLag.rawValue] = stages.lags
            r.setFraction(.liveLagCensored, stages.begun - stages.lags.count, of: stages.begun)
            let c = w.measure.counters
            r.setFraction(.liveBlank, c.liveBlank, of: c.liveGlances)
            r.setFraction(.liveUnlabeledStale, c.liveUnlabeledStale, of: c.liveGlances)
            r.setFraction(.liveWrongAccount, c.liveWrongAccount, of: c.liveGlances)
            r.values[Metric.liveStalenessTimeAvg.rawValue] = live.stalenessTimeAvg(end: end)
        }
        r.values[Metric.signoutLiveLeak.rawValue] = w.measure.leak(.signoutLiveLeak, end: end)
    }
}
