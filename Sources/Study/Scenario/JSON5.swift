// JSON5 scenario files (docs/scenarios.md): the parsed tree keeps every value's source
// position, so a validation error can quote the file, line and column.

/// A parsed JSON5 value together with where it starts in the source text.
///
/// Scenario validation walks this tree and quotes `line` and `column` in its
/// errors, so a user can find the bad value in the file (docs/scenarios.md).
public struct JSONNode: Sendable, Equatable {
    /// The value itself.
    public var value: JSONValue
    /// The 1-based line of the value's first character.
    public var line: Int
    /// The 1-based column (in Unicode scalars) of the value's first character.
    public var column: Int

    /// Creates a node from a value and its source position.
    public init(value: JSONValue, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The member named `key` when this node is an object, else `nil`.
    public subscript(key key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// The JSON data model: the six kinds of value a JSON5 document can hold.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number, including hexadecimal, `Infinity` and `NaN`.
    case number(Double)
    /// A string, with its escapes resolved.
    case string(String)
    /// An array, elements in file order.
    case array([JSONNode])
    /// An object, members in file order (keys are unique).
    case object([JSONMember])

    /// The kind of value in words ("a number", "an object"), for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `key: value` member of a JSON5 object, with the key's source position.
public struct JSONMember: Sendable, Equatable {
    /// The key, with escapes resolved (quoted or identifier keys alike).
    public var key: String
    /// The 1-based line where the key starts.
    public var keyLine: Int
    /// The 1-based column where the key starts.
    public var keyColumn: Int
    /// The member's value.
    public var value: JSONNode

    /// Creates a member from its key, the key's position and its value.
    public init(key: String, keyLine: Int, keyColumn: Int, value: JSONNode) {
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
        self.value = value
    }
}

/// A JSON5 syntax error: where it is and what was expected there.
public struct JSON5Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the offending character.
    public var line: Int
    /// The 1-based column (in Unicode scalars) of the offending character.
    public var column: Int
    /// What went wrong, e.g. `expected ',' or '}', found 'x'`.
    public var message: String

    /// Creates an error at a source position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// The JSON5 parser's entry point (https://spec.json5.org).
///
/// Accepts comments (`//`, `/* */`), trailing commas, identifier keys,
/// single- or double-quoted strings with escapes and line continuations,
/// hexadecimal numbers, leading or trailing decimal points, an explicit `+`,
/// `Infinity` and `NaN`. Duplicate keys in one object are an error.
public enum JSON5 {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses a whole JSON5 document into a tree with source positions.
    /// - Throws: `JSON5Error` at the first syntax error.
    /// - Complexity: O(n) in the length of `text`.
    public static func parse(_ text: String) throws(JSON5Error) -> JSONNode {
        var parser = JSON5Parser(text)
        return try parser.parseDocument()
    }
}
