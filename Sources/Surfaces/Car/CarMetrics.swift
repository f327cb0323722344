import SimKernel

/// The car screen's metrics (docs/metrics.md, `S` = `car`), each at its place in runs.csv.
extension Metric {
    /// `car.staleness`.
    public static var carStaleness: Metric { Metric(53) }
    /// `car.age`.
    public static var carAge: Metric { Metric(54) }
    /// `car.lag`.
    public static var carLag: Metric { Metric(55) }
    /// `car.lag.censored`.
    public static var carLagCensored: Metric { Metric(56) }
    /// `car.blank`.
    public static var carBlank: Metric { Metric(57) }
    /// `car.unlabeledStale`.
    public static var carUnlabeledStale: Metric { Metric(58) }
    /// `car.wrongAccount`.
    public static var carWrongAccount: Metric { Metric(59) }
    /// `car.staleness.timeAvg`.
    public static var carStalenessTimeAvg: Metric { Metric(60) }
    /// `signout.car.leak`.
    public static var signoutCarLeak: Metric { Metric(69) }
}

/// The car's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the car screen's view.
    static let carView = SurfaceObserver.Slots(
        staleness: .carStaleness, blank: .carBlank, age: .carAge, lag: .carLag, censored: .carLagCensored,
        unlabeled: .carUnlabeledStale, wrongAccount: .carWrongAccount, timeAvg: .carStalenessTimeAvg)

    static func car() -> SurfaceMetrics {
        SurfaceMetrics(surface: "car", role: .glanced, metrics: view("car", "car screen", carView) + [
            (.signoutCarLeak, signOutLeak("car", "the car screen shows the account, or the car's own client stays signed in")),
        ], report: { $0.reportCar(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The car screen's view and its sign-out leak.
    func reportCar(into r: inout ReplicationResult, end: SimTime) {
        let w = world
        if w.p.car.enabled {
            // The templates print no data age (`View.carTemplates`): every stale glance is unlabeled.
            w.measure.car.report(into: &r, end: end, truth: w.truth, MetricCatalog.carView)
        }
        r.values[Metric.signoutCarLeak.rawValue] = w.measure.leak(.signoutCarLeak, end: end)
    }
}
