// runs.csv (docs/output.md): a row per (point, replication): point, the swept
// parameters, replication, seed, and every metric's per-replication figures.
import Surfaces

/// The columns and rows of runs.csv.
public enum RunsTable {
    /// Metric columns: `M.mean`, `M.p50`, `M.p90`, `M.p99` for a sampled metric, `M` otherwise;
    /// then, after every metric's, `M.numerator` and `M.denominator` of each sampled metric (the
    /// sum of its samples in the replication and their number: the pooled mean over
    /// replications is Σ numerators / Σ denominators, and contrasts pair them, docs/statistics.md).
    /// The metrics of surfaces added from outside follow the built-in ones (docs/extending.md#metrics).
    public static let metricColumns: [String] = MetricCatalog.specs.flatMap { spec -> [String] in
        switch spec.shape {
        case .sampled: return ReplicationFigures.sampledStatistics.map { spec.name + "." + $0.suffix }
        case .perReplication: return [spec.name]
        }
    } + ratioColumns.flatMap { [$0.numerator, $0.denominator] }

    /// Each sampled metric's numerator and denominator columns, in the catalogue's order.
    public static let ratioColumns: [(metric: String, numerator: String, denominator: String)] =
        MetricCatalog.specs.filter { $0.shape == .sampled }.map { ($0.name, $0.name + ".numerator", $0.name + ".denominator") }

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
        CSVRecords.bytes(room: CSVRecords.room(leading: prefix.count, numbers: 2 + metricColumns.count)) { record in
            record.put(prefix)
            record.add(integer: Int64(replication))
            record.add(unsigned: figures.seed)
            for (i, shape) in MetricCatalog.shapes.enumerated() {
                switch shape {
                case .sampled: for x in figures.statistics(at: i) { record.add(number: x) }
                case .perReplication: record.add(number: figures.values[i])
                }
            }
            for moments in figures.sampleMoments {
                record.add(number: moments.total)
                record.add(integer: Int64(moments.count))
            }
            record.endRecord()
        }
    }
}
