// runs.csv of a run that adds replications point by point in rounds (`--precision`,
// `observe.select`): its rows are appended to a scratch file in the order they were run, then
// written out in (point, replication) order, read back one record at a time.

/// Writes runs.csv in point order from a scratch file of rows.
enum PointOrderRuns {
    /// runs.csv at `path`: the header of `columns`, then for each point the byte ranges of its
    /// rows in `rows` (in replication order); `rows` is synced and closed first.
    static func write(_ rows: RunsFile, ranges: [[Range<Int64>]], columns: [String], to path: String) throws(StudyError) {
        do throws(AtomicWriteError) {
            try rows.sync()
            rows.close()
            let out = try RunsFile.create(path)
            defer { out.close() }
            out.append(CSVLine.record(RunsTable.header(columns: columns)))
            let reader: CSVRecordReader
            do { reader = try CSVRecordReader(path: rows.path) } catch { throw AtomicWriteError(path: rows.path, message: error.reason) }
            for (p, blocks) in ranges.enumerated() {
                for block in blocks {
                    reader.seek(to: block.lowerBound, line: 1)
                    while reader.offset < block.upperBound {
                        guard let record = try? reader.next() else {
                            throw AtomicWriteError(path: rows.path, message: "cannot read back the rows of point \(p)")
                        }
                        out.append(record.text)
                    }
                }
            }
            try out.sync()
        } catch {
            throw .io(error.description)
        }
    }
}
