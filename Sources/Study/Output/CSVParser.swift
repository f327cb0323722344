// Reading CSV back (RFC 4180), for `merge` of shard outputs and for tests.

/// A CSV syntax error with the 1-based line where it was found.
public struct CSVParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the offending character.
    public var line: Int
    /// What went wrong, e.g. `expected ',' or line end after a closing quote, found 'x'`.
    public var message: String

    /// Creates an error.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line L: message`.
    public var description: String { "line \(line): \(message)" }
}

/// Parses RFC 4180 CSV text into records of fields.
public enum CSVParser {
    /// The records of `text`, each an array of fields.
    ///
    /// Records end with LF, CR LF or CR; a final line end does not start an
    /// empty record, and empty text has no records. Quoted fields may hold
    /// commas, line breaks and doubled quotes. A quote inside an unquoted
    /// field, text after a closing quote, or an unclosed quote is an error.
    /// - Throws: `CSVParseError`.
    public static func parse(_ text: String) throws -> [[String]] {
        var reader = CSVReader(Array(text.unicodeScalars))
        return try reader.records()
    }
}

/// The state of one parse: a cursor over the scalars and the current line.
private struct CSVReader {
    let scalars: [Unicode.Scalar]
    var position = 0
    var line = 1

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// Reads every record.
    mutating func records() throws(CSVParseError) -> [[String]] {
        var result: [[String]] = []
        while position < scalars.count {
            result.append(try record())
        }
        return result
    }

    /// Reads one record and its line end.
    private mutating func record() throws(CSVParseError) -> [String] {
        var fields: [String] = []
        while true {
            fields.append(try field())
            guard position < scalars.count else { return fields }
            let scalar = scalars[position]
            position += 1
            if scalar == "," { continue }
            if scalar == "\r", position < scalars.count, scalars[position] == "\n" { position += 1 }
            line += 1
            return fields
        }
    }

    /// Reads one field, leaving the cursor on its separator or line end.
    private mutating func field() throws(CSVParseError) -> String {
        if position < scalars.count, scalars[position] == "\"" { return try quotedField() }
        var text = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "," || scalar == "\n" || scalar == "\r" { break }
            if scalar == "\"" {
                throw CSVParseError(line: line, message: "expected ',' or line end, found '\"' inside an unquoted field")
            }
            text.append(scalar)
            position += 1
        }
        return String(text)
    }

    /// Reads a quoted field, undoubling inner quotes.
    private mutating func quotedField() throws(CSVParseError) -> String {
        let startLine = line
        position += 1
        var text = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            if scalar == "\"" {
                if position < scalars.count, scalars[position] == "\"" {
                    text.append("\"")
                    position += 1
                    continue
                }
                try expectSeparatorOrEnd()
                return String(text)
            }
            if scalar == "\n" || (scalar == "\r" && (position >= scalars.count || scalars[position] != "\n")) {
                line += 1
            }
            text.append(scalar)
        }
        throw CSVParseError(line: startLine, message: "expected '\"' to close the field, found end of input")
    }

    /// After a closing quote only a comma, a line end or the end may follow.
    private func expectSeparatorOrEnd() throws(CSVParseError) {
        guard position < scalars.count else { return }
        let scalar = scalars[position]
        if scalar == "," || scalar == "\n" || scalar == "\r" { return }
        throw CSVParseError(line: line, message: "expected ',' or line end after a closing quote, found '\(scalar)'")
    }
}
