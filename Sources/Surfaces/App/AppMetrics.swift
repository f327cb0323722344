import SimKernel

/// The main app's metrics (docs/metrics.md, `S` = `app`), each resolved by its name (its columns in
/// runs.csv: `MetricCatalog.publishedOrder`).
extension Metric {
    /// `app.staleness`.
    public static let appStaleness = Metric.named("app.staleness")
    /// `app.age`.
    public static let appAge = Metric.named("app.age")
    /// `app.lag`.
    public static let appLag = Metric.named("app.lag")
    /// `app.lag.censored`.
    public static let appLagCensored = Metric.named("app.lag.censored")
    /// `app.blank`.
    public static let appBlank = Metric.named("app.blank")
    /// `app.unlabeledStale`.
    public static let appUnlabeledStale = Metric.named("app.unlabeledStale")
    /// `app.wrongAccount`.
    public static let appWrongAccount = Metric.named("app.wrongAccount")
    /// `app.staleness.timeAvg`.
    public static let appStalenessTimeAvg = Metric.named("app.staleness.timeAvg")
    /// `app.keptReadingOverdue`.
    public static let appKeptReadingOverdue = Metric.named("app.keptReadingOverdue")
    /// `app.coldStartUnexplained`.
    public static let appColdStartUnexplained = Metric.named("app.coldStartUnexplained")
}

/// The main app's screen, as the measurement layer watches it (always on; glanced at while in
/// the foreground, `observe.glances.app`, taken by the layer).
extension ObservedSurface {
    package static let app = ObservedSurface("app", slots: { MetricCatalog.appView }, isOn: { _ in true })
}

/// The main app's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the app's view.
    static let appView = SurfaceObserver.Slots(
        staleness: .appStaleness, blank: .appBlank, age: .appAge, lag: .appLag, censored: .appLagCensored,
        unlabeled: .appUnlabeledStale, wrongAccount: .appWrongAccount, timeAvg: .appStalenessTimeAvg)

    package static func app() -> SurfaceMetrics {
        SurfaceMetrics(surface: "app", role: .glanced, metrics: view("app", "app") + [
            MetricSpec(name: "app.keptReadingOverdue", unit: "s", shape: .perReplication, doc: "after the lifetime was shortened below the age of the kept reading: time that reading stayed kept"),
            MetricSpec(name: "app.coldStartUnexplained", unit: "fraction", shape: .perReplication, doc: "cold starts that show neither a kept reading nor a message saying why"),
        ], report: { $0.reportApp(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The app's view (its glances caught up to the end first), its kept reading and its cold starts.
    func reportApp(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        w.measure.catchUpAppGlances(through: end, appInForeground: w.appInForeground)
        w.measure.app.report(into: &r, end: end, truth: w.truth)
        let signals = w.measure.signals(AppSignals.self)
        r.values[Metric.appKeptReadingOverdue.rawValue] = signals.keptReadingOverdue(end: end)
        r.setFraction(.appColdStartUnexplained, signals.coldStartsUnexplained, of: signals.coldStarts)
    }
}

/// What the main app emits for measurement (`AppSignals.emit`).
package enum AppSignal {
    /// The app started cold in front of the user, now; `keptReading`: it keeps a reading it
    /// could have shown (a cold start that shows "Nothing yet" then is unexplained).
    case coldStart(keptReading: Bool)
    /// The kept reading is older than a lifetime the user shortened at `since` (only the first
    /// such moment counts until the reading goes).
    case keptReadingOverdue(since: SimTime)
    /// The kept reading was replaced or deleted at `at` (its overdue time, if any, ends).
    case keptReadingLeft(at: SimTime)
}

/// What the measurement layer keeps of the main app's signals: its cold starts after the
/// warm-up and those showing neither a kept reading nor a message saying why
/// (`app.coldStartUnexplained`), and the time kept readings outlived a lifetime shortened
/// below their age (`app.keptReadingOverdue`).
package final class AppSignals: SurfaceSignals {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Cold starts after the warm-up, and of those the unexplained ones.
    fileprivate var coldStarts = 0, coldStartsUnexplained = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Seconds after the warm-up a reading stayed kept past a lifetime shortened below its age.
    private var overdue: Double = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Since when the kept reading has outlived a lifetime shortened below its age.
    private var overdueSince: SimTime? = nil

    /// The main app reports what happened now.
    package func emit(_ signal: AppSignal) {
        switch signal {
        case .coldStart(let keptReading):
            guard measuring else { return }     // a cold start in the warm-up is not counted
            coldStarts += 1
            if measure.app.current.kind == .nothingYet && keptReading { coldStartsUnexplained += 1 }
        case .keptReadingOverdue(let since):
            if overdueSince == nil { overdueSince = since }
        case .keptReadingLeft(let t):
            guard let since = overdueSince else { return }
            let from = max(since, warmup)
            if t > from { overdue += Time.seconds(t - from) }
            overdueSince = nil
        }
    }

    /// `app.keptReadingOverdue`: the overdue time, with a reading still overdue counted to `end`.
    func keptReadingOverdue(end: SimTime) -> Double {
        emit(.keptReadingLeft(at: end))
        return overdue
    }
}
