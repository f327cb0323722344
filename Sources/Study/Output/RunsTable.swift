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
        row(prefix: leadingFields(of: point), replication: replication, figures: figures)
    }

    /// The point's own fields, which begin each of its records: its name and swept values,
    /// encoded once per point (a run makes them before its first replication).
    static func leadingFields(of point: PointLayout) -> CSVFields {
        CSVFields([point.name] + point.fields)
    }

    /// `row(point:…)` with the point's fields already encoded. The record is written in place
    /// into an array made with room for its longest possible form (each number is at most
    /// `CSVNumber.longestField` bytes), so each field is written once, where it stays.
    static func row(prefix: CSVFields, replication: Int, figures: ReplicationFigures) -> [UInt8] {
        let bound = prefix.bytes.count + 2 * (1 + 21) + metricColumns.count * (1 + CSVNumber.longestField) + 1
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            let start = buffer.baseAddress!
            var out = start
            prefix.bytes.withUnsafeBufferPointer { fields in
                if let first = fields.baseAddress { out.update(from: first, count: fields.count) }
            }
            out += prefix.bytes.count
            func separate() {
                out.pointee = UInt8(ascii: ",")
                out += 1
            }
            separate()
            out += CSVNumber.writeInteger(Int64(replication), to: out)
            separate()
            out += CSVNumber.writeUnsigned(figures.seed, to: out)
            for (i, shape) in MetricCatalog.shapes.enumerated() {
                switch shape {
                case .sampled:
                    for x in figures.statistics(at: i) {
                        separate()
                        out += CSVNumber.write(x, to: out)
                    }
                case .perReplication:
                    separate()
                    out += CSVNumber.write(figures.values[i], to: out)
                }
            }
            out.pointee = 10
            out += 1
            count = out - start
            precondition(count <= bound, "a runs.csv record outgrew the room made for it")
        }
    }
}
