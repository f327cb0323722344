import SimKernel
import Platform

/// The watch's metrics (docs/metrics.md, `S` = `watch`), each at its place in runs.csv.
extension Metric {
    /// `watch.staleness`.
    public static var watchStaleness: Metric { Metric(22) }
    /// `watch.age`.
    public static var watchAge: Metric { Metric(23) }
    /// `watch.lag`.
    public static var watchLag: Metric { Metric(24) }
    /// `watch.lag.censored`.
    public static var watchLagCensored: Metric { Metric(25) }
    /// `watch.blank`.
    public static var watchBlank: Metric { Metric(26) }
    /// `watch.unlabeledStale`.
    public static var watchUnlabeledStale: Metric { Metric(27) }
    /// `watch.wrongAccount`.
    public static var watchWrongAccount: Metric { Metric(28) }
    /// `watch.staleness.timeAvg`.
    public static var watchStalenessTimeAvg: Metric { Metric(29) }
    /// `watch.needsPhone`.
    public static var watchNeedsPhone: Metric { Metric(30) }
    /// `watch.write.lost`.
    public static var watchWriteLost: Metric { Metric(31) }
    /// `watch.write.latency`.
    public static var watchWriteLatency: Metric { Metric(32) }
    /// `watch.relay.queue`.
    public static var watchRelayQueue: Metric { Metric(33) }
    /// `signout.watch.leak`.
    public static var signoutWatchLeak: Metric { Metric(64) }
    /// `watch.write.latency.censored`.
    public static var watchWriteLatencyCensored: Metric { Metric(73) }
}

/// The watch's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the watch app's view.
    static let watchView = SurfaceObserver.Slots(
        staleness: .watchStaleness, blank: .watchBlank, age: .watchAge, lag: .watchLag, censored: .watchLagCensored,
        unlabeled: .watchUnlabeledStale, wrongAccount: .watchWrongAccount, timeAvg: .watchStalenessTimeAvg)

    static func watch() -> SurfaceMetrics {
        SurfaceMetrics(surface: "watch", role: .glanced, metrics: view("watch", "watch app", watchView) + [
            (.watchNeedsPhone, MetricSpec(name: "watch.needsPhone", unit: "fraction", shape: .perReplication, doc: "watch glances that show \"needs the phone\"")),
            (.watchWriteLost, MetricSpec(name: "watch.write.lost", unit: "fraction", shape: .perReplication, doc: "watch writes lost for good: refused by an immediate relay, or dropped with no other holder")),
            (.watchWriteLatency, MetricSpec(name: "watch.write.latency", unit: "s", shape: .sampled, doc: "per watch write: time until the backend applies it")),
            (.watchRelayQueue, MetricSpec(name: "watch.relay.queue", unit: "items", shape: .sampled, doc: "at each watch write: writes waiting in the relay queue")),
            (.signoutWatchLeak, signOutLeak("watch", "the watch shows the account's data")),
            (.watchWriteLatencyCensored, MetricSpec(name: "watch.write.latency.censored", unit: "fraction", shape: .perReplication, doc: "watch writes on their way (not lost) that the backend had not applied by the end, which watch.write.latency leaves out")),
        ], report: { $0.reportWatch(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The watch app's view, its writes (lost, applied with a latency, or still on their way)
    /// and its sign-out leak; the relay queue's samples are taken as the writes are made.
    func reportWatch(into r: inout ReplicationResult, end: SimTime) {
        let w = world
        let p = w.p
        if p.watch.enabled {
            w.measure.watch.report(into: &r, end: end, truth: w.truth, MetricCatalog.watchView)
            let o = w.measure.watch
            r.setFraction(.watchNeedsPhone, o.blankByKind[Int(ViewKind.needsPhone.rawValue)], of: o.glances)
            let writes = watch.writes.filter { $0.madeAt >= p.observe.warmup }
            // Lost: the truth's record (refused by an immediate relay, or dropped with no other
            // holder). The rest are applied (a latency) or still on their way (censored).
            var lost = 0, onItsWay = 0
            for wr in writes {
                if let t = backend.firstApplied(wr.change) {
                    r.samples[Metric.watchWriteLatency.rawValue].append(Time.seconds(t - wr.madeAt))
                } else if w.truth.lostAt[Int(wr.change)] < Time.never {
                    lost += 1
                } else {
                    onItsWay += 1
                }
            }
            r.setFraction(.watchWriteLost, lost, of: writes.count)
            r.setFraction(.watchWriteLatencyCensored, onItsWay, of: writes.count - lost)
        }
        r.values[Metric.signoutWatchLeak.rawValue] = w.measure.leak(.signoutWatchLeak, end: end)
    }
}
