import SimKernel

/// The instant version's metric (docs/metrics.md), resolved by its name (its columns in runs.csv:
/// `MetricCatalog.publishedOrder`).
extension Metric {
    /// `instant.emptyFirstLaunch`.
    public static let instantEmptyFirstLaunch = Metric.named("instant.emptyFirstLaunch")
}

/// The instant version's part of the metric catalogue.
extension MetricCatalog {
    package static func instantVersion() -> SurfaceMetrics {
        SurfaceMetrics(surface: "instant", role: .judgedBy(["instant.emptyFirstLaunch"]), metrics: [
            MetricSpec(name: "instant.emptyFirstLaunch", unit: "fraction", shape: .perReplication, doc: "first launches of the full app, after using the instant version, that start empty"),
        ], report: { $0.reportInstantVersion(into: &$1, end: $2) })
    }
}

/// What the instant version's program emits for measurement (`InstantVersionSignals.emit`).
package enum InstantVersionSignal {
    /// The person installed the full app, whose first launch found state in its container or not.
    case fullAppFirstLaunch(foundState: Bool)
}

/// What the measurement layer keeps of the instant version's signals: the full app's first
/// launches after the warm-up and those that started empty (`instant.emptyFirstLaunch`).
package final class InstantVersionSignals: SurfaceSignals {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// First launches of the full app after the warm-up.
    fileprivate var firstLaunches = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Of those, the ones whose container held no state.
    fileprivate var emptyFirstLaunches = 0

    /// The instant version's program reports what happened now.
    package func emit(_ signal: InstantVersionSignal) {
        switch signal {
        case .fullAppFirstLaunch(let foundState):
            guard measuring else { return }
            firstLaunches += 1
            if !foundState { emptyFirstLaunches += 1 }
        }
    }
}

extension ReplicationReadout {
    /// The full app's first launches after the instant version: how many started empty.
    func reportInstantVersion(into r: inout ReplicationResult, end: SimTime) {
        guard p.instant.enabled else { return }
        let instant = measure.signals(InstantVersionSignals.self)
        r.setFraction(.instantEmptyFirstLaunch, instant.emptyFirstLaunches, of: instant.firstLaunches)
    }
}
