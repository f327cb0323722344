import SimKernel
import Platform

/// The widget's metrics (docs/metrics.md, `S` = `widget`), each resolved by its name (its columns
/// in runs.csv: `MetricCatalog.publishedOrder`).
extension Metric {
    /// `widget.staleness`.
    public static let widgetStaleness = Metric.named("widget.staleness")
    /// `widget.age`.
    public static let widgetAge = Metric.named("widget.age")
    /// `widget.lag`.
    public static let widgetLag = Metric.named("widget.lag")
    /// `widget.lag.censored`.
    public static let widgetLagCensored = Metric.named("widget.lag.censored")
    /// `widget.blank`.
    public static let widgetBlank = Metric.named("widget.blank")
    /// `widget.unlabeledStale`.
    public static let widgetUnlabeledStale = Metric.named("widget.unlabeledStale")
    /// `widget.wrongAccount`.
    public static let widgetWrongAccount = Metric.named("widget.wrongAccount")
    /// `widget.staleness.timeAvg`.
    public static let widgetStalenessTimeAvg = Metric.named("widget.staleness.timeAvg")
    /// `widget.differsFromApp`.
    public static let widgetDiffersFromApp = Metric.named("widget.differsFromApp")
    /// `widget.wrongTarget`.
    public static let widgetWrongTarget = Metric.named("widget.wrongTarget")
    /// `widget.providerKilled`.
    public static let widgetProviderKilled = Metric.named("widget.providerKilled")
    /// `widget.reloads`.
    public static let widgetReloads = Metric.named("widget.reloads")
    /// `signout.widget.leak`.
    public static let signoutWidgetLeak = Metric.named("signout.widget.leak")
    /// `widget.providerCrashed`.
    public static let widgetProviderCrashed = Metric.named("widget.providerCrashed")
    /// `widget.slotStaleness`.
    public static let widgetSlotStaleness = Metric.named("widget.slotStaleness")
    /// `widget.previewShowsAccount`.
    public static let widgetPreviewShowsAccount = Metric.named("widget.previewShowsAccount")
    /// `widget.redacted`.
    public static let widgetRedacted = Metric.named("widget.redacted")
    /// `widget.staleName`.
    public static let widgetStaleName = Metric.named("widget.staleName")
}

/// The widget's screen, as the measurement layer watches it: glanced at on its own all day
/// (`observe.glances.widget`, taken by the layer), the data on it moving on by its own schedule.
extension ObservedSurface {
    package static let widget = ObservedSurface("widget", slots: { MetricCatalog.widgetView }, isOn: { $0.widget.enabled }, room: 128,
                                        slotEvery: { $0.widget.slotEvery }, configuredTarget: Parameters.Widget.configuredTarget)
}

/// The widget's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the widget's view.
    static let widgetView = SurfaceObserver.Slots(
        staleness: .widgetStaleness, blank: .widgetBlank, age: .widgetAge, lag: .widgetLag, censored: .widgetLagCensored,
        unlabeled: .widgetUnlabeledStale, wrongAccount: .widgetWrongAccount, timeAvg: .widgetStalenessTimeAvg,
        slotStaleness: .widgetSlotStaleness)

    package static func widget() -> SurfaceMetrics {
        SurfaceMetrics(surface: "widget", role: .glanced, metrics: view("widget", "widget") + [
            MetricSpec(name: "widget.differsFromApp", unit: "fraction", shape: .perReplication, doc: "looks at the widget on return to the home screen (30 s after leaving the app) where it lacks a change the app showed"),
            MetricSpec(name: "widget.wrongTarget", unit: "fraction", shape: .perReplication, doc: "glances at the account's data that show another object than the configured one (of the glances at data, not of all)"),
            MetricSpec(name: "widget.providerKilled", unit: "fraction", shape: .perReplication, doc: "provider runs started after the warm-up that were killed for time or memory"),
            MetricSpec(name: "widget.reloads", unit: "count", shape: .perReplication, doc: "provider runs started after the warm-up, per replication"),
            signOutLeak("widget", "the widget shows the account"),
            MetricSpec(name: "widget.providerCrashed", unit: "fraction", shape: .perReplication, doc: "provider runs started after the warm-up that crashed (a projection they could not decode); the old views stay"),
            MetricSpec(name: "widget.slotStaleness", unit: "s", shape: .sampled, doc: "at each glance at a widget showing data whose own schedule moves on (widget.slotEvery above 0s): how long ago the entry it shows stopped being current, 0 when it shows the current one (an entry shown on time is fresh)"),
            MetricSpec(name: "widget.previewShowsAccount", unit: "fraction", shape: .perReplication, doc: "previews the widget gallery showed after the warm-up (widget.galleryOpens.perDay) that drew the account's data rather than fixture data"),
            MetricSpec(name: "widget.redacted", unit: "fraction", shape: .perReplication, doc: "glances at the widget that saw the system's redacted view (widget.redactsWhenLocked, the phone locked)"),
            MetricSpec(name: "widget.staleName", unit: "fraction", shape: .perReplication, doc: "glances at the widget showing data whose object has been renamed at the backend since the name it shows (elsewhere.renames.perDay)"),
        ], report: { $0.reportWidget(into: &$1, end: $2) })
    }
}

