import SimKernel
import Platform

/// The watch's metrics (docs/metrics.md, `S` = `watch`), each resolved by its name (its columns in
/// runs.csv: `MetricCatalog.publishedOrder`).
extension Metric {
    /// `watch.staleness`.
    public static let watchStaleness = Metric.named("watch.staleness")
    /// `watch.age`.
    public static let watchAge = Metric.named("watch.age")
    /// `watch.lag`.
    public static let watchLag = Metric.named("watch.lag")
    /// `watch.lag.censored`.
    public static let watchLagCensored = Metric.named("watch.lag.censored")
    /// `watch.blank`.
    public static let watchBlank = Metric.named("watch.blank")
    /// `watch.unlabeledStale`.
    public static let watchUnlabeledStale = Metric.named("watch.unlabeledStale")
    /// `watch.wrongAccount`.
    public static let watchWrongAccount = Metric.named("watch.wrongAccount")
    /// `watch.staleness.timeAvg`.
    public static let watchStalenessTimeAvg = Metric.named("watch.staleness.timeAvg")
    /// `watch.needsPhone`.
    public static let watchNeedsPhone = Metric.named("watch.needsPhone")
    /// `watch.write.lost`.
    public static let watchWriteLost = Metric.named("watch.write.lost")
    /// `watch.write.latency`.
    public static let watchWriteLatency = Metric.named("watch.write.latency")
    /// `watch.relay.queue`.
    public static let watchRelayQueue = Metric.named("watch.relay.queue")
    /// `signout.watch.leak`.
    public static let signoutWatchLeak = Metric.named("signout.watch.leak")
    /// `watch.write.latency.censored`.
    public static let watchWriteLatencyCensored = Metric.named("watch.write.latency.censored")
}

/// The watch app's screen, as the measurement layer watches it: showing data of the phone's
/// second account ends its sign-out leak.
extension ObservedSurface {
    package static let watch = ObservedSurface("watch", slots: { MetricCatalog.watchView }, isOn: { $0.watch.enabled },
                                       leakEndsAtOtherAccount: "signout.watch.leak")
}

/// The watch's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the watch app's view.
    static let watchView = SurfaceObserver.Slots(
        staleness: .watchStaleness, blank: .watchBlank, age: .watchAge, lag: .watchLag, censored: .watchLagCensored,
        unlabeled: .watchUnlabeledStale, wrongAccount: .watchWrongAccount, timeAvg: .watchStalenessTimeAvg)

    package static func watch() -> SurfaceMetrics {
        SurfaceMetrics(surface: "watch", role: .glanced, metrics: view("watch", "watch app") + [
            MetricSpec(name: "watch.needsPhone", unit: "fraction", shape: .perReplication, doc: "watch glances that show \"needs the phone\""),
            MetricSpec(name: "watch.write.lost", unit: "fraction", shape: .perReplication, doc: "watch writes lost for good: refused by an immediate relay, or dropped with no other holder"),
            MetricSpec(name: "watch.write.latency", unit: "s", shape: .sampled, doc: "per watch write: time until the backend applies it"),
            MetricSpec(name: "watch.relay.queue", unit: "items", shape: .sampled, doc: "at each watch write: writes waiting in the relay queue"),
            signOutLeak("watch", "the watch shows the account's data"),
            MetricSpec(name: "watch.write.latency.censored", unit: "fraction", shape: .perReplication, doc: "watch writes on their way (not lost) that the backend had not applied by the end, which watch.write.latency leaves out"),
        ], report: { $0.reportWatch(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The watch app's view, its writes (lost, applied with a latency, or still on their way)
    /// and its sign-out leak; the relay queue's samples were taken as the writes were made.
    func reportWatch(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        let p = w.p
        if p.watch.enabled {
            let o = w.measure.observer(.watch)
            o.report(into: &r, end: end, truth: w.truth)
            r.setFraction(.watchNeedsPhone, o.blankByKind[Int(ViewKind.needsPhone.rawValue)], of: o.glances)
            let signals = w.measure.signals(WatchSignals.self)
            r.samples[Metric.watchRelayQueue.rawValue] = signals.relayQueue
            let writes = signals.writes
            // Lost: the truth's record (refused by an immediate relay, or dropped with no other
            // holder). The rest are applied (a latency) or still on their way (censored).
            var lost = 0, onItsWay = 0
            for wr in writes {
                if let t = w.truth.firstApplied(wr.change) {
                    r.samples[Metric.watchWriteLatency.rawValue].append(Time.seconds(t - wr.madeAt))
                } else if w.truth.wasLost(wr.change) {
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

/// What the watch app emits for measurement (`WatchSignals.emit`): its writes, as they are made.
package enum WatchSignal {
    /// The user makes a write on the watch now, with `queued` changes waiting on the link to the phone.
    case writing(queued: Int)
    /// The watch's write made change `change` now (handed to the link, or refused).
    case wrote(change: ChangeID)
}

/// What the measurement layer keeps of the watch app's signals: the relay queue at each write
/// (`watch.relay.queue`, sampled into a study's time series as it comes) and the writes made
/// after the warm-up, which its metrics follow to the backend (`watch.write.*`).
package final class WatchSignals: SurfaceSignals {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Per write after the warm-up: changes waiting on the link.
    fileprivate var relayQueue: [Double] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The writes made after the warm-up: change number, when made.
    private(set) var writes: [(change: ChangeID, madeAt: SimTime)] = []

    /// The watch app reports what happened now.
    package func emit(_ signal: WatchSignal) {
        guard measuring else { return }
        switch signal {
        case .writing(let queued):
            relayQueue.append(Double(queued))
            if let series { series.sample(.watchRelayQueue, Double(queued), at: now) }
        case .wrote(let change):
            writes.append((change, now))
        }
    }
}
