// summary.csv read back (for `compare`), record by record and checked against what
// `SummaryTable` writes: its header, a row per (point, metric) in the writer's order with
// nothing missing or repeated, whole counts, numbers as `CSVNumber` writes them, each
// metric's unit, and one replication count per point. Memory holds three figures per row.

import Statistics

/// A finished study's summary.csv, checked.
struct SummaryFile {
    /// The figures `compare` uses of one (point, metric) row.
    struct Figures {
        var mean, p50, p90: Double
    }

    /// One point's rows.
    struct Point {
        /// The `point` column and the swept values.
        var name: String
        var fields: [String]
        /// The point's replications (the `replications` column).
        var replications: Int
        /// The line its first row is on.
        var line: Int
        /// One per `SummaryTable.metricRows` entry, in that order.
        var figures: [Figures]
    }

    let path: String
    /// The swept parameters (the columns between `point` and `metric`).
    let columns: [String]
    let points: [Point]

    /// Reads and checks `path`.
    /// - Throws: `.invalid("path:line: …")` for a file that is not what `run` writes, `.io` when it cannot be read.
    init(path: String) throws(StudyError) {
        self.path = path
        let reader: CSVRecordReader
        do { reader = try CSVRecordReader(path: path) } catch {
            throw error.refusedBySystem ? .io("\(path): cannot read: \(error.reason)") : .invalid("\(path): \(error.reason)")
        }
        func next() throws(StudyError) -> [String]? {
            do { return try reader.next()?.fields } catch { throw .invalid("\(path):\(error.line): \(error.message)") }
        }
        func fail(_ message: String) -> StudyError { .invalid("\(path):\(reader.line): \(message)") }
        guard let header = try next() else { throw .invalid("\(path): the file is empty; expected summary.csv's header") }
        guard let metricAt = header.firstIndex(of: "metric"), header.first == "point" else {
            throw fail("not a summary.csv: expected the header " + SummaryTable.header(columns: ["<swept parameters…>"]).joined(separator: ","))
        }
        columns = Array(header[1..<metricAt])
        if let problem = ResultField.headerProblem(header, expected: SummaryTable.header(columns: columns), file: "summary.csv") {
            throw fail(problem)
        }
        let at = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let (nAt, meanAt, p50At, p90At, unitAt, replicationsAt) = (at["n"]!, at["mean"]!, at["p50"]!, at["p90"]!, at["unit"]!, at["replications"]!)
        let (intervalAt, skewnessAt, neededAt) = (at["interval"]!, at["skewness"]!, at["replications_needed"]!)
        let numbers = (nAt + 1)..<unitAt
        let expected = SummaryTable.metricRows
        let slots = Dictionary(expected.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var points: [Point] = []
        var seen: [String: Int] = [:]
        func complete(_ point: Point?) throws(StudyError) {
            guard let point, point.figures.count < expected.count else { return }
            throw fail("point \(point.name) (from line \(point.line)) has no row for metric \(expected[point.figures.count].name); "
                       + "every point has a row per metric, \(expected.count) in all")
        }
        while let record = try next() {
            if let problem = ResultField.widthProblem(record, header: header) { throw fail(problem) }
            let name = record[0]
            if points.last?.name != name {
                try complete(points.last)
                if let line = seen[name] { throw fail("point \(name) again: its rows began at line \(line) and another point's came between") }
                guard let replications = ResultField.count(record[replicationsAt]), replications >= 1 else {
                    throw fail("column replications: expected a whole number of at least 1, found \(ResultField.quoted(record[replicationsAt]))")
                }
                seen[name] = reader.line
                points.append(Point(name: name, fields: Array(record[1..<metricAt]), replications: replications, line: reader.line, figures: []))
            }
            let p = points.count - 1
            let slot = points[p].figures.count
            let metric = record[metricAt]
            guard slot < expected.count else {
                throw fail("a second row for point \(name), metric \(metric): every point has \(expected.count) rows")
            }
            if metric != expected[slot].name {
                guard let found = slots[metric] else {
                    throw fail("unknown metric \(ResultField.quoted(metric)) where the row of \(expected[slot].name) belongs"
                               + NameSuggestion.hint(for: metric, among: expected.map(\.name)))
                }
                throw fail(found > slot ? "point \(name) has no row for metric \(expected[slot].name) (found \(metric) where it belongs)"
                                        : "a second row for point \(name), metric \(metric)")
            }
            if Array(record[1..<metricAt]) != points[p].fields {
                throw fail("point \(name)'s swept values are \(record[1..<metricAt].joined(separator: ", ")) here "
                           + "but \(points[p].fields.joined(separator: ", ")) at line \(points[p].line)")
            }
            guard ResultField.count(record[nAt]) != nil else {
                throw fail("column n: expected a whole number, found \(ResultField.quoted(record[nAt]))")
            }
            if let problem = ResultField.numberProblem(record, columns: numbers, header: header) { throw fail(problem) }
            if record[unitAt] != expected[slot].unit {
                throw fail("column unit: \(metric) is in \(ResultField.quoted(expected[slot].unit)), found \(ResultField.quoted(record[unitAt]))")
            }
            if record[replicationsAt] != String(points[p].replications) {
                throw fail("column replications: point \(name) has \(points[p].replications) at line \(points[p].line), found \(ResultField.quoted(record[replicationsAt]))")
            }
            if IntervalMethod(rawValue: record[intervalAt]) == nil {
                throw fail("column interval: expected one of \(IntervalMethod.allCases.map(\.rawValue).joined(separator: ", ")), "
                           + "found \(ResultField.quoted(record[intervalAt]))")
            }
            if let problem = ResultField.numberProblem(record, columns: skewnessAt..<(skewnessAt + 1), header: header) { throw fail(problem) }
            if !record[neededAt].isEmpty, ResultField.count(record[neededAt]) == nil {
                throw fail("column replications_needed: expected a whole number or an empty field, found \(ResultField.quoted(record[neededAt]))")
            }
            points[p].figures.append(Figures(mean: ResultField.number(record[meanAt])!, p50: ResultField.number(record[p50At])!,
                                             p90: ResultField.number(record[p90At])!))
        }
        try complete(points.last)
        guard !points.isEmpty else { throw .invalid("\(path): no rows after the header; is the run finished?") }
        self.points = points
    }
}
