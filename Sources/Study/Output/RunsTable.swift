// runs.csv (SPEC §6): a row per (point, replication): point, the swept
// parameters, replication, seed, and every metric's per-replication figures.
import Surfaces

/// The columns and rows of runs.csv.
public enum RunsTable {
    /// Metric columns: `M.mean`, `M.p50`, `M.p90`, `M.p99` for a sampled metric, `M` otherwise.
    public static let metricColumns: [String] = Metric.allCases.flatMap { metric -> [String] in
        switch metric.spec.shape {
        case .sampled: return ReplicationFigures.sampledStatistics.map { metric.spec.name + "." + $0.suffix }
        case .perReplication: return [metric.spec.name]
        }
    }

    /// The header record.
    public static func header(columns: [String]) -> [String] {
        ["point"] + columns + ["replication", "seed"] + metricColumns
    }

    /// One record as CSV text ending in "\n" (empty fields where a figure does not apply).
    public static func row(point: PointLayout, replication: Int, figures: ReplicationFigures) -> String {
        var fields = [point.name] + point.fields + [String(replication), String(figures.seed)]
        fields.reserveCapacity(fields.count + metricColumns.count)
        for metric in Metric.allCases {
            switch metric.spec.shape {
            case .sampled: fields += figures.statistics[metric.rawValue].map(CSVNumber.format)
            case .perReplication: fields.append(CSVNumber.format(figures.values[metric.rawValue]))
            }
        }
        return record(fields)
    }

    /// Fields joined as one RFC 4180 record with its line end.
    public static func record(_ fields: [String]) -> String {
        fields.map(CSVTable.escape).joined(separator: ",") + "\n"
    }
}
