// contrasts.csv (docs/output.md): a row per (point, metric, statistic) against the baseline.
import Statistics

/// Renders contrast rows as CSV.
public enum ContrastsTable {
    /// `point,<swept params...>,metric,statistic,baseline,value,difference,diff_ci95_low,diff_ci95_high,ratio,ratio_ci95_low,ratio_ci95_high,variance_reduction`.
    /// With `observe.contrasts` (`design`), then `baseline_point,within,p_value` and, with Holm's
    /// correction, `p_holm`.
    public static func header(columns: [String], design: ContrastDesign? = nil) -> [String] {
        ["point"] + columns + ["metric", "statistic", "baseline", "value", "difference", "diff_ci95_low", "diff_ci95_high",
                               "ratio", "ratio_ci95_low", "ratio_ci95_high", "variance_reduction"] + (design?.extraColumns ?? [])
    }

    /// Sets each row's `pHolm`: Holm's step-down adjustment (`Holm`, Statistics) over its family,
    /// the rows of one metric and statistic, so each metric's contrasts across every stratum and
    /// level keep their familywise error rate. Rows with no p-value take no part.
    static func adjustHolm(_ rows: inout [ContrastRow]) {
        var families: [String: [Int]] = [:], order: [String] = []
        for i in rows.indices {
            let key = rows[i].metric + "\u{0}" + rows[i].statistic
            if families[key] == nil { order.append(key) }
            families[key, default: []].append(i)
        }
        for key in order {
            let members = families[key]!
            let adjusted = Holm.adjusted(members.map { rows[$0].figures.pValue })
            for (i, p) in zip(members, adjusted) { rows[i].pHolm = p }
        }
    }

    /// Sets each row's `signShare` (an uncertain study): the rows of one contrast across the
    /// outer draws (the same sweep point and baseline sweep point, `sweepPoint` of their `point`
    /// names, metric and statistic) form a group; its share is that of the rows whose difference
    /// has the sign of the group's mean difference (the sign of 0 is 0).
    static func setSignShares(_ rows: inout [ContrastRow], sweepPoint: [String: String]) {
        var groups: [String: [Int]] = [:]
        for i in rows.indices {
            let key = [sweepPoint[rows[i].prefix.first ?? ""] ?? "", sweepPoint[rows[i].baselinePoint] ?? "",
                       rows[i].metric, rows[i].statistic].joined(separator: "\u{0}")
            groups[key, default: []].append(i)
        }
        func sign(_ x: Double) -> Int { x > 0 ? 1 : x < 0 ? -1 : 0 }
        for members in groups.values {
            let differences = members.map { rows[$0].figures.difference }.filter(\.isFinite)
            guard !differences.isEmpty else { continue }
            let overall = sign(differences.reduce(0, +) / Double(differences.count))
            let share = Double(differences.filter { sign($0) == overall }.count) / Double(differences.count)
            for i in members { rows[i].signShare = share }
        }
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
        /// The design whose columns the rows carry (nil: none).
        private let design: ContrastDesign?

        init(columns: [String], design: ContrastDesign? = nil) {
            self.design = design
            for field in ContrastsTable.header(columns: columns, design: design) { line.add(field) }
            line.endRecord()
        }

        /// Appends `rows`.
        mutating func append(_ rows: [ContrastRow]) { Self.add(rows, design: design, to: &line) }

        /// `rows` as records appended to `line`.
        static func add(_ rows: [ContrastRow], design: ContrastDesign? = nil, to line: inout CSVLine) {
            for row in rows {
                for field in row.prefix + [row.metric, row.statistic] + row.figures.fields + row.extraFields(design) { line.add(field) }
                line.endRecord()
            }
        }
    }
}
