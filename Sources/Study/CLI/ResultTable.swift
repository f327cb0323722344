// A result CSV read back for `plot`: read record by record and checked against what `run`
// writes (its header, each record's width, numbers as `CSVNumber` writes them, a line end
// after the last record), keeping only what the plot draws: the rows of one metric
// (distributions.csv, summary.csv) or one column's values per point (runs.csv).

/// A result CSV, with the part of it one plot needs.
struct ResultTable {
    /// Which of the program's files it is.
    enum Kind { case distributions, summary, runs }

    let path: String
    let kind: Kind
    let header: [String]
    /// distributions.csv and summary.csv: the rows of the metric asked for.
    let rows: [[String]]
    /// Every metric the file has rows for (for a suggestion when the one asked for has none).
    let metrics: [String]
    /// runs.csv: the asked column's finite values, per point in file order, with the point's label.
    let runsGroups: [(label: String, values: [Double])]

    /// Reads `path`, keeping the rows of `metric` (distributions.csv, summary.csv) or the
    /// values of column `column` (runs.csv).
    /// - Throws: exit status 2 with the file and line for a file that is not one `run` writes.
    init(path: String, metric: String, column: String) throws(CLIFailure) {
        self.path = path
        let reader: CSVRecordReader
        do { reader = try CSVRecordReader(path: path) } catch {
            throw error.refusedBySystem ? .environment("\(path): cannot read the file: \(error.reason)") : .input("\(path): cannot read the file: \(error.reason)")
        }
        func next() throws(CLIFailure) -> [String]? {
            do { return try reader.next()?.fields } catch { throw .input("\(path):\(error.line): \(error.message)") }
        }
        func fail(_ message: String) -> CLIFailure { .input("\(path):\(reader.line): \(message)") }
        guard let header = try next() else { throw .input("\(path): the file is empty") }
        self.header = header
        // The file's kind by its header, and the header the program writes for that kind.
        let expected: [String], numbers: [Int], counts: [Int]
        var wholeOrEmpty: [Int] = []
        let metricAt = header.firstIndex(of: "metric")
        if header.contains("bin_low"), let metricAt, header.first == "point" {
            kind = .distributions
            expected = DistributionsTable.header(columns: Array(header[1..<metricAt]))
            numbers = [metricAt + 1, metricAt + 2, metricAt + 4]
            counts = [metricAt + 3]
        } else if header.contains("ci95_low"), let metricAt, header.first == "point" {
            kind = .summary
            expected = SummaryTable.header(columns: Array(header[1..<metricAt]))
            numbers = Array((metricAt + 2)..<(metricAt + 2 + 10)) + [metricAt + 15]
            counts = [metricAt + 1, metricAt + 13]
            wholeOrEmpty = [metricAt + 16]
        } else if header.contains("seed"), let columns = RunsRowCheck.columns(of: header) {
            kind = .runs
            let check = RunsRowCheck(columns: columns)
            expected = check.header
            numbers = Array(check.metricFields)
            counts = [check.replicationAt]
        } else {
            throw .input("\(path): not a distributions.csv, summary.csv or runs.csv of surfacesim (header: \(header.prefix(4).joined(separator: ","))...)")
        }
        if let problem = ResultField.headerProblem(header, expected: expected, file: "\(kind).csv") { throw fail(problem) }
        var rows: [[String]] = [], metrics: [String] = [], seen: Set<String> = []
        var groups: [(label: String, values: [Double])] = []
        let valueAt = kind == .runs ? header.firstIndex(of: column) : nil
        if kind == .runs, valueAt == nil {
            throw .input("\(path): no column '\(column)'" + NameSuggestion.hint(for: column, among: header))
        }
        let swept = kind == .runs ? Array(1..<(RunsRowCheck(columns: RunsRowCheck.columns(of: header)!).replicationAt)) : []
        while let record = try next() {
            if let problem = ResultField.widthProblem(record, header: header) { throw fail(problem) }
            for c in counts where ResultField.count(record[c]) == nil {
                throw fail("column \(header[c]): expected a whole number, found \(ResultField.quoted(record[c]))")
            }
            for c in wholeOrEmpty where !record[c].isEmpty && ResultField.count(record[c]) == nil {
                throw fail("column \(header[c]): expected a whole number or an empty field, found \(ResultField.quoted(record[c]))")
            }
            for c in numbers where ResultField.number(record[c]) == nil {
                throw fail("column \(header[c]): expected a number or an empty field, found \(ResultField.quoted(record[c]))")
            }
            switch kind {
            case .runs:
                guard ResultField.seed(record[swept.count + 2]) != nil else {
                    throw fail("column seed: expected a whole number below 2^64, found \(ResultField.quoted(record[swept.count + 2]))")
                }
                let label = Self.label(record, swept: swept, header: header)
                if groups.last?.label != label { groups.append((label, [])) }
                if let v = ResultField.number(record[valueAt!]), v.isFinite { groups[groups.count - 1].values.append(v) }
            case .distributions, .summary:
                let name = record[metricAt!]
                if !seen.contains(name) { seen.insert(name); metrics.append(name) }
                if name == metric { rows.append(record) }
            }
        }
        // A point's rows are consecutive in runs.csv; a label met twice merges into its first group.
        var merged: [(label: String, values: [Double])] = []
        for g in groups {
            if let i = merged.firstIndex(where: { $0.label == g.label }) { merged[i].values += g.values } else { merged.append(g) }
        }
        (self.rows, self.metrics, self.runsGroups) = (rows, metrics, merged)
    }

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
    func label(_ row: [String], swept: [Int]) -> String { Self.label(row, swept: swept, header: header) }

