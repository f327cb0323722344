// Compact, deterministic standard-JSON output of a parsed tree, used to write
// manifest.json (docs/output.md) byte for byte the same on every run.

extension JSONNode {
    /// The node as compact standard JSON, object keys in file order.
    ///
    /// Integral numbers up to 2^53 in magnitude print without a fraction
    /// (`3`, `-2`); other finite numbers use Swift's shortest round-trip form
    /// (`0.1`, `1e+20`). Standard JSON has no `Infinity` or `NaN`, so those
    /// print as `null`, as `JSON.stringify` does. Strings escape `"`, `\` and
    /// control characters; other characters are written as UTF-8.
    /// - Complexity: O(n) in the size of the tree.
    public func render() -> String {
        var output = ""
        JSONRenderer.append(value, to: &output)
        return output
    }
}

/// Writes JSON values into a string.
enum JSONRenderer {
    /// Appends `value` as compact JSON.
    static func append(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += formatNumber(number)
        case .string(let text): appendString(text, to: &output)
        case .array(let elements): appendArray(elements, to: &output)
        case .object(let members): appendObject(members, to: &output)
        }
    }

    /// `[a,b,...]`.
    private static func appendArray(_ elements: [JSONNode], to output: inout String) {
        output += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            append(element.value, to: &output)
        }
        output += "]"
    }

    /// `{"k":v,...}` in member order.
    private static func appendObject(_ members: [JSONMember], to output: inout String) {
        output += "{"
        for (index, member) in members.enumerated() {
            if index > 0 { output += "," }
            appendString(member.key, to: &output)
            output += ":"
            append(member.value.value, to: &output)
        }
        output += "}"
    }

    /// A JSON number: integral values up to 2^53 in magnitude (every one exact in a double)
    /// without a fraction, `null` if not finite.
    static func formatNumber(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(.towardZero), abs(number) <= 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return number.description
    }

    /// True if `text` holds a character JSON requires escaped: a quote, a backslash or a
    /// control character (the bytes scanned are UTF-8, where each of these is one byte).
    /// (Scanned in the string's own storage: a checkpoint's encoded histograms are long.)
    static func needsEscapes(_ text: String) -> Bool {
        EncodedFields.reading(text) { bytes in bytes.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } }
    }

    /// The number of Unicode scalars `appendString` writes for `text`, quotes included. (A
    /// string with escapes, which is rare, is written out and counted: the escapes are listed
    /// once, in `appendString`.)
    static func quotedLength(_ text: String) -> Int {
        guard needsEscapes(text) else { return text.unicodeScalars.count + 2 }
        var quoted = ""
        appendString(text, to: &quoted)
        return quoted.unicodeScalars.count
    }

    /// A quoted JSON string with the mandatory escapes. A string with nothing to escape (the
    /// encoded histograms of a checkpoint, most keys) is appended whole.
    static func appendString(_ text: String, to output: inout String) {
        guard needsEscapes(text) else {
            output += "\""
            output += text
            output += "\""
            return
        }
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let digits = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
