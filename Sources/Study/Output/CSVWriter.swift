// RFC 4180 tables for runs.csv, summary.csv and distributions.csv (docs/output.md).

/// A CSV table built row by row and rendered as RFC 4180 text.
///
/// Fields are separated by commas and records end with "\n" (also after the
/// last one). A field is quoted when it contains a comma, a double quote, CR
/// or LF, and quotes inside it are doubled. Format numbers with `CSVNumber`.
public struct CSVTable: Sendable, Equatable {
    /// The column names, written as the first record.
    public let header: [String]
    /// The data records, in the order appended.
    public private(set) var rows: [[String]] = []

    /// Creates an empty table with the given column names.
    public init(header: [String]) {
        self.header = header
    }

    /// Appends a record.
    /// - Precondition: `row` has as many fields as `header`.
    public mutating func append(_ row: [String]) {
        precondition(row.count == header.count,
                     "CSV row has \(row.count) fields, header has \(header.count)")
        rows.append(row)
    }

    /// The whole table as text: the header, then every row, each ending in "\n".
    /// - Complexity: O(total length of the fields).
    public func render() -> String {
        var line = CSVLine(capacity: 4096)
        for record in [header] + rows {
            for field in record { line.add(field) }
            line.endRecord()
        }
        return line.text
    }
}
