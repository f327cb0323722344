// `surfacesim <verb> [options]`: dispatch to a verb, print errors
// as `Error: …` with the usage line, and map failures to exit statuses.

import Surfaces
import SurfaceCore

/// The command line's entry point.
public enum CLI {
    /// Runs the command `arguments` (program name first) with `surfaces` added to the built-in
    /// ones (`SurfaceRegistry.add`, docs/extending.md#running-a-study) and returns the exit
    /// status: the whole command line of another package's executable, its surfaces added before
    /// any catalogue is read, so `run`, `validate`, `help parameters` and `help metrics` know them.
    public static func main(_ arguments: [String], surfaces: [SurfaceDescriptor], console: Console = .standard(),
                            verbs: [any Verb] = Verbs.all) -> Int32 {
        for surface in surfaces { SurfaceRegistry.add(surface) }
        return main(arguments, console: console, verbs: verbs)
    }

    /// Runs the command `arguments` (program name first) and returns the exit status: 3 if
    /// the command succeeded but its standard output could not be written (docs/cli.md).
    public static func main(_ arguments: [String], console: Console = .standard(),
                            verbs: [any Verb] = Verbs.all) -> Int32 {
        let status = dispatch(arguments, console: console, verbs: verbs)
        guard status == 0, let failure = console.standardOutputFailure else { return status }
        console.printError("Error: \(failure)\n")
        return 3
    }

    /// Runs the verb `arguments` name, or prints the overview, the version or the error.
    private static func dispatch(_ arguments: [String], console: Console, verbs: [any Verb]) -> Int32 {
        let context = VerbContext(console: console, commandLine: arguments, verbs: verbs)
        let rest = Array(arguments.dropFirst())
        guard let first = rest.first else {
            console.print(Verbs.overview(verbs))
            return 0
        }
        switch first {
        case "-h", "--help":
            console.print(Verbs.overview(verbs))
            return 0
        case "--version":
            console.print(StudyProgram.version + "\n")
            return 0
        default: break
        }
        guard let verb = verbs.first(where: { $0.spec.name == first }) else {
            let shown = ScenarioError.shorten(first)
            let what = first.hasPrefix("-") ? "unknown option '\(shown)'" : "unknown verb '\(shown)'"
            console.printError("Error: \(what)" + NameSuggestion.hint(for: first, among: verbs.map(\.spec.name))
                               + " (see 'surfacesim help')\n")
            return 2
        }
        do {
            let parsed = try ArgumentParser.parse(Array(rest.dropFirst()), spec: verb.spec)
            if parsed.wantsHelp {
                console.print(verb.spec.help)
                return 0
            }
            return try verb.run(parsed, context: context)
        } catch {
            report(error, verb: verb.spec, console: console)
            return error.status
        }
    }

    /// Writes a failure to standard error.
    /// Each line of a message is cut at 1,000 characters: whatever the input echoed, the
    /// message stays readable.
    static func report(_ failure: CLIFailure, verb: CommandSpec, console: Console) {
        func bounded(_ m: String) -> String {
            m.split(separator: "\n", omittingEmptySubsequences: false)
                .map { ScenarioError.shorten(String($0), limit: 1_000) }.joined(separator: "\n")
        }
        // Bad input is one line, whatever it echoes (a value holding a line break among it).
        func line(_ m: String) -> String { ScenarioError.shorten(m, limit: 1_000) }
        switch failure {
        case .usage(let message):
            console.printError("Error: \(line(message)) (see 'surfacesim help\(verb.name == "help" ? "" : " " + verb.name)')\n")
        case .input(let message):
            console.printError("Error: \(line(message))\n")
        case .failed(let message), .environment(let message):
            console.printError("Error: \(bounded(message))\n")
        }
    }
}
