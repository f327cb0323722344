import SimKernel
import Platform

/// The widget's metrics (docs/metrics.md, `S` = `widget`), each at its place in runs.csv.
extension Metric {
    /// `widget.staleness`.
    public static var widgetStaleness: Metric { Metric(0) }
    /// `widget.age`.
    public static var widgetAge: Metric { Metric(1) }
    /// `widget.lag`.
    public static var widgetLag: Metric { Metric(2) }
    /// `widget.lag.censored`.
    public static var widgetLagCensored: Metric { Metric(3) }
    /// `widget.blank`.
    public static var widgetBlank: Metric { Metric(4) }
    /// `widget.unlabeledStale`.
    public static var widgetUnlabeledStale: Metric { Metric(5) }
    /// `widget.wrongAccount`.
    public static var widgetWrongAccount: Metric { Metric(6) }
    /// `widget.staleness.timeAvg`.
    public static var widgetStalenessTimeAvg: Metric { Metric(7) }
    /// `widget.differsFromApp`.
    public static var widgetDiffersFromApp: Metric { Metric(8) }
    /// `widget.wrongTarget`.
    public static var widgetWrongTarget: Metric { Metric(9) }
    /// `widget.providerKilled`.
    public static var widgetProviderKilled: Metric { Metric(10) }
    /// `widget.reloads`.
    public static var widgetReloads: Metric { Metric(11) }
    /// `signout.widget.leak`.
    public static var signoutWidgetLeak: Metric { Metric(62) }
    /// `widget.providerCrashed`.
    public static var widgetProviderCrashed: Metric { Metric(75) }
    /// `widget.slotStaleness`.
    public static var widgetSlotStaleness: Metric { Metric(76) }
    /// `widget.previewShowsAccount`.
    public static var widgetPreviewShowsAccount: Metric { Metric(105) }
    /// `widget.redacted`.
    public static var widgetRedacted: Metric { Metric(106) }
    /// `widget.staleName`.
    public static var widgetStaleName: Metric { Metric(107) }
}

/// The widget's part of the metric catalogue.
extension MetricCatalog {
    /// The slots of the widget's view.
    static let widgetView = SurfaceObserver.Slots(
        staleness: .widgetStaleness, blank: .widgetBlank, age: .widgetAge, lag: .widgetLag, censored: .widgetLagCensored,
        unlabeled: .widgetUnlabeledStale, wrongAccount: .widgetWrongAccount, timeAvg: .widgetStalenessTimeAvg,
        slotStaleness: .widgetSlotStaleness)

    static func widget() -> SurfaceMetrics {
        SurfaceMetrics(surface: "widget", role: .glanced, metrics: view("widget", "widget", widgetView) + [
            (.widgetDiffersFromApp, MetricSpec(name: "widget.differsFromApp", unit: "fraction", shape: .perReplication, doc: "looks at the widget on return to the home screen (30 s after leaving the app) where it lacks a change the app showed")),
            (.widgetWrongTarget, MetricSpec(name: "widget.wrongTarget", unit: "fraction", shape: .perReplication, doc: "glances at the account's data that show another object than the configured one (of the glances at data, not of all)")),
            (.widgetProviderKilled, MetricSpec(name: "widget.providerKilled", unit: "fraction", shape: .perReplication, doc: "provider runs started after the warm-up that were killed for time or memory")),
            (.widgetReloads, MetricSpec(name: "widget.reloads", unit: "count", shape: .perReplication, doc: "provider runs started after the warm-up, per replication")),
            (.signoutWidgetLeak, signOutLeak("widget", "the widget shows the account")),
            (.widgetProviderCrashed, MetricSpec(name: "widget.providerCrashed", unit: "fraction", shape: .perReplication, doc: "provider runs started after the warm-up that crashed (a projection they could not decode); the old views stay")),
            (.widgetSlotStaleness, MetricSpec(name: "widget.slotStaleness", unit: "s", shape: .sampled, doc: "at each glance at a widget showing data whose own schedule moves on (widget.slotEvery above 0s): how long ago the entry it shows stopped being current, 0 when it shows the current one (an entry shown on time is fresh)")),
            (.widgetPreviewShowsAccount, MetricSpec(name: "widget.previewShowsAccount", unit: "fraction", shape: .perReplication, doc: "previews the widget gallery showed after the warm-up (widget.galleryOpens.perDay) that drew the account's data rather than fixture data")),
            (.widgetRedacted, MetricSpec(name: "widget.redacted", unit: "fraction", shape: .perReplication, doc: "glances at the widget that saw the system's redacted view (widget.redactsWhenLocked, the phone locked)")),
            (.widgetStaleName, MetricSpec(name: "widget.staleName", unit: "fraction", shape: .perReplication, doc: "glances at the widget showing data whose object has been renamed at the backend since the name it shows (elsewhere.renames.perDay)")),
        ], report: { $0.reportWidget(into: &$1, end: $2) })
    }
}

extension Assembly {
    /// The widget's view (its glances caught up to the end first), its provider's runs, the
    /// looks on return from the app, the gallery's previews, and its sign-out leak.
    func reportWidget(into r: inout ReplicationResult, end: SimTime) {
        let w = world
        if w.p.widget.enabled {
            w.measure.catchUpWidgetGlances(through: end)
            w.measure.widget.report(into: &r, end: end, truth: w.truth, MetricCatalog.widgetView)
            let c = w.measure.counters
            r.setFraction(.widgetDiffersFromApp, c.homeReturnsDiffer, of: c.homeReturns)
            r.setFraction(.widgetWrongTarget, c.widgetWrongTarget, of: c.widgetGlancesData)
            r.setFraction(.widgetProviderKilled, c.providerKilled, of: c.providerRuns)
            r.setFraction(.widgetProviderCrashed, c.providerCrashed, of: c.providerRuns)
            r.values[Metric.widgetReloads.rawValue] = Double(widgetHost.reloadsRun)
            r.setFraction(.widgetStaleName, c.widgetStaleName, of: c.widgetGlancesData)
            r.setFraction(.widgetPreviewShowsAccount, c.galleryPreviewsAccount, of: c.galleryPreviews)
            let o = w.measure.widget
            r.setFraction(.widgetRedacted, o.blankByKind[Int(ViewKind.redacted.rawValue)], of: o.glances)
        }
        r.values[Metric.signoutWidgetLeak.rawValue] = w.measure.leak(.signoutWidgetLeak, end: end)
    }
}
