// JSON5 literals: numbers, strings with escapes, and identifier keys.

extension JSON5Parser {
    // MARK: Numbers

    /// Parses a signed decimal, hexadecimal, `Infinity` or `NaN` number.
    mutating func parseNumber() throws(JSON5Error) -> Double {
        var negative = false
        if let sign = peek(), sign == "+" || sign == "-" {
            negative = sign == "-"
            advance()
        }
        guard let first = peek() else { throw error("expected a number, found end of input") }
        let magnitude: Double
        if Self.isIdentifierStart(first) {
            magnitude = try parseNamedNumber()
        } else if first == "0", let x = peek(1), x == "x" || x == "X" {
            magnitude = try parseHexadecimal()
        } else {
            magnitude = try parseDecimal()
        }
        if let next = peek(), Self.isIdentifierPart(next) {
            throw error("expected the end of the number, found \(describe(next))")
        }
        return negative ? -magnitude : magnitude
    }

    /// Parses `Infinity` or `NaN` after a sign.
    private mutating func parseNamedNumber() throws(JSON5Error) -> Double {
        let start = self
        switch readWord() {
        case "Infinity": return .infinity
        case "NaN": return .nan
        case let word: throw start.error("expected a number, found '\(word)'")
        }
    }

    /// Parses `0x` followed by hexadecimal digits.
    private mutating func parseHexadecimal() throws(JSON5Error) -> Double {
        advance()
        advance()
        var value = 0.0
        var digits = 0
        while let scalar = peek(), let digit = Self.hexValue(scalar) {
            value = value * 16 + Double(digit)
            digits += 1
            advance()
        }
        if digits == 0 {
            throw error("expected a hexadecimal digit, found \(peek().map(describe) ?? "end of input")")
        }
        return value
    }

    /// Parses `digits[.digits][e[+-]digits]` where either digit run may be empty.
    private mutating func parseDecimal() throws(JSON5Error) -> Double {
        let start = self
        if peek() == "0", let next = peek(1), Self.isDigit(next) {
            advance()
            throw error("expected '.', 'e' or the end of the number after a leading zero, found \(describe(next))")
        }
        let integer = readDigits()
        var fraction = ""
        if peek() == "." {
            advance()
            fraction = readDigits()
        }
        if integer.isEmpty && fraction.isEmpty {
            throw start.error("expected a number, found \(peek().map(describe) ?? "end of input")")
        }
        var exponent = ""
        if let e = peek(), e == "e" || e == "E" {
            advance()
            exponent = try readExponent()
        }
        let mantissa = (integer.isEmpty ? "0" : integer) + "." + (fraction.isEmpty ? "0" : fraction)
        let text = exponent.isEmpty ? mantissa : mantissa + "e" + exponent
        guard let value = Double(text) else { throw start.error("number out of range") }
        return value
    }

    /// Reads `[+-]digits` after an exponent marker.
    private mutating func readExponent() throws(JSON5Error) -> String {
        var sign = ""
        if let s = peek(), s == "+" || s == "-" {
            sign = s == "-" ? "-" : ""
            advance()
        }
        let digits = readDigits()
        if digits.isEmpty {
            throw error("expected an exponent digit, found \(peek().map(describe) ?? "end of input")")
        }
        return sign + digits
    }

    /// Reads a possibly empty run of ASCII digits.
    private mutating func readDigits() -> String {
        var digits = String.UnicodeScalarView()
        while let scalar = peek(), Self.isDigit(scalar) {
            digits.append(advance())
        }
        return String(digits)
    }

    /// Whether `scalar` is an ASCII digit.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }

