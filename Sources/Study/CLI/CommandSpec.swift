// What a verb accepts, declared once: the parser, the usage line and the help
// screen (OVERVIEW / USAGE / ARGUMENTS / OPTIONS, swift-argument-parser style)
// all come from it.

/// One `--name [<value>]` option.
public struct OptionSpec: Sendable {
    /// The option as typed, e.g. `--runs`.
    public var name: String
    /// The value's placeholder (`n` for `--runs <n>`); nil for a flag.
    public var valueName: String?
    /// One sentence of help.
    public var help: String
    /// What applies when the option is absent, shown as `(default: …)`.
    public var defaultText: String?
    /// Whether it may be given more than once.
    public var repeatable: Bool
    /// Whether help and suggestions leave it out (options for tests).
    public var hidden: Bool
    /// Whether it must be given.
    public var required: Bool

    /// Creates an option.
    public init(_ name: String, value: String? = nil, help: String, default defaultText: String? = nil,
                repeatable: Bool = false, hidden: Bool = false, required: Bool = false) {
        (self.name, self.valueName, self.help, self.defaultText) = (name, value, help, defaultText)
        (self.repeatable, self.hidden, self.required) = (repeatable, hidden, required)
    }

    /// `--runs <n>` or `--resume`.
    var synopsis: String { valueName.map { "\(name) <\($0)>" } ?? name }
}

/// One positional argument.
public struct ArgumentSpec: Sendable {
    /// The placeholder, e.g. `scenario`.
    public var name: String
    /// One sentence of help.
    public var help: String
    /// Whether it takes one or more values.
    public var repeatable: Bool
    /// Whether it may be left out.
    public var optional: Bool

    /// Creates an argument.
    public init(_ name: String, help: String, repeatable: Bool = false, optional: Bool = false) {
        (self.name, self.help, self.repeatable, self.optional) = (name, help, repeatable, optional)
    }
}

/// A verb's interface.
public struct CommandSpec: Sendable {
    /// The verb, e.g. `run`.
    public var name: String
    /// One line: what the verb does.
    public var abstract: String
    /// Further paragraphs of explanation (may be empty).
    public var discussion: String
    /// Positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// Options, in help order (`-h, --help` is added to every verb).
    public var options: [OptionSpec]

    /// Creates a spec.
    public init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [], options: [OptionSpec] = []) {
        (self.name, self.abstract, self.discussion, self.arguments, self.options) = (name, abstract, discussion, arguments, options)
    }

    /// `surfacesim run <scenario> [--runs <n>] ...`.
    public var usage: String {
        var parts = ["surfacesim", name]
        for a in arguments {
            let one = "<\(a.name)>" + (a.repeatable ? " ..." : "")
            parts.append(a.optional ? "[\(one)]" : one)
        }
        for o in options where !o.hidden {
            let one = o.synopsis + (o.repeatable ? " ..." : "")
            parts.append(o.required ? one : "[\(one)]")
        }
        return parts.joined(separator: " ")
    }

    /// The full help screen.
    public var help: String {
        var text = "OVERVIEW: \(abstract)\n\n"
        if !discussion.isEmpty { text += HelpLayout.paragraph(discussion, indent: 0) + "\n" }
        text += "USAGE: \(usage)\n\n"
        if !arguments.isEmpty {
            text += "ARGUMENTS:\n"
            for a in arguments { text += HelpLayout.entry("<\(a.name)>", a.help) }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for o in options where !o.hidden {
            let help = o.help + (o.defaultText.map { " (default: \($0))" } ?? "")
            text += HelpLayout.entry(o.synopsis, help)
        }
        text += HelpLayout.entry("-h, --help", "Show help information.")
        return text
    }
}

/// Two-column help entries wrapped at 80 columns.
enum HelpLayout {
    /// Width of the whole line.
    static let width = 80
    /// Column where help text starts.
    static let textColumn = 26

    /// `  label    text...` with the text wrapped and indented; a label too wide
    /// for its column puts the text on the next line.
    static func entry(_ label: String, _ text: String) -> String {
        let lines = wrap(text, width: width - textColumn)
        var result = "  " + label
        if label.count + 2 > textColumn - 2 {
            result += "\n" + String(repeating: " ", count: textColumn)
        } else {
            result += String(repeating: " ", count: textColumn - 2 - label.count)
        }
        result += lines.joined(separator: "\n" + String(repeating: " ", count: textColumn)) + "\n"
        return result
    }

    /// `text` wrapped at `width` with every line indented by `indent` spaces; each line of
    /// `text` is wrapped on its own.
    static func paragraph(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrap(String($0), width: width - indent) }.map { pad + $0 }.joined(separator: "\n") + "\n"
    }

    /// Words of `text` in lines of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }
}
