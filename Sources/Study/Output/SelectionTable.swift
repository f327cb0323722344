// selection.csv (docs/output.md#selectioncsv): one row per point of a study with
// `observe.select`: its mean of the ranked figure with an interval, its replications, how and
// when it left the procedure, its feasibility, and whether it is the design selected.

/// Writes selection.csv.
enum SelectionTable {
    /// The files a selection adds to a study's folder.
    static let names: Set<String> = ["selection.csv", "selection.svg"]

    /// The header: `point`, the swept parameters, then the selection's columns.
    static func header(columns: [String]) -> [String] {
        ["point"] + columns + ["metric", "goal", "mean", "ci_low", "ci_high", "replications", "eliminated_at", "outcome",
                               "feasible", "feasibility", "selected", "unit"]
    }

    /// The table's text.
    static func render(_ result: SelectionResult, layout: StudyLayout) -> String {
        var text = CSVLine.record(header(columns: layout.columns))
        let s = result.settings
        for (p, row) in result.rows.enumerated() {
            let left = row.outcome == .eliminated || row.outcome == .infeasible
            text += CSVLine.record([layout.points[p].name] + layout.points[p].fields + [
                s.metric.name, s.goal.rawValue, CSVNumber.format(row.mean), CSVNumber.format(row.low), CSVNumber.format(row.high),
                String(row.replications), left ? String(row.leftAfter) : "", row.outcome.rawValue,
                row.feasibility == "feasible" ? "true" : "false", row.feasibility, result.selected == p ? "true" : "false",
                s.metric.unit,
            ])
        }
        return text
    }
}
