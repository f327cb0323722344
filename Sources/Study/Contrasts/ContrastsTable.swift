// contrasts.csv (docs/output.md): a row per (point, metric, statistic) against the baseline.

/// Renders contrast rows as CSV.
public enum ContrastsTable {
    /// `point,<swept params...>,metric,statistic,baseline,value,difference,diff_ci95_low,diff_ci95_high,ratio,ratio_ci95_low,ratio_ci95_high,variance_reduction`.
    public static func header(columns: [String]) -> [String] {
        ["point"] + columns + ["metric", "statistic", "baseline", "value", "difference", "diff_ci95_low", "diff_ci95_high",
                               "ratio", "ratio_ci95_low", "ratio_ci95_high", "variance_reduction"]
    }

    /// The whole file.
    public static func render(_ rows: [ContrastRow], columns: [String]) -> String {
        var table = CSVTable(header: header(columns: columns))
        for row in rows { table.append(row.prefix + [row.metric, row.statistic] + row.figures.fields) }
        return table.render()
    }

    /// The file written a few rows at a time (`compare`, whose rows need not all be held).
    struct Writer {
        private(set) var line = CSVLine(capacity: 1 << 16)

        /// The header.
        init(columns: [String]) {
            for field in ContrastsTable.header(columns: columns) { line.add(field) }
            line.endRecord()
        }

        /// Appends `rows`.
        mutating func append(_ rows: [ContrastRow]) { Self.add(rows, to: &line) }

        /// `rows` as records appended to `line`.
        static func add(_ rows: [ContrastRow], to line: inout CSVLine) {
            for row in rows {
                for field in row.prefix + [row.metric, row.statistic] + row.figures.fields { line.add(field) }
                line.endRecord()
            }
        }
    }
}
