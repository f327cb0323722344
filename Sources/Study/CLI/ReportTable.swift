// The summary table `run` prints (docs/output.md#the-summary-on-the-terminal): a row
// per point and surface, a column per reported figure (`observe.report`'s table; by
// default each surface's staleness p50 and p90 and its blank share).
import Surfaces
import SurfaceCore

/// The rows of the summary table, header first.
enum ReportTable {
    /// One column: its header, and the figure of each surface's metric it shows.
    struct Column {
        /// `p50 staleness`, `blank`, `lost`.
        let header: String
        /// The quantile level, or nil for the mean.
        let level: Double?
        /// The reported metric of each surface in this column.
        var metrics: [String: ReportedMetric]
    }

    /// The columns of `metrics`: a sampled metric's p50 and p90, any other's mean, one
    /// column per measure (every surface's staleness in the same two), in report order.
    static func columns(_ metrics: [ReportedMetric]) -> [Column] {
        var columns: [Column] = []
        for metric in metrics {
            let wanted: [(String, Double?)] = metric.isSampled
                ? [("p50 " + metric.measure, 0.5), ("p90 " + metric.measure, 0.9)] : [(metric.measure, nil)]
            for (header, level) in wanted {
                if let c = columns.firstIndex(where: { $0.header == header }) {
                    columns[c].metrics[metric.surface] = metric
                } else {
                    columns.append(Column(header: header, level: level, metrics: [metric.surface: metric]))
                }
            }
        }
        return columns
    }

    /// The header and a row per (point, surface) where some reported metric of the surface
    /// has a value; `-` for a figure with no value, nothing where the surface has no such metric.
    static func rows(_ state: StudyState) -> [[String]] {
        let metrics = state.layout.report.table
        let columns = columns(metrics)
        var surfaces: [String] = []
        for m in metrics where !surfaces.contains(m.surface) { surfaces.append(m.surface) }
        var rows = [["point", "surface"] + columns.map(\.header)]
        for p in state.points.indices {
            for surface in surfaces where metrics.contains(where: { $0.surface == surface && $0.hasData(state, point: p) }) {
                rows.append([state.layout.points[p].name, surface] + columns.map { column in
                    guard let metric = column.metrics[surface] else { return "" }
                    let f = metric.figures(state, point: p)
                    let value = column.level.map { level in f.quantiles[SummaryFigures.levels.firstIndex { $0.q == level }!] } ?? f.mean
                    return format(value, unit: metric.spec.unit)
                })
            }
        }
        return rows
    }

    /// A figure as the table writes it: times as durations, fractions as percentages,
    /// anything else as summary.csv writes numbers; `-` for none.
    static func format(_ value: Double, unit: String) -> String {
        guard value.isFinite else { return "-" }
        switch unit {
        case "s": return Units.formatSeconds(value)
        case "fraction": return RunReport.percent(value)
        default: return CSVNumber.format(value)
        }
    }
}