    /// The value of an ASCII hexadecimal digit, or `nil`.
    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }

    // MARK: Strings

    /// Parses a single- or double-quoted string, resolving escapes.
    mutating func parseString() throws(JSON5Error) -> String {
        let quote = advance()
        var utf8: [UInt8] = []
        while true {
            // A run of plain scalars (no quote, backslash or line break) is copied at once; the
            // cursor moves over it as `advance()` would, with no line to count. (Shard states and
            // checkpoints hold strings of many thousand scalars: their encoded histograms.)
            var end = position
            while end < scalars.count {
                let s = scalars[end]
                if s == quote || s == "\\" || Self.isLineTerminator(s) { break }
                end += 1
            }
            if end > position {
                for s in scalars[position..<end] { Self.appendUTF8(s, to: &utf8) }
                position = end
            }
            guard let scalar = peek() else {
                throw error("expected \(describe(quote)) to close the string, found end of input")
            }
            if scalar == quote {
                advance()
                return String(decoding: utf8, as: UTF8.self)
            }
            if scalar == "\n" || scalar == "\r" {
                throw error("expected \(describe(quote)) to close the string, found line break")
            }
            if scalar == "\\" {
                var escaped = String.UnicodeScalarView()
                try parseEscape(into: &escaped)
                for s in escaped { Self.appendUTF8(s, to: &utf8) }
            } else {
                Self.appendUTF8(advance(), to: &utf8)
            }
        }
    }

    /// Appends the UTF-8 encoding of `scalar`.
    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if scalar.isASCII {
            bytes.append(UInt8(scalar.value))
        } else if let encoded = UTF8.encode(scalar) {
            bytes.append(contentsOf: encoded)
        }
    }

    /// Parses one escape sequence (the cursor is on the backslash).
    private mutating func parseEscape(into text: inout String.UnicodeScalarView) throws(JSON5Error) {
        advance()
        guard let scalar = peek() else {
            throw error("expected an escape character after '\\', found end of input")
        }
        if Self.isLineTerminator(scalar) {
            advance()
            if scalar == "\r", peek() == "\n" { advance() }
            return
        }
        if let simple = Self.simpleEscape(scalar) {
            advance()
            if scalar == "0", let next = peek(), Self.isDigit(next) {
                throw error("expected a non-digit after '\\0', found \(describe(next))")
            }
            text.append(simple)
            return
        }
        switch scalar {
        case "x": text.append(try parseHexEscape())
        case "u": text.append(try parseUnicodeEscape())
        case "1"..."9": throw error("expected an escape character, found \(describe(scalar))")
        default: text.append(advance())
        }
    }

    /// The scalar a one-character escape stands for, or `nil`.
    private static func simpleEscape(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "b": "\u{08}"
        case "f": "\u{0C}"
        case "n": "\n"
        case "r": "\r"
        case "t": "\t"
        case "v": "\u{0B}"
        case "0": "\u{00}"
        default: nil
        }
    }

    /// Parses `xHH` (the cursor is on the `x`).
    private mutating func parseHexEscape() throws(JSON5Error) -> Unicode.Scalar {
        advance()
        let value = try readHexDigits(2)
        return Unicode.Scalar(UInt8(value))
    }

    /// Parses `uXXXX`, combining a surrogate pair written as two escapes.
    mutating func parseUnicodeEscape() throws(JSON5Error) -> Unicode.Scalar {
        let start = self
        advance()
        let high = try readHexDigits(4)
        if (0xD800...0xDBFF).contains(high), peek() == "\\", peek(1) == "u" {
            advance()
            advance()
            let low = try readHexDigits(4)
            if (0xDC00...0xDFFF).contains(low),
               let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(high) else {
            throw start.error("expected a Unicode scalar, found a lone surrogate in '\\u' escape")
        }
        return scalar
    }

    /// Reads exactly `count` hexadecimal digits.
    private mutating func readHexDigits(_ count: Int) throws(JSON5Error) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let scalar = peek(), let digit = Self.hexValue(scalar) else {
                throw error("expected a hexadecimal digit, found \(peek().map(describe) ?? "end of input")")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    // MARK: Identifiers

    /// Whether `scalar` can start an ECMAScript identifier.
    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "$" || scalar == "_" || scalar.properties.isIDStart
    }

    /// Whether `scalar` can continue an ECMAScript identifier.
    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || scalar.properties.isIDContinue
            || scalar == "\u{200C}" || scalar == "\u{200D}"
    }

    /// Reads a run of identifier characters without escapes (keywords).
    mutating func readWord() -> String {
        var word = String.UnicodeScalarView()
        while let scalar = peek(), Self.isIdentifierPart(scalar) {
            word.append(advance())
        }
        return String(word)
    }

    /// Parses an identifier key, which may contain `\uXXXX` escapes.
    mutating func parseIdentifier() throws(JSON5Error) -> String {
        var name = String.UnicodeScalarView()
        while let scalar = peek() {
            if scalar == "\\" {
                let start = self
                advance()
                guard peek() == "u" else {
                    throw error("expected 'u' after '\\' in a key, found \(peek().map(describe) ?? "end of input")")
                }
                let escaped = try parseUnicodeEscape()
                let valid = name.isEmpty ? Self.isIdentifierStart(escaped) : Self.isIdentifierPart(escaped)
                guard valid else { throw start.error("expected an identifier character, found \(describe(escaped))") }
                name.append(escaped)
            } else if name.isEmpty ? Self.isIdentifierStart(scalar) : Self.isIdentifierPart(scalar) {
                name.append(advance())
            } else {
                break
            }
        }
        return String(name)
    }
}
