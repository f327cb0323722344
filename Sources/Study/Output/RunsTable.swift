// runs.csv (docs/output.md): a row per (point, replication): point, the swept
// parameters, replication, seed, and every metric's per-replication figures.
import Surfaces

/// The columns and rows of runs.csv.
public enum RunsTable {
    /// Metric columns: `M.mean`, `M.p50`, `M.p90`, `M.p99` for a sampled metric, `M` otherwise.
    /// The metrics of surfaces added from outside follow the built-in ones (docs/extending.md#metrics).
    public static let metricColumns: [String] = MetricCatalog.specs.flatMap { spec -> [String] in
        switch spec.shape {
        case .sampled: return ReplicationFigures.sampledStatistics.map { spec.name + "." + $0.suffix }
        case .perReplication: return [spec.name]
        }
    }

    /// The header record.
    public static func header(columns: [String]) -> [String] {
        ["point"] + columns + ["replication", "seed"] + metricColumns
    }

    /// One record as CSV text ending in "\n" (empty fields where a figure does not apply), as
    /// the UTF-8 bytes runs.csv gets: built on a worker, appended as they are (no string is made).
    public static func row(point: PointLayout, replication: Int, figures: ReplicationFigures) -> [UInt8] {
        var line = CSVLine(capacity: 1024)
        line.add(point.name)
        for field in point.fields { line.add(field) }
        line.add(integer: Int64(replication))
        line.add(unsigned: figures.seed)
        for (i, shape) in MetricCatalog.shapes.enumerated() {
            switch shape {
            case .sampled: for x in figures.statistics(at: i) { line.add(number: x) }
            case .perReplication: line.add(number: figures.values[i])
            }
        }
        line.endRecord()
        return line.bytes
    }

}
