// runs.csv (docs/output.md): a row per (point, replication): point, the swept
// parameters, replication, seed, and every metric's per-replication figures.
import Surfaces
import SurfaceCore

/// The columns and rows of runs.csv.
public enum RunsTable {
    /// Metric columns: `M.mean`, `M.p50`, `M.p90`, `M.p99` for a sampled metric, `M` otherwise;
    /// then `M.numerator` and `M.denominator` of each sampled metric (the sum of its samples in
    /// the replication and their number: the pooled mean over replications is Σ numerators /
    /// Σ denominators, and contrasts pair them, docs/statistics.md); then those of each fraction
    /// (`MetricSpec.isCountedFraction`: its events and trials in the replication, empty where
    /// they were not counted). The built-in metrics' columns come first, in their groups
    /// (`MetricCatalog.runsColumnGroups`: metrics added later follow the earlier ones' counts),
    /// then those of surfaces added from outside, in the same three parts, so that no built-in
    /// column moves when a surface is added (docs/extending.md#metrics) or a later metric is.
    public static let metricColumns: [String] = parts.flatMap { part -> [String] in
        let specs = MetricCatalog.specs[part]
        let figures: [String] = specs.flatMap { spec -> [String] in
            switch spec.shape {
            case .sampled: return ReplicationFigures.sampledStatistics.map { spec.name + "." + $0.suffix }
            case .perReplication: return [spec.name]
            }
        }
        let sampled: [String] = specs.filter { $0.shape == .sampled }.flatMap(countColumns)
        let fractions: [String] = specs.filter(\.isCountedFraction).flatMap(countColumns)
        return figures + sampled + fractions
    }

    /// `M.numerator` and `M.denominator`.
    private static func countColumns(_ spec: MetricSpec) -> [String] { [spec.name + ".numerator", spec.name + ".denominator"] }

    /// The catalogue's slots in runs.csv's parts: the built-in metrics' groups, then the added ones.
    static let parts: [Range<Int>] = {
        let starts = MetricCatalog.runsColumnGroups + [Metric.allCases.count]
        return zip(starts, starts.dropFirst()).map { $0..<$1 } + [Metric.allCases.count..<MetricCatalog.specs.count]
    }()

    /// The header record.
    public static func header(columns: [String]) -> [String] {
        ["point"] + columns + ["replication", "seed"] + metricColumns
    }

    /// One record as CSV text ending in "\n" (empty fields where a figure does not apply), as
    /// the UTF-8 bytes runs.csv gets: built on a worker, appended as they are (no string is made).
    public static func row(point: PointLayout, replication: Int, figures: ReplicationFigures) -> [UInt8] {
        row(prefix: leadingFields(of: point), replication: replication, figures: figures)
    }

    /// The point's own fields, which begin each of its records: its name and swept values,
    /// encoded once per point (a run makes them before its first replication).
    static func leadingFields(of point: PointLayout) -> [UInt8] {
        CSVLine.leadingFields([point.name] + point.fields)
    }

    /// `row(point:…)` with the point's fields already encoded, written in place (`CSVRecords`).
    static func row(prefix: [UInt8], replication: Int, figures: ReplicationFigures) -> [UInt8] {
        return CSVRecords.bytes(room: CSVRecords.room(leading: prefix.count, numbers: 2 + metricColumns.count)) { record in
            record.put(prefix)
            record.add(integer: Int64(replication))
            record.add(unsigned: figures.seed)
            // A sampled metric's statistics read in place, four to a metric (no slice made per metric).
            figures.sampleFigures.withUnsafeBufferPointer { statistics in
                for part in parts {
                    for i in part {
                        switch MetricCatalog.shapes[i] {
                        case .sampled:
                            for j in ReplicationFigures.statisticsPlace(of: i) { record.add(number: statistics[j]) }
                        case .perReplication: record.add(number: figures.values[i])
                        }
                    }
                    for i in part where MetricCatalog.shapes[i] == .sampled {
                        let moments = figures.sampleMoments[ReplicationFigures.sampledPosition[i]]
                        record.add(number: moments.total)
                        record.add(integer: Int64(moments.count))
                    }
                    for i in part where MetricCatalog.fractionPosition[i] >= 0 {
                        if let c = figures.fractionCounts[MetricCatalog.fractionPosition[i]] {
                            record.add(integer: Int64(c.events))
                            record.add(integer: Int64(c.trials))
                        } else {
                            record.add(number: .nan)
                            record.add(number: .nan)
                        }
                    }
                }
            }
            record.endRecord()
        }
    }
}
