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
}
