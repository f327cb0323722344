import SimKernel

/// The actions' metrics (docs/metrics.md), each at its place in runs.csv.
extension Metric {
    /// `action.duplicated`.
    public static var actionDuplicated: Metric { Metric(49) }
    /// `action.completedWithoutApp`.
    public static var actionCompletedWithoutApp: Metric { Metric(50) }
    /// `action.openedApp`.
    public static var actionOpenedApp: Metric { Metric(51) }
    /// `signout.actions.leak`.
    public static var signoutActionsLeak: Metric { Metric(67) }
    /// `action.lost`.
    public static var actionLost: Metric { Metric(74) }
}

/// The actions' part of the metric catalogue.
extension MetricCatalog {
    static func actions() -> SurfaceMetrics {
        SurfaceMetrics(surface: "action", role: .judgedBy([.actionLost, .actionDuplicated]), metrics: [
            (.actionDuplicated, MetricSpec(name: "action.duplicated", unit: "fraction", shape: .perReplication, doc: "actions the backend applied more than once")),
            (.actionCompletedWithoutApp, MetricSpec(name: "action.completedWithoutApp", unit: "fraction", shape: .perReplication, doc: "actions completed without the app opening")),
            (.actionOpenedApp, MetricSpec(name: "action.openedApp", unit: "fraction", shape: .perReplication, doc: "actions that had to open the app (\"continue in the app\")")),
            (.signoutActionsLeak, signOutLeak("actions", "actions act on the account")),
            (.actionLost, MetricSpec(name: "action.lost", unit: "fraction", shape: .perReplication, doc: "actions whose change was lost for good (every attempt failed and nothing carries it)")),
        ], report: { $0.reportActions(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The actions run after the warm-up (applied twice, completed without the app, opened it,
    /// lost) and their sign-out leak.
    func reportActions(into r: inout ReplicationResult, end: SimTime) {
        let w = world
        let p = w.p
        if p.action.enabled {
            let runs = w.measure.actions.filter { $0.startedAt >= p.observe.warmup }
            r.setFraction(.actionDuplicated, runs.filter { $0.change >= 0 && backend.timesApplied($0.change) > 1 }.count, of: runs.count)
            r.setFraction(.actionOpenedApp, runs.filter(\.openedApp).count, of: runs.count)
            r.setFraction(.actionCompletedWithoutApp, runs.filter { !$0.openedApp && $0.change >= 0 && backend.timesApplied($0.change) > 0 }.count, of: runs.count)
            r.setFraction(.actionLost, runs.filter { $0.change >= 0 && w.truth.lostAt[Int($0.change)] < Time.never }.count, of: runs.count)
        }
        r.values[Metric.signoutActionsLeak.rawValue] = w.measure.leak(.signoutActionsLeak, end: end)
    }
}
