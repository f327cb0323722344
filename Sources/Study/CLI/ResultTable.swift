// A result CSV read back for `plot`: columns by name, rows grouped by point.

/// A parsed result CSV.
struct ResultTable {
    let path: String
    let header: [String]
    let rows: [[String]]

    /// The index of a column.
    func column(_ name: String) throws(CLIFailure) -> Int {
        guard let i = header.firstIndex(of: name) else {
            throw .input("\(path): no column '\(name)'" + NameSuggestion.hint(for: name, among: header))
        }
        return i
    }

    /// Swept parameter columns: between `point` and `end`.
    func sweptColumns(before end: Int) -> [Int] { Array(1..<max(1, end)) }

    /// A row's point label: its name, with swept values if any.
    func label(_ row: [String], swept: [Int]) -> String {
        guard !swept.isEmpty else { return "point \(row[0])" }
        return valuesLabel(row, columns: swept)
    }

    /// Swept values as the study's legends write them (docs/output.md, "Legends"): `budgetPerDay 40, jitter 5 min`.
    func valuesLabel(_ row: [String], columns: [Int]) -> String {
        let names = StudyPlots.shortNames(columns.map { header[$0] })
        return zip(names, columns).map { name, c in
            name + " " + StudyPlots.withUnit(StudyPlots.readable(row[c], column: header[c]), column: header[c])
        }.joined(separator: ", ")
    }

    /// A number field; nil for an empty or non-numeric one.
    static func number(_ text: String) -> Double? { text.isEmpty ? nil : Double(text) }

    /// Rows of one metric, grouped by point in file order.
    func groups(metricColumn m: Int, metric: String) throws(CLIFailure) -> [(point: String, rows: [[String]])] {
        var groups: [(String, [[String]])] = []
        for row in rows where row.count == header.count && row[m] == metric {
            if let g = groups.firstIndex(where: { $0.0 == row[0] }) { groups[g].1.append(row) } else { groups.append((row[0], [row])) }
        }
        guard !groups.isEmpty else {
            var names: [String] = []
            for row in rows where row.count > m && !names.contains(row[m]) { names.append(row[m]) }
            throw .input("\(path): no rows for metric '\(metric)'" + NameSuggestion.hint(for: metric, among: names))
        }
        return groups
    }

    /// ECDF per point, or one point's histogram, from distributions.csv.
    func distributionsPlot(kind: String, metric: String, point: String?) throws(CLIFailure) -> String {
        let m = try column("metric")
        let (low, high, count, share) = (try column("bin_low"), try column("bin_high"), try column("count"), try column("cumulative_share"))
        let groups = try groups(metricColumn: m, metric: metric)
        let swept = sweptColumns(before: m)
        func bins(_ rows: [[String]]) -> [HistogramBin] {
            rows.map { HistogramBin(lower: Self.number($0[low]) ?? 0, upper: Self.number($0[high]) ?? 0,
                                    count: Int($0[count]) ?? 0, cumulativeShare: Self.number($0[share]) ?? 0) }
        }
        switch kind {
        case "ecdf":
            let series = groups.map { g in
                PlotSeries(label: label(g.rows[0], swept: swept), points: bins(g.rows).map { ($0.lower == 0 ? 0 : $0.upper, $0.cumulativeShare) })
            }
            return Self.ecdf(title: metric, metric: metric, series: series, logX: true)
        case "histogram":
            guard let group = point.map({ p in groups.first { $0.point == p } }) ?? groups.first else {
                throw .input("\(path): no point '\(point ?? "")' for metric '\(metric)'")
            }
            return SVGPlot.histogram(title: "\(metric), \(label(group.rows[0], swept: swept))", xLabel: metric + Self.unitNote(metric), bins: bins(group.rows))
        default:
            throw .usage("--kind line needs summary.csv of a sweep; \(path) is a distributions.csv")
        }
    }

