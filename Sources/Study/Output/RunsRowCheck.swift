// The checks of one runs.csv row read back (by `compare`, `merge` and a study's own
// contrasts): the row is the one expected at that place (point and replication, as `run`
// writes them in order), it has the header's width and the point's swept values, its seed
// is a 64-bit integer (the one the study's seed gives, where that is known), and every
// metric field is a number as `CSVNumber` writes it or empty.

/// What a runs.csv row must be, and how one is not.
struct RunsRowCheck {
    /// The header the file must have: `RunsTable.header(columns:)`.
    let header: [String]
    /// Where the replication, the seed and the metric fields are.
    let replicationAt: Int, seedAt: Int
    let metricFields: Range<Int>

    /// The checks of a runs.csv whose swept parameters are `columns`.
    init(columns: [String]) {
        header = RunsTable.header(columns: columns)
        replicationAt = 1 + columns.count
        seedAt = replicationAt + 1
        metricFields = (seedAt + 1)..<header.count
    }

    /// The swept parameters of a runs.csv header (the columns between `point` and
    /// `replication`), or nil when it has no such columns.
    static func columns(of header: [String]) -> [String]? {
        guard header.first == "point", let end = header.firstIndex(of: "replication") else { return nil }
        return Array(header[1..<end])
    }

    /// How `fields` is not the row of replication `replication` of `point` (whose swept
    /// values are `values`, and whose seed is `seed` when known); nil when it is.
    /// With `figures` false, the metric fields are not read (a study's own file, just written).
    func problem(_ fields: [String], point: String, values: [String], replication: Int, seed: UInt64? = nil,
                 figures: Bool = true) -> String? {
        if let problem = ResultField.widthProblem(fields, header: header) { return problem }
        guard fields[0] == point else {
            return "expected the row of point \(point), replication \(replication); found a row of point \(ResultField.quoted(fields[0]))"
        }
        guard fields[replicationAt] == String(replication) else {
            return "expected the row of point \(point), replication \(replication); found replication \(ResultField.quoted(fields[replicationAt]))"
        }
        let swept = Array(fields[1..<replicationAt])
        guard swept == values else {
            return "point \(point)'s swept values are \(swept.joined(separator: ", ")) here but \(values.joined(separator: ", ")) in the study"
        }
        guard let found = ResultField.seed(fields[seedAt]) else {
            return "column seed: expected a whole number below 2^64, found \(ResultField.quoted(fields[seedAt]))"
        }
        if let seed, found != seed {
            return "replication \(replication) of point \(point) has seed \(found), but the study's seed gives it \(seed)"
        }
        return figures ? ResultField.numberProblem(fields, columns: metricFields, header: header) : nil
    }
}
