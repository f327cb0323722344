// Reading runs.csv two rows at a time, one of the baseline point and one of the point it is
// contrasted with, so that contrasts pair replications without holding a point's rows in
// memory (docs/output.md `contrasts.csv`).

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
    }

    let path: String
    /// The header's fields.
    let header: [String]
    /// The points' blocks, in file order.
    let blocks: [Block]

    /// Scans `path` once: its header and where each point's rows begin.
    init(path: String) throws(StudyError) {
        self.path = path
        let reader = try Self.open(path)
        guard let first = try Self.next(reader) else { throw .invalid("\(path): the file is empty; expected runs.csv's header") }
        header = first.fields
        var blocks: [Block] = []
        while true {
            let (offset, line) = (reader.offset, reader.line + 1)
            guard let record = try Self.next(reader) else { break }
            let name = record.fields[0]
            if blocks.last?.name == name { blocks[blocks.count - 1].rows += 1 } else {
                blocks.append(Block(name: name, offset: offset, line: line, rows: 1))
            }
        }
        self.blocks = blocks
    }

    /// Calls `body` with each pair of rows (baseline's row i, point's row i) of two blocks, in
    /// order; `other` is the file holding `point` (this one for a contrast within a study).
    /// - Precondition: both blocks have the same number of rows.
    func pairs(baseline: Block, point: Block, in other: RunsBlocks,
               _ body: (_ baseline: [String], _ point: [String]) throws(StudyError) -> Void) throws(StudyError) {
        let (a, b) = (try Self.open(path), try Self.open(other.path))
        a.seek(to: baseline.offset, line: baseline.line)
        b.seek(to: point.offset, line: point.line)
        for _ in 0..<baseline.rows {
            guard let x = try Self.next(a), let y = try Self.next(b) else {
                throw .invalid("\(path): the file ended inside the rows of point \(baseline.name) or \(point.name)")
            }
            try body(x.fields, y.fields)
        }
    }

    private static func open(_ path: String) throws(StudyError) -> CSVRecordReader {
        do { return try CSVRecordReader(path: path) } catch { throw .io("\(path): cannot read: \(error.reason)") }
    }

    private static func next(_ reader: CSVRecordReader) throws(StudyError) -> (text: String, fields: [String])? {
        do { return try reader.next() } catch { throw .invalid("\(reader.path):\(error.line): \(error.message)") }
    }
}
