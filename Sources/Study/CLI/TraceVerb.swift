// `surfacesim trace SCENARIO --point P --run R` — the event log of one
// replication, for replaying a failure; `trace --failure ID --variant V --run R` replays one
// replication of a failure of `surfacesim failures` (docs/cli.md#failures).
import SimKernel
import Surfaces

/// Runs one replication with a trace and writes it as CSV.
public struct TraceVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "trace",
            abstract: "Write the event log of one replication as CSV (time,process,event,details; time in seconds).",
            discussion: """
                The replication is the one runs.csv lists with the same point and replication: same seed, same events. Invariant checks are on.
                Each delivery is a 'receive' row whose details are the input as the program declares it, e.g. widgetHost receive reloadRequest(free: true, reason: appRequest); times inside are in seconds. What each surface shows ('widget shows data(...)') and every glance ('glances', 'looks at widget', what it saw) are rows too. With --format text each line reads '12.5 s  widgetHost ← reloadRequest(free: true, reason: appRequest)'.
                With --failure ID --variant causes|avoids (and no scenario) the replication is run R of that failure's variant in 'surfacesim failures' (same seed as the study with the same --seed; the same as tracing the file 'failures --export' writes).
                Programs: \(Replication.programNames.joined(separator: ", ")); surfaces that show things: widget, app, watch, car; the person looking: glances.
                """,
            arguments: [ArgumentSpec("scenario", help: "The scenario file (JSON5); leave it out with --failure.", optional: true)],
            options: [
                OptionSpec("--failure", value: "id", help: "Trace a failure of 'surfacesim failures' instead of a scenario (ids as in failures.csv)."),
                OptionSpec("--variant", value: "causes|avoids", help: "With --failure: the design that causes the failure or the one that avoids it.", default: "causes"),
                OptionSpec("--seed", value: "s", help: "With --failure: the failures study's base seed.", default: "1"),
                OptionSpec("--point", value: "p", help: "The sweep point: its name or 0-based index (runs.csv column 'point').", default: "0"),
                OptionSpec("--run", value: "r", help: "The 0-based replication (runs.csv column 'replication').", default: "0"),
                OptionSpec("--set", value: "path=value", help: "Set a parameter after the file and before the sweep.", repeatable: true),
                OptionSpec("--only", value: "program[,program...]", help: "Keep only these programs' and surfaces' lines (names as above).", default: "all"),
                OptionSpec("--format", value: "csv|text", help: "CSV rows, or one readable line per event.", default: "csv"),
                OptionSpec("--out", value: "file", help: "Write the log to this file.", default: "standard output"),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let scenario = try Self.scenario(arguments)
        let pointText = arguments.value("--point") ?? "0"
        guard let point = scenario.pointIndex(pointText) else {
            throw .usage("--point: expected a point name or index 0…\(scenario.sweep.points.count - 1), found '\(pointText)'")
        }
        let run = try arguments.integer("--run", minimum: 0) ?? 0
        let only = try Self.processes(arguments.value("--only"))
        let format = arguments.value("--format") ?? "csv"
        guard format == "csv" || format == "text" else {
            throw .usage("--format: expected csv or text, found '\(ScenarioError.shorten(format))'")
        }
        let seed = StudyLayout(scenario).seed(point: point, replication: run)
        let log = TraceLog()
        let result = Replication.run(scenario.parameters(ofPoint: point), seed: seed, trace: log, checkInvariants: true)
        let records = only.map { keep in log.records.filter { keep.contains($0.process) } } ?? log.records
        let csv = format == "text" ? Self.text(records) : Self.csv(records)
        if let out = arguments.value("--out") {
            try OutputFile.write(csv, to: out)
        } else {
            context.console.print(csv)
        }
        if log.records.count >= log.capacity {
            context.console.printError("Warning: the trace stopped at \(log.capacity) records.\n")
        }
        guard result.violations.isEmpty else {
            throw .failed("replication \(run) of point \(scenario.sweep.points[point].name) (seed \(seed)) broke invariants:\n  "
                          + result.violations.joined(separator: "\n  "))
        }
        return 0
    }

    /// The scenario to trace: the file, or the failure variant `--failure` names.
    static func scenario(_ arguments: ParsedArguments) throws(CLIFailure) -> Scenario {
        guard let id = arguments.value("--failure") else {
            for option in ["--variant", "--seed"] where arguments.value(option) != nil {
                throw .usage("\(option) goes with --failure; set a scenario's seed with --set seed=N")
            }
            guard let path = arguments.positionals.first else {
                throw .usage("missing argument '<scenario>' (or --failure ID --variant causes|avoids)")
            }
            do { return try ScenarioLoader.load(path: path, overrides: arguments.all("--set")) } catch { throw .from(error) }
        }
        if let path = arguments.positionals.first {
            throw .usage("--failure traces a built-in failure: give it without a scenario (found '\(ScenarioError.shorten(path))')")
        }
        if !arguments.all("--set").isEmpty { throw .usage("--set does not go with --failure (trace the file 'failures --export' writes)") }
        let ids = ChapterFailures.all.map(\.id)
        guard let failure = ChapterFailures.failure(id) else {
            let hint = NameSuggestion.nearest(to: id, among: ids).map { " (did you mean '\($0)'?)" } ?? ""
            throw .usage("--failure: no failure is called '\(ScenarioError.shorten(id))'\(hint); expected one of \(ids.joined(separator: ", "))")
        }
        let text = arguments.value("--variant") ?? "causes"
        guard let variant = FailureMode.Variant(rawValue: text) else {
            throw .usage("--variant: expected causes or avoids, found '\(ScenarioError.shorten(text))'")
        }
        let seed = try arguments.seed() ?? 1
        return FailureScenario.scenario(failure, variant, runs: 1, studySeed: seed)
    }

    /// Every name a trace line's process column can hold.
    /// (`app` and `car` name both a program and the screen it draws: `--only app` keeps both.)
    /// A surface added from outside names its main program after itself (docs/extending.md#names).
    static var processNames: [String] {
        Replication.programNames + ["widget", "watch"].filter { !Replication.programNames.contains($0) }
            + SurfaceExtensions.installed.map(\.name)
    }

    /// The `--only` list, checked against the names a trace holds (nil: keep everything).
    static func processes(_ text: String?) throws(CLIFailure) -> Set<String>? {
        guard let text else { return nil }
        var names = Set<String>()
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard processNames.contains(name) else {
                let hint = NameSuggestion.nearest(to: name, among: processNames).map { " (did you mean '\($0)'?)" } ?? ""
                throw .usage("--only: no program or surface is called '\(ScenarioError.shorten(name))'\(hint); expected one of \(processNames.joined(separator: ", "))")
            }
            names.insert(name)
        }
        return names
    }

    /// The records as readable lines: `12.5 s  widgetHost ← hintDue(generation: 3)` for a
    /// delivery, `12.5 s  widgetProvider · launched widgetHost` for anything else.
    static func text(_ records: [TraceRecord]) -> String {
        var text = ""
        for r in ordered(records) {
            let time = CSVNumber.format(Time.seconds(r.time)) + " s"
            if r.event == "receive" {
                text += "\(time)  \(r.process) ← \(r.details)\n"
            } else {
                text += "\(time)  \(r.process) · \(r.event)\(r.details.isEmpty ? "" : " " + r.details)\n"
            }
        }
        return text
    }

    /// Observations taken after the fact (glances, see DeferredGlances) carry their own
    /// time: the records are put in time order, ties in the order recorded.
    static func ordered(_ records: [TraceRecord]) -> [TraceRecord] {
        records.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The records as CSV with times in seconds.
    static func csv(_ records: [TraceRecord]) -> String {
        var text = CSVLine.record(["time", "process", "event", "details"])
        for r in ordered(records) { text += CSVLine.record([CSVNumber.format(Time.seconds(r.time)), r.process, r.event, r.details]) }
        return text
    }
}
