import SimKernel

/// The main app's metrics (docs/metrics.md, `S` = `app`), each at its place in runs.csv.
extension Metric {
    /// `app.staleness`.
    public static var appStaleness: Metric { Metric(12) }
    /// `app.age`.
    public static var appAge: Metric { Metric(13) }
    /// `app.lag`.
    public static var appLag: Metric { Metric(14) }
    /// `app.lag.censored`.
    public static var appLagCensored: Metric { Metric(15) }
    /// `app.blank`.
    public static var appBlank: Metric { Metric(16) }
    /// `app.unlabeledStale`.
    public static var appUnlabeledStale: Metric { Metric(17) }
    /// `app.wrongAccount`.
    public static var appWrongAccount: Metric { Metric(18) }
    /// `app.staleness.timeAvg`.
    public static var appStalenessTimeAvg: Metric { Metric(19) }
    /// `app.keptReadingOverdue`.
    public static var appKeptReadingOverdue: Metric { Metric(20) }
    /// `app.coldStartUnexplained`.
    public static var appColdStartUnexplained: Metric { Metric(21) }
}

/// The main app's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the app's view.
    static let appView = SurfaceObserver.Slots(
        staleness: .appStaleness, blank: .appBlank, age: .appAge, lag: .appLag, censored: .appLagCensored,
        unlabeled: .appUnlabeledStale, wrongAccount: .appWrongAccount, timeAvg: .appStalenessTimeAvg)

    static func app() -> SurfaceMetrics {
        SurfaceMetrics(surface: "app", role: .glanced, metrics: view("app", "app", appView) + [
            (.appKeptReadingOverdue, MetricSpec(name: "app.keptReadingOverdue", unit: "s", shape: .perReplication, doc: "after the lifetime was shortened below the age of the kept reading: time that reading stayed kept")),
            (.appColdStartUnexplained, MetricSpec(name: "app.coldStartUnexplained", unit: "fraction", shape: .perReplication, doc: "cold starts that show neither a kept reading nor a message saying why")),
        ], report: { $0.reportApp(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The app's view (its glances caught up to the end first), its kept reading and its cold starts.
    func reportApp(into r: inout ReplicationResult, end: SimTime) {
        let w = world
        w.measure.catchUpAppGlances(through: end, appInForeground: w.os.appInForeground)
        w.measure.app.report(into: &r, end: end, truth: w.truth, MetricCatalog.appView)
        app.container.storage.close(at: end)
        let c = w.measure.counters
        r.values[Metric.appKeptReadingOverdue.rawValue] = app.container.storage.overdue
        r.setFraction(.appColdStartUnexplained, c.coldStartsUnexplained, of: c.coldStarts)
    }
}
