// Splitting a verb's arguments by its `CommandSpec`, with the errors of
// swift-argument-parser ("Unknown option '--rnus'. Did you mean '--runs'?").

/// A verb's arguments, parsed.
public struct ParsedArguments: Sendable {
    /// Positional arguments, in order.
    public var positionals: [String] = []
    /// Values of options, by name, in order given.
    public var values: [String: [String]] = [:]
    /// Flags given.
    public var flags: Set<String> = []
    /// Whether `-h` or `--help` was given.
    public var wantsHelp = false

    /// The single value of an option, if given.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The most worker threads `--jobs` asks for: far more than any machine's processors, and
    /// few enough that a thread each (and the work pool's window, a few tasks per thread) fits.
    public static let maxJobs = 1024

    /// `--jobs J`, if given: worker threads, from 1 to `maxJobs`.
    public func jobs() throws(CLIFailure) -> Int? {
        try integer("--jobs", minimum: 1, maximum: Self.maxJobs)
    }

    /// `--seed S`, if given: any 64-bit seed, 0 to 2⁶⁴ − 1, as every verb and a scenario's
    /// `seed` accept.
    public func seed() throws(CLIFailure) -> UInt64? {
        guard let text = value("--seed") else { return nil }
        guard let seed = UInt64(text) else {
            throw .usage("--seed: expected a whole number from 0 to \(UInt64.max), found '\(ScenarioError.shorten(text))'")
        }
        return seed
    }

    /// A whole-number option at least `minimum`, if given.
    public func integer(_ name: String, minimum: Int, maximum: Int = .max) throws(CLIFailure) -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), n >= minimum, n <= maximum else {
            let range = maximum == .max ? "≥ \(minimum)" : "from \(minimum) to \(maximum)"
            throw .usage("\(name): expected a whole number \(range), found '\(ScenarioError.shorten(text))'")
        }
        return n
    }
}

/// Parses arguments against a spec.
public enum ArgumentParser {
    /// Parses `arguments` (everything after the verb).
    /// - Throws: `CLIFailure.usage` for unknown options, missing values, and wrong argument counts.
    public static func parse(_ arguments: [String], spec: CommandSpec) throws(CLIFailure) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let token = arguments[i]
            i += 1
            if onlyPositionals || !token.hasPrefix("-") || token == "-" {
                parsed.positionals.append(token)
                continue
            }
            if token == "--" { onlyPositionals = true; continue }
            if token == "-h" || token == "--help" { parsed.wantsHelp = true; continue }
            var name = token
            var inline: String?
            if let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inline = String(token[token.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let visible = spec.options.filter { !$0.hidden }.map(\.name) + ["--help"]
                throw .usage("unknown option '\(ScenarioError.shorten(name))'" + NameSuggestion.hint(for: name, among: visible))
            }
            if option.valueName == nil {
                if inline != nil { throw .usage("option '\(ScenarioError.shorten(name))' takes no value") }
                if parsed.flags.contains(name) { throw .usage("option '\(name)' is given twice") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw .usage("missing value for '\(option.synopsis)'") }
                value = arguments[i]
                i += 1
            }
            if value.isEmpty { throw .usage("\(name): the value is empty; expected <\(option.valueName ?? "value")>") }
            if !option.repeatable && parsed.values[name] != nil { throw .usage("option '\(name)' is given twice") }
            parsed.values[name, default: []].append(value)
        }
        if parsed.wantsHelp { return parsed }
        try checkCounts(parsed, spec: spec)
        return parsed
    }

    /// Every required argument and option is present, and no argument is extra.
    private static func checkCounts(_ parsed: ParsedArguments, spec: CommandSpec) throws(CLIFailure) {
        let required = spec.arguments.filter { !$0.optional }
        if parsed.positionals.count < required.count {
            throw .usage("missing argument '<\(required[parsed.positionals.count].name)>'")
        }
        let repeats = spec.arguments.last?.repeatable ?? false
        if !repeats && parsed.positionals.count > spec.arguments.count {
            throw .usage("unexpected argument '\(ScenarioError.shorten(parsed.positionals[spec.arguments.count]))'")
        }
        for option in spec.options where option.required && parsed.values[option.name] == nil {
            throw .usage("missing option '\(option.synopsis)'")
        }
    }
}
