import SimKernel

/// The car screen's metrics (docs/metrics.md, `S` = `car`), each resolved by its name (its columns
/// in runs.csv: `MetricCatalog.publishedOrder`).
extension Metric {
    /// `car.staleness`.
    public static let carStaleness = Metric.named("car.staleness")
    /// `car.age`.
    public static let carAge = Metric.named("car.age")
    /// `car.lag`.
    public static let carLag = Metric.named("car.lag")
    /// `car.lag.censored`.
    public static let carLagCensored = Metric.named("car.lag.censored")
    /// `car.blank`.
    public static let carBlank = Metric.named("car.blank")
    /// `car.unlabeledStale`.
    public static let carUnlabeledStale = Metric.named("car.unlabeledStale")
    /// `car.wrongAccount`.
    public static let carWrongAccount = Metric.named("car.wrongAccount")
    /// `car.staleness.timeAvg`.
    public static let carStalenessTimeAvg = Metric.named("car.staleness.timeAvg")
    /// `signout.car.leak`.
    public static let signoutCarLeak = Metric.named("signout.car.leak")
}

/// The car screen, as the measurement layer watches it.
extension ObservedSurface {
    /// Glanced at during a drive (`observe.glances.car.perHour`, stream `glances.car`): the car
    /// program says when a drive begins and ends (`Measurement.glancesBegin`, `glancesEnd`).
    package static let car = ObservedSurface("car", slots: { MetricCatalog.carView }, isOn: { $0.car.enabled },
                                             glances: GlanceSchedule(stream: "glances.car", rate: { $0.observe.carGlances }))
}

/// The car's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the car screen's view.
    static let carView = SurfaceObserver.Slots(
        staleness: .carStaleness, blank: .carBlank, age: .carAge, lag: .carLag, censored: .carLagCensored,
        unlabeled: .carUnlabeledStale, wrongAccount: .carWrongAccount, timeAvg: .carStalenessTimeAvg)

    package static func car() -> SurfaceMetrics {
        SurfaceMetrics(surface: "car", role: .glanced, metrics: view("car", "car screen") + [
            signOutLeak("car", "the car screen shows the account, or the car's own client stays signed in"),
        ], report: { $0.reportCar(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The car screen's view and its sign-out leak.
    func reportCar(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        if w.p.car.enabled {
            // The templates print no data age (`View.carTemplates`): every stale glance is unlabeled.
            w.measure.observer(.car).report(into: &r, end: end, truth: w.truth)
        }
        r.values[Metric.signoutCarLeak.rawValue] = w.measure.leak(.signoutCarLeak, end: end)
    }
}
