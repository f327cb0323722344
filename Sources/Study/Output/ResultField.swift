// Reading back the fields this program writes into its CSV files (docs/output.md), strictly:
// a value that `CSVNumber` or the tables could not have written is refused, so a file edited
// by hand, cut short or mixed with another program's output is never read as numbers.

/// The field forms of runs.csv, summary.csv and distributions.csv.
enum ResultField {
    /// A number as `CSVNumber.format` writes it: the empty field (NaN: the figure does not
    /// exist), `inf` or `-inf`, or a decimal with an optional fraction and exponent
    /// (`-12.5`, `0.000001`, `1e+18`). Nil for anything else (`abc`, `nan`, ` 1`, `0x10`, `1,5`).
    static func number(_ text: String) -> Double? {
        if text.isEmpty { return .nan }
        if text == "inf" { return .infinity }
        if text == "-inf" { return -.infinity }
        // A state machine over the bytes: sign, digits, point, digits, e, sign, digits.
        enum Part { case start, sign, whole, point, fraction, exponentMark, exponentSign, exponent }
        var part = Part.start
        for byte in text.utf8 {
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            switch (part, byte) {
            case (.start, UInt8(ascii: "-")): part = .sign
            case (.start, _) where digit, (.sign, _) where digit, (.whole, _) where digit: part = .whole
            case (.whole, UInt8(ascii: ".")): part = .point
            case (.point, _) where digit, (.fraction, _) where digit: part = .fraction
            case (.whole, UInt8(ascii: "e")), (.whole, UInt8(ascii: "E")), (.fraction, UInt8(ascii: "e")), (.fraction, UInt8(ascii: "E")):
                part = .exponentMark
            case (.exponentMark, UInt8(ascii: "+")), (.exponentMark, UInt8(ascii: "-")): part = .exponentSign
            case (.exponentMark, _) where digit, (.exponentSign, _) where digit, (.exponent, _) where digit: part = .exponent
            default: return nil
            }
        }
        guard part == .whole || part == .fraction || part == .exponent, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A whole number of at least 0 written in decimal digits (`n`, `replications`, `count`); nil otherwise.
    static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// A replication's seed: a 64-bit unsigned integer in decimal digits; nil otherwise.
    static func seed(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt64(text)
    }

    /// `'text'`, shortened to 40 characters, for a message.
    static func quoted(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return "'" + (escaped.count > 40 ? String(escaped.prefix(39)) + "…" : escaped) + "'"
    }

    /// How a file's header differs from the one this program writes; nil when it is the same.
    static func headerProblem(_ found: [String], expected: [String], file: String) -> String? {
        if found == expected { return nil }
        for (i, (f, e)) in zip(found, expected).enumerated() where f != e {
            return "the header is not \(file)'s: column \(i + 1) should be \(quoted(e)), found \(quoted(f))"
        }
        if found.count < expected.count {
            return "the header is not \(file)'s: it ends after \(found.count) columns, before \(quoted(expected[found.count]))"
        }
        return "the header is not \(file)'s: an extra column \(quoted(found[expected.count])) after \(quoted(expected[expected.count - 1]))"
    }

    /// "expected N fields, found M" for a record of the wrong width; nil when it fits the header.
    static func widthProblem(_ fields: [String], header: [String]) -> String? {
        guard fields.count != header.count else { return nil }
        return "expected \(header.count) fields as in the header, found \(fields.count)"
            + (fields.count > header.count ? " (an extra field \(quoted(fields[header.count])))" : "")
    }

    /// The first metric field of a record that is not a number as this program writes one.
    static func numberProblem(_ fields: [String], columns: Range<Int>, header: [String]) -> String? {
        for c in columns where number(fields[c]) == nil {
            return "column \(header[c]): expected a number or an empty field, found \(quoted(fields[c]))"
        }
        return nil
    }
}
