// The JSON5 recursive-descent parser: cursor, trivia, values, arrays, objects.
// Literals (numbers, strings, identifiers) are in JSON5Parser+Literals.swift.

/// A single-use JSON5 parser over the Unicode scalars of one document.
///
/// Tracks the line and column of the cursor so every node and every error
/// carries a source position. Lines end at LF, CR, CR LF, U+2028 or U+2029.
struct JSON5Parser {
    /// The document, one element per Unicode scalar.
    let scalars: [Unicode.Scalar]
    /// Index of the next scalar to read.
    var position = 0
    /// 1-based line of `position`.
    var line = 1
    /// Index of the first scalar of the current line.
    var lineStart = 0
    /// Current nesting of arrays and objects.
    var depth = 0

    /// Prepares to parse `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// 1-based column of `position`.
    var column: Int { position - lineStart + 1 }

    /// Parses one value surrounded by optional whitespace and comments.
    mutating func parseDocument() throws(JSON5Error) -> JSONNode {
        try skipTrivia()
        let node = try parseValue()
        try skipTrivia()
        if let next = peek() {
            throw error("expected end of input, found \(describe(next))")
        }
        return node
    }

    // MARK: Cursor

    /// The scalar `offset` places ahead of the cursor, or `nil` past the end.
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    /// Consumes one scalar, counting line breaks (CR LF counts once).
    @discardableResult
    mutating func advance() -> Unicode.Scalar {
        let scalar = scalars[position]
        position += 1
        if Self.isLineTerminator(scalar), !(scalar == "\r" && peek() == "\n") {
            line += 1
            lineStart = position
        }
        return scalar
    }

    /// An error at the cursor.
    func error(_ message: String) -> JSON5Error {
        JSON5Error(line: line, column: column, message: message)
    }

    /// Whether `scalar` ends a line.
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// A scalar quoted for an error message: `'x'`, `line break`, `U+0007`.
    func describe(_ scalar: Unicode.Scalar) -> String {
        if Self.isLineTerminator(scalar) { return "line break" }
        if scalar == "'" { return "\"'\"" }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .surrogate, .unassigned, .privateUse:
            return scalar == " " ? "' '" : "U+" + hex4(scalar.value)
        default:
            return "'\(scalar)'"
        }
    }

    /// At least four upper-case hexadecimal digits.
    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Trivia

    /// Skips whitespace and comments; a lone '/' is left for the caller.
    mutating func skipTrivia() throws(JSON5Error) {
        while let scalar = peek() {
            if Self.isWhitespace(scalar) {
                advance()
            } else if scalar == "/", peek(1) == "/" {
                while let next = peek(), !Self.isLineTerminator(next) { advance() }
            } else if scalar == "/", peek(1) == "*" {
                try skipBlockComment()
            } else {
                return
            }
        }
    }

    /// Skips a `/* ... */` comment starting at the cursor.
    private mutating func skipBlockComment() throws(JSON5Error) {
        let start = error("unterminated comment: expected '*/', found end of input")
        advance()
        advance()
        while let scalar = peek() {
            if scalar == "*", peek(1) == "/" {
                advance()
                advance()
                return
            }
            advance()
        }
        throw start
    }

    /// JSON5 whitespace: ASCII blanks, line terminators, NBSP, BOM and Zs.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{2029}":
            return true
        default:
            return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    // MARK: Values

    /// Parses the value starting at the cursor.
    mutating func parseValue() throws(JSON5Error) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        guard let scalar = peek() else {
            throw error("expected a value, found end of input")
        }
        let value: JSONValue
        switch scalar {
        case "{": value = try parseObject()
        case "[": value = try parseArray()
        case "\"", "'": value = .string(try parseString())
        case "+", "-", ".", "0"..."9": value = .number(try parseNumber())
        default:
            guard Self.isIdentifierStart(scalar) else {
                throw error("expected a value, found \(describe(scalar))")
            }
            value = try parseKeyword()
        }
        return JSONNode(value: value, line: startLine, column: startColumn)
    }

    /// Parses `null`, `true`, `false`, `Infinity` or `NaN`.
    private mutating func parseKeyword() throws(JSON5Error) -> JSONValue {
        let start = self
        switch readWord() {
        case "null": return .null
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "Infinity": return .number(.infinity)
        case "NaN": return .number(.nan)
        case let word: throw start.error("expected a value, found '\(word)'")
        }
    }

    /// Increments the nesting depth, refusing documents nested too deeply.
    private mutating func enterContainer() throws(JSON5Error) {
        depth += 1
        if depth > JSON5.maximumDepth {
            throw error("nesting deeper than \(JSON5.maximumDepth) levels")
        }
    }

    /// Parses `[ value, ... ]` with an optional trailing comma.
    private mutating func parseArray() throws(JSON5Error) -> JSONValue {
        try enterContainer()
        advance()
        var elements: [JSONNode] = []
        try skipTrivia()
        while true {
            if peek() == "]" { break }
            if peek() == "," {
                throw error("expected a value or ']', found ','")
            }
            elements.append(try parseValue())
            try skipTrivia()
            guard let next = peek() else { throw error("expected ',' or ']', found end of input") }
            if next == "]" { break }
            guard next == "," else { throw error("expected ',' or ']', found \(describe(next))") }
            advance()
            try skipTrivia()
        }
        advance()
        depth -= 1
        return .array(elements)
    }

    /// Parses `{ key: value, ... }` with an optional trailing comma.
    private mutating func parseObject() throws(JSON5Error) -> JSONValue {
        try enterContainer()
        advance()
        var members: [JSONMember] = []
        var firstIndex: [String: Int] = [:]
        try skipTrivia()
        while true {
            if peek() == "}" { break }
            let member = try parseMember()
            if let earlier = firstIndex[member.key].map({ members[$0] }) {
                throw JSON5Error(
                    line: member.keyLine, column: member.keyColumn,
                    message: "duplicate key '\(member.key)' (first at line \(earlier.keyLine), column \(earlier.keyColumn))")
            }
            firstIndex[member.key] = members.count
            members.append(member)
            try skipTrivia()
            guard let next = peek() else { throw error("expected ',' or '}', found end of input") }
            if next == "}" { break }
            guard next == "," else { throw error("expected ',' or '}', found \(describe(next))") }
            advance()
            try skipTrivia()
        }
        advance()
        depth -= 1
        return .object(members)
    }

    /// Parses `key: value` where the key is a string or an identifier.
    private mutating func parseMember() throws(JSON5Error) -> JSONMember {
        let (keyLine, keyColumn) = (line, column)
        guard let scalar = peek() else { throw error("expected a key or '}', found end of input") }
        let key: String
        if scalar == "\"" || scalar == "'" {
            key = try parseString()
        } else if scalar == "\\" || Self.isIdentifierStart(scalar) {
            key = try parseIdentifier()
        } else {
            throw error("expected a key or '}', found \(describe(scalar))")
        }
        try skipTrivia()
        guard let colon = peek() else { throw error("expected ':' after key '\(key)', found end of input") }
        guard colon == ":" else { throw error("expected ':' after key '\(key)', found \(describe(colon))") }
        advance()
        try skipTrivia()
        let value = try parseValue()
        return JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value)
    }
}
