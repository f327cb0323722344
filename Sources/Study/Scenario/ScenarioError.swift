// Bad input, as data (docs/scenarios.md: "one clear error and exit status 2, before
// anything is written"). Rendered to text in one place: `description`.

/// Where a bad value was found: a position in a scenario file, a whole file,
/// or a command-line option.
public enum InputLocation: Sendable, Equatable, CustomStringConvertible {
    /// `FILE:LINE:COL`.
    case file(String, line: Int, column: Int)
    /// A file as a whole (it could not be read).
    case wholeFile(String)
    /// A command-line option as typed, e.g. `--set push.wakeRefusal=2`.
    case option(String)

    /// The location as the first part of an error message.
    public var description: String {
        switch self {
        case .file(let file, let line, let column): return "\(ScenarioError.shorten(file, limit: 200)):\(line):\(column)"
        case .wholeFile(let file): return ScenarioError.shorten(file, limit: 200)
        case .option(let text): return ScenarioError.shorten(text, limit: 120)
        }
    }
}

/// What was wrong with an input.
public enum InputProblem: Sendable, Equatable {
    /// A value of the wrong form: what was expected and what was found.
    case expected(String, found: String)
    /// A key that names no parameter: the part written after the deepest known `group`
    /// ("" at the top level), and the names that group holds.
    case unknownParameter(String, group: String, names: [String])
    /// A key that is not allowed in this object (e.g. a distribution's field).
    case unknownKey(String, allowed: [String])
    /// A parameter given twice in one file.
    case duplicate(String, firstLine: Int, firstColumn: Int)
    /// A JSON5 syntax error.
    case syntax(String)
    /// The file could not be read.
    case unreadable(String)
    /// Anything else, as a sentence fragment.
    case other(String)
    /// The system refused to read an input (permission, an I/O error): not bad input.
    case refused(String)
}

/// One bad input: where, which parameter, what was wrong, and the nearest valid name.
///
/// Rendered as `LOCATION: PATH: expected EXPECTATION, found FOUND` (PATH left out
/// when the problem concerns no single parameter) and, for an unknown name,
/// `... Did you mean 'NEAREST'?`.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the bad input is.
    public var location: InputLocation
    /// The parameter path concerned, if any.
    public var path: String?
    /// What was wrong.
    public var problem: InputProblem
    /// The system, not the input, is at fault (the CLI exits with status 3).
    public var isEnvironment: Bool { if case .refused = problem { true } else { false } }

    /// The closest valid name, for unknown keys and enum values.
    public var suggestion: String?

    /// Creates an error.
    public init(_ location: InputLocation, path: String? = nil, _ problem: InputProblem, suggestion: String? = nil) {
        self.location = location
        self.path = path
        self.problem = problem
        self.suggestion = suggestion
    }

    /// `text` cut to `limit` characters with an ellipsis, so a huge key or value in the
    /// input never makes a huge message.
    /// Control characters are written as escapes (`\n`, `\t`, `\u{1B}`), so an echoed value
    /// never breaks the message's one line.
    public static func shorten(_ text: String, limit: Int = 80) -> String {
        let line = oneLine(text)
        return line.count <= limit ? line : String(line.prefix(limit - 1)) + "…"
    }

    /// `text` with its control characters (line breaks, tabs, escapes, the Unicode line and
    /// paragraph separators) written as escapes: one line whatever it holds.
    public static func oneLine(_ text: String) -> String {
        func isBreaking(_ s: Unicode.Scalar) -> Bool {
            s.properties.generalCategory == .control || s == "\u{2028}" || s == "\u{2029}" || s == "\u{85}"
        }
        guard text.unicodeScalars.contains(where: isBreaking) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            guard isBreaking(s) else { out.append(s); continue }
            switch s {
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default: out.append(contentsOf: "\\u{\(String(s.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }

    /// The whole message, without the leading `Error: `.
    public var description: String {
        var parts = [location.description]
        if let path { parts.append(Self.shorten(path)) }
        parts.append(problemText)
        var text = parts.joined(separator: ": ")
        if let suggestion { text += ". Did you mean '\(suggestion)'?" }
        return text
    }

    /// The problem in words.
    private var problemText: String {
        switch problem {
        case .expected(let expectation, let found): return "expected \(expectation), found \(found)"
        case .unknownParameter(let key, let group, let names):
            let key = Self.shorten(key)
            guard !group.isEmpty else { return "expected a parameter name, found '\(key)'" }
            // A short list of what the group holds helps more than a guess (observe.glances.tv).
            let list = names.count <= 8 ? " (" + names.joined(separator: ", ") + ")" : ""
            return "expected a parameter under '\(group)'\(list), found '\(key)'"
        case .unknownKey(let key, let allowed):
            return "expected one of " + allowed.map { "'\($0)'" }.joined(separator: ", ") + ", found '\(Self.shorten(key))'"
        case .duplicate(_, let line, let column): return "set twice (first at line \(line), column \(column))"
        case .syntax(let message): return message
        case .unreadable(let reason): return "cannot read the file: \(reason)"
        case .refused(let reason): return "the system refused to read the file: \(reason)"
        case .other(let message): return message
        }
    }
}