extension ReplicationReadout {
    /// The widget's view (its glances caught up to the end first), its provider's runs, the
    /// looks on return from the app, the gallery's previews, and its sign-out leak.
    func reportWidget(into r: inout ReplicationResult, end: SimTime) {
        let w = self
        if w.p.widget.enabled {
            w.measure.catchUpWidgetGlances(through: end)
            w.measure.widget.report(into: &r, end: end, truth: w.truth)
            let c = w.measure.counters
            let provider = w.measure.signals(WidgetSignals.self)
            r.setFraction(.widgetDiffersFromApp, c.homeReturnsDiffer, of: c.homeReturns)
            r.setFraction(.widgetWrongTarget, c.widgetWrongTarget, of: c.widgetGlancesData)
            r.setFraction(.widgetProviderKilled, provider.killed, of: provider.runs)
            r.setFraction(.widgetProviderCrashed, provider.crashed, of: provider.runs)
            r.values[Metric.widgetReloads.rawValue] = Double(w.measure.mechanisms.reloadsRun)
            r.setFraction(.widgetStaleName, c.widgetStaleName, of: c.widgetGlancesData)
            r.setFraction(.widgetPreviewShowsAccount, provider.previewsShowingAccount, of: provider.previews)
            let o = w.measure.widget
            r.setFraction(.widgetRedacted, o.blankByKind[Int(ViewKind.redacted.rawValue)], of: o.glances)
        }
        r.values[Metric.signoutWidgetLeak.rawValue] = w.measure.leak(.signoutWidgetLeak, end: end)
    }
}

/// What the widget's programs emit for measurement (`WidgetSignals.emit`): the provider's
/// timeline runs and how they ended, and the previews the widget gallery showed.
package enum WidgetSignal {
    /// A provider run for a timeline began now (runs begun after the warm-up are counted, and
    /// so is how they end).
    case providerRun
    /// The latest timeline run was killed, for memory or for time (the engine's end reason).
    case providerKilled(forMemory: Bool)
    /// The latest timeline run crashed: the projection did not decode.
    case providerCrashed
    /// The widget gallery showed the provider's preview `view`.
    case galleryPreview(View)
}

/// What the measurement layer keeps of the widget's signals: its provider's timeline runs and
/// those killed or crashed (`widget.providerKilled`, `widget.providerCrashed`), and the
/// gallery's previews and those drawing the account's data (`widget.previewShowsAccount`).
package final class WidgetSignals: SurfaceSignals {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The latest timeline run began after the warm-up (its end is counted).
    private var latestRunCounted = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Timeline runs begun after the warm-up, and of those the ones killed and crashed.
    fileprivate var runs = 0, killed = 0, crashed = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Gallery previews after the warm-up, and of those the ones drawing the account's data.
    fileprivate var previews = 0, previewsShowingAccount = 0

    /// The widget's provider or the platform's gallery reports what happened now.
    package func emit(_ signal: WidgetSignal) {
        switch signal {
        case .providerRun:
            latestRunCounted = measuring
            if latestRunCounted { runs += 1 }
        case .providerKilled(let forMemory):
            guard latestRunCounted else { return }
            killed += 1
            measure.mechanisms.providerKilled(forMemory: forMemory)
        case .providerCrashed:
            if latestRunCounted { crashed += 1 }
        case .galleryPreview(let view):
            trace?.record(now, "gallery", "preview", SurfaceObserver.describe(view))
            guard measuring else { return }
            previews += 1
            if view.kind == .data && view.account != .nobody { previewsShowingAccount += 1 }
        }
    }
}

extension WidgetSignals {
    /// The platform showed `view` as the widget gallery's preview (`PlatformObserver.galleryShowsPreview`):
    /// the measurement layer `measure` hands it on here, as the widget's descriptor declares
    /// (`SurfaceDescriptor.galleryPreviews`), and the widget's signals count it.
    package static func galleryShowsPreview(_ measure: Measurement, _ view: View) {
        measure.signals(WidgetSignals.self).emit(.galleryPreview(view))
    }
}
