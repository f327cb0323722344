import SimKernel
import Platform

/// The actions' metrics (docs/metrics.md), each resolved by its name (its columns in runs.csv:
/// `MetricCatalog.publishedOrder`).
extension Metric {
    /// `action.duplicated`.
    public static let actionDuplicated = Metric.named("action.duplicated")
    /// `action.completedWithoutApp`.
    public static let actionCompletedWithoutApp = Metric.named("action.completedWithoutApp")
    /// `action.openedApp`.
    public static let actionOpenedApp = Metric.named("action.openedApp")
    /// `signout.actions.leak`.
    public static let signoutActionsLeak = Metric.named("signout.actions.leak")
    /// `action.lost`.
    public static let actionLost = Metric.named("action.lost")
}

/// The actions' part of the metric catalogue.
extension MetricCatalog {
    package static func actions() -> SurfaceMetrics {
        SurfaceMetrics(surface: "action", role: .judgedBy(["action.lost", "action.duplicated"]), metrics: [
            MetricSpec(name: "action.duplicated", unit: "fraction", shape: .perReplication, doc: "actions the backend applied more than once"),
            MetricSpec(name: "action.completedWithoutApp", unit: "fraction", shape: .perReplication, doc: "actions completed without the app opening"),
            MetricSpec(name: "action.openedApp", unit: "fraction", shape: .perReplication, doc: "actions that had to open the app (\"continue in the app\")"),
            signOutLeak("actions", "actions act on the account"),
            MetricSpec(name: "action.lost", unit: "fraction", shape: .perReplication, doc: "actions whose change was lost for good (every attempt failed and nothing carries it)"),
        ], report: { $0.reportActions(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The actions run after the warm-up (applied twice, completed without the app, opened it,
    /// lost) and their sign-out leak.
    func reportActions(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        let p = w.p
        if p.action.enabled {
            let runs = w.measure.signals(ActionSignals.self).runs.filter { $0.startedAt >= p.observe.warmup }
            r.setFraction(.actionDuplicated, runs.filter { $0.change.map { w.truth.timesApplied($0) > 1 } ?? false }.count, of: runs.count)
            r.setFraction(.actionOpenedApp, runs.filter(\.openedApp).count, of: runs.count)
            r.setFraction(.actionCompletedWithoutApp, runs.filter { !$0.openedApp && ($0.change.map { w.truth.timesApplied($0) > 0 } ?? false) }.count, of: runs.count)
            r.setFraction(.actionLost, runs.filter { $0.change.map(w.truth.wasLost) ?? false }.count, of: runs.count)
        }
        r.values[Metric.signoutActionsLeak.rawValue] = w.measure.leak(.signoutActionsLeak, end: end)
    }
}

/// What the automations emit for measurement of one action run (`ActionSignals.emit`; the
/// automations number the runs in order).
package enum ActionSignal {
    /// Run `run` started now (the next run in order).
    case started(run: Int32)
    /// Run `run`'s first background attempt made change `change`.
    case change(run: Int32, ChangeID)
    /// Run `run` opened the app ("continue in the app").
    case openedApp(run: Int32)
}

/// An action run as the measurement layer follows it.
@_spi(Assembly) public struct MeasuredAction {
    var startedAt: SimTime
    /// The change its first background attempt made (nil: none yet).
    package var change: ChangeID?
    var openedApp = false
}

/// What the measurement layer keeps of the automations' signals: every action run, by number,
/// and what became of it (the `action.*` metrics follow their changes to the backend).
package final class ActionSignals: SurfaceSignals {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Every action run, by number, and what became of it.
    @_spi(Assembly) public private(set) var runs: [MeasuredAction] = []

    /// The automations report what happened now.
    package func emit(_ signal: ActionSignal) {
        switch signal {
        case .started(let run):
            precondition(Int(run) == runs.count, "action runs are numbered in order")
            runs.append(MeasuredAction(startedAt: now))
        case .change(let run, let c): runs[Int(run)].change = c
        case .openedApp(let run): runs[Int(run)].openedApp = true
        }
    }
}
