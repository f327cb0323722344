import SimKernel

/// The instant version's metric (docs/metrics.md), at its place in runs.csv.
extension Metric {
    /// `instant.emptyFirstLaunch`.
    public static var instantEmptyFirstLaunch: Metric { Metric(52) }
}

/// The instant version's part of the metric catalogue.
extension MetricCatalog {
    static func instantVersion() -> SurfaceMetrics {
        SurfaceMetrics(surface: "instant", role: .judgedBy([.instantEmptyFirstLaunch]), metrics: [
            (.instantEmptyFirstLaunch, MetricSpec(name: "instant.emptyFirstLaunch", unit: "fraction", shape: .perReplication, doc: "first launches of the full app, after using the instant version, that start empty")),
        ], report: { $0.reportInstantVersion(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The full app's first launches after the instant version: how many started empty.
    func reportInstantVersion(into r: inout ReplicationResult, end: SimTime) {
        guard world.p.instant.enabled else { return }
        r.setFraction(.instantEmptyFirstLaunch, instant.firstLaunches.filter { !$0 }.count, of: instant.firstLaunches.count)
    }
}
