// Reading runs.csv two rows at a time, one of the baseline point and one of the point it is
// contrasted with, so that contrasts pair replications without holding a point's rows in
// memory (docs/output.md `contrasts.csv`). The first pass checks every row against what the
// study says the file holds (`RunsRowCheck`), so pairing never meets a row it did not expect.

/// Where each point's rows start in a runs.csv file, and pairwise reading of them.
final class RunsBlocks {
    /// One point's consecutive rows.
    struct Block {
        /// The `point` column.
        var name: String
        /// The byte offset and line of its first row.
        var offset: Int64, line: Int
        /// Its rows.
        var rows: Int
        /// The replication of its first row, and the step between rows (a shard's rows skip).
        var first: Int, stride: Int
    }

    /// What one point's rows must be.
    struct Expected {
        /// The point's name and swept values.
        var name: String, values: [String]
        /// Its rows: replications first, first + stride, … (`count` of them).
        var first = 0, stride = 1, count: Int
    }

    let path: String
    /// The header's fields.
    let header: [String]
    /// The points' blocks, in file order, one per expected point (empty for a point with no rows).
    let blocks: [Block]

    /// Scans `path` once: checks its header is runs.csv's with `columns` swept, and that its
    /// rows are exactly `expected`'s, in order, each a row `run` writes; notes where each
    /// point's rows begin. `source` names what the expectation comes from, for messages.
    /// With `checkFigures` false (a study's own runs.csv, just written), the metric fields
    /// are not checked, only that the rows are the expected ones.
    init(path: String, columns: [String], expected: [Expected], source: String, checkFigures: Bool = true) throws(StudyError) {
        self.path = path
        let reader = try Self.open(path)
        func fail(_ message: String) -> StudyError { .invalid("\(path):\(reader.line): \(message)") }
        guard let first = try Self.next(reader) else { throw .invalid("\(path): the file is empty; expected runs.csv's header") }
        header = first.fields
        let check = RunsRowCheck(columns: columns)
        if let problem = ResultField.headerProblem(header, expected: check.header, file: "runs.csv") {
            throw fail(problem + (RunsRowCheck.columns(of: header).map { $0 != columns ? " (its swept parameters differ from \(source)'s)" : "" } ?? ""))
        }
        var blocks: [Block] = []
        for point in expected {
            blocks.append(Block(name: point.name, offset: reader.offset, line: reader.line + 1, rows: point.count,
                                first: point.first, stride: point.stride))
            for i in 0..<point.count {
                let replication = point.first + i * point.stride
                guard let record = try Self.next(reader) else {
                    throw .invalid("\(path):\(reader.line): the file ends after \(i) of the \(point.count) rows of point \(point.name) "
                                   + "that \(source) gives it: it is cut short")
                }
                if let problem = check.problem(record.fields, point: point.name, values: point.values, replication: replication, figures: checkFigures) {
                    throw fail(problem)
                }
            }
        }
        if let extra = try Self.next(reader) {
            throw fail("a row beyond the points and replications \(source) gives (point \(ResultField.quoted(extra.fields[0])))")
        }
        self.blocks = blocks
    }

    /// Calls `body` with each pair of rows (baseline's row i, point's row i) of two blocks, in
    /// order, for the rows both have; `other` is the file holding `point` (this one for a
    /// contrast within a study). `body` also gets the pair's replication and each row's line.
    func pairs(baseline: Block, point: Block, in other: RunsBlocks,
               _ body: (_ baseline: [String], _ point: [String], _ replication: Int, _ lines: (Int, Int)) throws(StudyError) -> Void) throws(StudyError) {
        let (a, b) = (try Self.open(path), try Self.open(other.path))
        a.seek(to: baseline.offset, line: baseline.line)
        b.seek(to: point.offset, line: point.line)
        for i in 0..<min(baseline.rows, point.rows) {
            guard let x = try Self.next(a), let y = try Self.next(b) else {
                throw .invalid("\(path): the file changed while it was read: it ended inside the rows of point \(baseline.name) or \(point.name)")
            }
            try body(x.fields, y.fields, baseline.first + i * baseline.stride, (a.line, b.line))
        }
    }

    private static func open(_ path: String) throws(StudyError) -> CSVRecordReader {
        do { return try CSVRecordReader(path: path) } catch {
            throw error.refusedBySystem ? .io("\(path): cannot read: \(error.reason)") : .invalid("\(path): \(error.reason)")
        }
    }

    private static func next(_ reader: CSVRecordReader) throws(StudyError) -> (text: String, fields: [String])? {
        do { return try reader.next() } catch { throw .invalid("\(reader.path):\(error.line): \(error.message)") }
    }
}