    /// A row's point label in a file with `header`.
    static func label(_ row: [String], swept: [Int], header: [String]) -> String {
        guard !swept.isEmpty else { return "point \(row[0])" }
        return valuesLabel(row, columns: swept, header: header)
    }

    /// Swept values as the study's legends write them (docs/output.md, "Legends"): `budgetPerDay 40, jitter 5 min`.
    func valuesLabel(_ row: [String], columns: [Int]) -> String { Self.valuesLabel(row, columns: columns, header: header) }

    /// `valuesLabel` in a file with `header`.
    static func valuesLabel(_ row: [String], columns: [Int], header: [String]) -> String {
        let names = StudyPlots.shortNames(columns.map { header[$0] })
        return zip(names, columns).map { name, c in
            name + " " + StudyPlots.withUnit(StudyPlots.readable(row[c], column: header[c]), column: header[c])
        }.joined(separator: ", ")
    }

    /// A number field; nil for an empty or non-numeric one.
    static func number(_ text: String) -> Double? { text.isEmpty ? nil : Double(text) }

    /// Rows of one metric (the kept rows), grouped by point in file order.
    func groups(metricColumn m: Int, metric: String) throws(CLIFailure) -> [(point: String, rows: [[String]])] {
        var groups: [(String, [[String]])] = []
        for row in rows where row[m] == metric {
            if let g = groups.firstIndex(where: { $0.0 == row[0] }) { groups[g].1.append(row) } else { groups.append((row[0], [row])) }
        }
        guard !groups.isEmpty else {
            throw .input("\(path): no rows for metric '\(metric)'" + NameSuggestion.hint(for: metric, among: metrics))
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
        // Where the study has contrasts.csv beside summary.csv, the bands are its paired intervals
        // (the question of a sweep is a difference: `PairedBands`); else summary.csv's own, which
        // only the mean has. No band where there is no interval.
        let paired = try PairedBands.read(beside: path, metric: metric, statistic: stat, points: rows.map { $0[0] })
        func band(_ i: Int) -> (Double, Double) {
            if let paired { return paired.bands[rows[i][0]] ?? (.nan, .nan) }
            return stat == "mean" ? (Self.number(rows[i][lo]) ?? .nan, Self.number(rows[i][hi]) ?? .nan) : (.nan, .nan)
        }
        let hasBands = paired != nil || stat == "mean"
        let plotted = series.map { group in
            PlotSeries(label: group.key.isEmpty ? "\(metric) \(stat)" : group.key,
                       points: group.indices.map { (axis.x[$0], Self.number(rows[$0][s]) ?? .nan) },
                       bandLow: hasBands ? group.indices.map { band($0).0 } : nil,
                       bandHigh: hasBands ? group.indices.map { band($0).1 } : nil)
        }
        var unit = header.firstIndex(of: "unit").map { rows[0][$0] }.map { " (\($0))" } ?? Self.unitNote(metric)
        var drawn = plotted
        // A band only where summary.csv has an interval (a per-point metric has none).
        let banded = plotted.contains { s in s.bandLow?.contains { $0.isFinite } ?? false }
        if unit == " (s)" {
            let scale = TimeScale(series: plotted)
            (drawn, unit) = (scale.scaled(plotted), " (\(scale.unit))")
        }
        // The subtitle names the study's size and what the bands are (summary.csv names no study: its folder does).
        var subtitle = "\(Set(rows.map { $0[0] }).count) points"
        if let r = header.firstIndex(of: "replications"), let first = rows.first, rows.allSatisfy({ $0[r] == first[r] }) {
            subtitle += " · \(first[r]) replications each"
        }
        if let paired, let base = rows.first(where: { $0[0] == paired.baseline }) {
            let name = swept.isEmpty || Int(paired.baseline) == nil ? paired.baseline : valuesLabel(base, columns: swept)
            subtitle += " · band: 95% CI of the paired difference from \(name) (contrasts.csv)"
        }
        let bandNote = paired != nil ? "; band: paired 95% CI" : (banded ? "; band: 95% CI" : "")
        // Names (choices, on/off, distributions) are categories: dots with whiskers, no lines between them.
        let categories = axis.categories.isEmpty ? nil : axis.categories
        return LineChartPlot(title: "\(metric) \(stat) vs \(header[xColumn])",
                             xLabel: categories == nil ? axis.label(header[xColumn]) : header[xColumn],
                             yLabel: "\(metric) \(stat)\(unit)" + bandNote, series: drawn, categories: categories, subtitle: subtitle).render()
    }

    /// The unit of a metric or of a runs.csv column (`widget.staleness.mean`): ` (s)`, or "" if none is known.
    static func unitNote(_ name: String) -> String {
        let base = name.split(separator: ".").count > 2 ? name.split(separator: ".").dropLast().joined(separator: ".") : name
        guard let unit = (StudyPlots.metric(named: name) ?? StudyPlots.metric(named: base))?.spec.unit, !unit.isEmpty else { return "" }
        return " (\(unit))"
    }

    /// An ECDF whose x axis carries the metric's unit; times at round values with their units on a
    /// log axis, in s, min, h or d by the range on a linear one (docs/output.md, "Units").
    static func ecdf(title: String, metric: String, series: [PlotSeries], logX: Bool) -> String {
        guard unitNote(metric) == " (s)" else {
            return SVGPlot.ecdf(title: title, xLabel: metric + unitNote(metric), series: series, logX: logX)
        }
        return SVGPlot.ecdf(title: title, xLabel: metric, series: series, logX: logX, timeX: true)
    }

    /// ECDF per point or a histogram of one runs.csv column (the values kept while reading).
    func runsPlot(kind: String, column name: String) throws(CLIFailure) -> String {
        let groups = runsGroups
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
