// What the summary table `run` prints and the charts it draws show (`observe.report`,
// docs/scenarios.md#what-the-summary-and-the-charts-show, docs/output.md): the metrics a
// scenario names, or by default what suits the surfaces the study turns on.
import Surfaces
import SurfaceCore

/// The metrics of the summary table and of the charts. The CSV files keep every metric.
public struct MetricReport: Sendable, Equatable {
    /// The metrics the summary table shows, in its column order.
    public var table: [ReportedMetric]
    /// The metrics the charts draw: an ECDF per sampled one, a sweep chart per measure.
    public var charts: [ReportedMetric]

    /// The metrics a scenario's `observe.report` names: the table and the charts show the same.
    public init(given metrics: [ReportedMetric]) {
        table = metrics
        charts = metrics
    }

    /// A report from its two lists (read back from shard state).
    public init(table: [ReportedMetric], charts: [ReportedMetric]) {
        (self.table, self.charts) = (table, charts)
    }

    /// What a surface nobody glances at is judged by, when it is the study's subject
    /// (`MetricCatalog.judgedSurfaces`).
    static let headlines: [(surface: String, metrics: [String])] =
        MetricCatalog.judgedSurfaces.map { ($0.surface, $0.metrics.map(\.spec.name)) }

    /// The default when some glanced surface is on (`MetricCatalog.glancedSurfaces`, as each
    /// surface's folder declares): each glanced surface's staleness
    /// and blank share in the table; in the charts each one's staleness, and the sampled
    /// metrics the other surfaces are judged by (a shared item's latency); a surface with
    /// no values at any point is left out.
    public static let standard = MetricReport(
        table: MetricCatalog.glancedSurfaces.flatMap { [$0 + ".staleness", $0 + ".blank"] }.map(metric),
        charts: MetricCatalog.glancedSurfaces.map { $0 + ".staleness" }.map(metric)
            + headlines.flatMap(\.metrics).map(metric).filter(\.isSampled))

    /// The default for a study whose points run with `points`: `standard` while a glanced
    /// surface other than the always-on app is on at some point; otherwise the headline
    /// metrics of the surfaces that are on (a study of the share extension reports its
    /// items' latency, losses and duplicates, not the app's staleness), or `standard`
    /// when none is.
    /// A surface added from outside that is on at some point adds its metrics after these
    /// (the table every one, the charts its sampled ones), as a built-in surface's are shown.
    public static func defaultReport(for points: [Parameters]) -> MetricReport {
        func on(_ surface: String) -> Bool {
            let isOn = MetricCatalog.isOn(surface)
            return points.contains(where: isOn)
        }
        var report: MetricReport
        if MetricCatalog.glancedSurfaces.contains(where: { MetricCatalog.isSwitchable($0) && on($0) }) {
            report = standard
        } else {
            let metrics = headlines.filter { on($0.surface) }.flatMap(\.metrics).map(metric)
            report = metrics.isEmpty ? standard : MetricReport(given: metrics)
        }
        let added = Metric.catalogue.dropFirst(Metric.allCases.count).filter { on(MetricCatalog.surfaces[$0.rawValue]) }
            .map { ReportedMetric(spec: $0.spec, source: .catalogue($0)) }
        report.table += added
        report.charts += added.filter(\.isSampled)
        return report
    }

    /// A metric of the catalogue by name (the names above are all in it).
    private static func metric(_ name: String) -> ReportedMetric { ReportedMetric.named(name)! }
}
