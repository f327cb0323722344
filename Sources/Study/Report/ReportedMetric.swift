// A metric `observe.report` may name (docs/scenarios.md#what-the-summary-and-the-charts-show):
// every metric `surfacesim help metrics` lists, a replication's or a point's, and the
// figures summary.csv prints for it.
import Surfaces
import SurfaceCore

/// One metric the summary table and the charts can show, with how to read its figures.
public struct ReportedMetric: Sendable, Equatable {
    /// Where a study keeps the metric's values.
    public enum Source: Sendable, Equatable {
        /// A metric of the catalogue: a histogram and moments per point.
        case catalogue(Metric)
        /// A per-point metric (`backend.requests.peakToMean`): its index in `MetricCatalog.pointMetrics`.
        case point(Int)
    }

    /// The metric's name, unit, shape and meaning.
    public let spec: MetricSpec
    /// Where its values are.
    public let source: Source

    /// Every metric, in the order `help metrics` and summary.csv list them (a surface added
    /// from outside's after the built-in ones).
    public static let all: [ReportedMetric] =
        Metric.catalogue.map { ReportedMetric(spec: $0.spec, source: .catalogue($0)) }
        + MetricCatalog.pointMetrics.indices.map { ReportedMetric(spec: MetricCatalog.pointMetrics[$0], source: .point($0)) }

    /// Every name, in that order.
    public static let names: [String] = all.map(\.spec.name)

    /// The metric called `name`, if there is one.
    public static func named(_ name: String) -> ReportedMetric? {
        all.first { $0.spec.name == name }
    }

    /// The name's first part: the surface (`share` of `share.lost`) or the part of the
    /// system (`backend`, `changes`, `signout`) it measures.
    public var surface: String { String(spec.name.prefix { $0 != "." }) }

    /// The name after the surface (`lost` of `share.lost`, `write.latency` of `watch.write.latency`):
    /// metrics of one measure share a unit and are drawn in one sweep chart.
    public var measure: String { String(spec.name.dropFirst(surface.count + 1)) }

    /// Whether the metric has one value per glance, change or item (an ECDF can be drawn).
    public var isSampled: Bool {
        if case .catalogue = source { return spec.shape == .sampled }
        return false
    }

    /// The figures summary.csv prints for the metric at point `p`.
    public func figures(_ state: StudyState, point p: Int) -> SummaryFigures {
        switch source {
        case .catalogue(let metric):
            return SummaryFigures(state.points[p].metrics[metric.rawValue], spec: spec)
        case .point(let i):
            let values = state.points[p].pointMetricValues(warmupMinutes: state.layout.points[p].warmupMinutes)
            return SummaryFigures(pointValue: values[i], replications: state.points[p].replications)
        }
    }

    /// Whether point `p` has a value of the metric.
    public func hasData(_ state: StudyState, point p: Int) -> Bool {
        switch source {
        case .catalogue(let metric): return !state.points[p].metrics[metric.rawValue].histogram.isEmpty
        case .point: return figures(state, point: p).mean.isFinite
        }
    }

    /// Whether any point has a value of the metric.
    public func hasData(_ state: StudyState) -> Bool {
        state.points.indices.contains { hasData(state, point: $0) }
    }
}