    /// A statistic of a metric against a swept parameter, from summary.csv.
    func sweepPlot(kind: String, metric: String, x: String?, stat: String) throws(CLIFailure) -> String {
        guard kind == "line" else { throw .usage("--kind \(kind) needs distributions.csv or runs.csv; \(path) is a summary.csv") }
        let m = try column("metric")
        let swept = sweptColumns(before: m)
        guard let first = swept.first else { throw .input("\(path): no swept parameter to put on the x axis") }
        let xColumn = try x.map { (name: String) throws(CLIFailure) in try column(name) } ?? first
        guard swept.contains(xColumn) else { throw .input("\(path): '\(header[xColumn])' is not a swept parameter") }
        let (s, lo, hi) = (try column(stat), try column("ci95_low"), try column("ci95_high"))
        let rows = try groups(metricColumn: m, metric: metric).flatMap(\.rows)
        let axis = SweepAxis(values: rows.map { $0[xColumn] })
        var series: [(key: String, indices: [Int])] = []
        for (i, row) in rows.enumerated() {
            let key = valuesLabel(row, columns: swept.filter { $0 != xColumn })
            if let g = series.firstIndex(where: { $0.key == key }) { series[g].indices.append(i) } else { series.append((key, [i])) }
        }
        // summary.csv's figures as they are; only the mean has an interval in the file.
        let plotted = series.map { group in
            PlotSeries(label: group.key.isEmpty ? "\(metric) \(stat)" : group.key,
                       points: group.indices.map { (axis.x[$0], Self.number(rows[$0][s]) ?? .nan) },
                       bandLow: stat == "mean" ? group.indices.map { Self.number(rows[$0][lo]) ?? .nan } : nil,
                       bandHigh: stat == "mean" ? group.indices.map { Self.number(rows[$0][hi]) ?? .nan } : nil)
        }
        var unit = header.firstIndex(of: "unit").map { rows[0][$0] }.map { " (\($0))" } ?? Self.unitNote(metric)
        var drawn = plotted
        if unit == " (s)" {
            let scale = TimeScale(series: plotted)
            (drawn, unit) = (scale.scaled(plotted), " (\(scale.unit))")
        }
        return SVGPlot.lineChart(title: "\(metric) \(stat) vs \(header[xColumn])", xLabel: axis.label(header[xColumn]),
                                 yLabel: "\(metric) \(stat)\(unit)" + (stat == "mean" ? "; band: 95% CI" : ""), series: drawn)
    }

    /// The unit of a metric or of a runs.csv column (`widget.staleness.mean`): ` (s)`, or "" if none is known.
    static func unitNote(_ name: String) -> String {
        let base = name.split(separator: ".").count > 2 ? name.split(separator: ".").dropLast().joined(separator: ".") : name
        guard let unit = (StudyPlots.metric(named: name) ?? StudyPlots.metric(named: base))?.spec.unit, !unit.isEmpty else { return "" }
        return " (\(unit))"
    }

    /// An ECDF whose x axis carries the metric's unit; times in s, min or h by the range (docs/output.md, "Units").
    static func ecdf(title: String, metric: String, series: [PlotSeries], logX: Bool) -> String {
        guard unitNote(metric) == " (s)" else {
            return SVGPlot.ecdf(title: title, xLabel: metric + unitNote(metric), series: series, logX: logX)
        }
        let scale = TimeScale(series: series, x: true)
        return SVGPlot.ecdf(title: title, xLabel: metric + " (\(scale.unit))", series: scale.scaled(series, x: true), logX: logX)
    }

    /// ECDF per point or a histogram of one runs.csv column.
    func runsPlot(kind: String, column name: String) throws(CLIFailure) -> String {
        let c = try column(name)
        let swept = sweptColumns(before: try column("replication"))
        var groups: [(label: String, values: [Double])] = []
        for row in rows where row.count == header.count {
            guard let v = Self.number(row[c]), v.isFinite else { continue }
            let key = label(row, swept: swept)
            if let g = groups.firstIndex(where: { $0.label == key }) { groups[g].values.append(v) } else { groups.append((key, [v])) }
        }
        switch kind {
        case "ecdf":
            return Self.ecdf(title: name, metric: name, series: groups.map { PlotSeries.ecdf(label: $0.label, values: $0.values) },
                             logX: groups.allSatisfy { $0.values.allSatisfy { $0 >= 0 } })
        case "histogram":
            var histogram = LogHistogram()
            for g in groups { for v in g.values where v >= 0 { histogram.record(v) } }
            return SVGPlot.histogram(title: name, xLabel: name + Self.unitNote(name), bins: histogram.bins())
        default:
            throw .usage("--kind line needs summary.csv of a sweep; \(path) is a runs.csv")
        }
    }
}
