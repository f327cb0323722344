// `surfacesim trace SCENARIO --point P --run R` — the event log of one
// replication, for replaying a failure; `trace --failure ID --variant V --run R` replays one
// replication of a failure of `surfacesim failures` (docs/cli.md#failures).
import SimKernel
import Surfaces
import SurfaceCore

/// Runs one replication with a trace and writes it as CSV, text, trace-event JSON or a sequence chart.
public struct TraceVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "trace",
            abstract: "Write the event log of one replication: CSV (time,process,event,details; time in seconds), text, Perfetto JSON or a sequence chart.",
            discussion: """
                The replication is the one runs.csv lists with the same point and replication: same seed, same events. Invariant checks are on.
                Each delivery is a 'receive' row whose details are the input as the program declares it, e.g. widgetHost receive reloadRequest(free: true, reason: appRequest); times inside are in seconds. What each surface shows ('widget shows data(...)') and every glance ('glances', 'looks at widget', what it saw) are rows too. With --format text each line reads '12.5 s  widgetHost ← reloadRequest(free: true, reason: appRequest)'.
                With --failure ID --variant causes|avoids (and no scenario) the replication is run R of that failure's variant in 'surfacesim failures' (same seed as the study with the same --seed; the same as tracing the file 'failures --export' writes).
                What did not happen is a row of its own: 'lost' (a push lost in transit; a change lost for good, 'change: N', on the row of the program that let go of it last), 'refused' (a write the shared storage or the watch link refused, a reload the widget's budget refused), 'held' and 'dropped' (a push held for a phone that cannot take it, or replaced by a newer one), and, as before, 'wakeRefused', 'reloadRefused', 'discarded'.
                --format perfetto writes Chrome/Perfetto trace-event JSON (open it at ui.perfetto.dev: a track per program with its runs, each delivery, flows from sender to receiver, counters of each surface's staleness, the widget's budget left and the phone's power); --format svg a sequence chart (lanes per program, arrows for messages, losses marked). --from/--to or --around T [--span D] keep a window; times as 3h, 90m, 12.5s, 12.5 or a clock time 08:30 (the replication starts at 00:00). --clock adds each row's clock time (CSV: a last column 'clock').
                Programs: \(Replication.programNames.joined(separator: ", ")); surfaces that show things: widget, app, watch, car; the person looking: glances; surface names as aliases: \(Self.surfaceAliases.map { "\($0.key) (\($0.value.joined(separator: ", ")))" }.sorted().joined(separator: ", ")).
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
                OptionSpec("--format", value: "csv|text|perfetto|svg", help: "CSV rows, one readable line per event, trace-event JSON for ui.perfetto.dev, or a sequence chart.", default: "csv"),
                OptionSpec("--from", value: "time", help: "Keep what happens from this time on (3h, 90m, 12.5s, 08:30, d2 08:30).", default: "the start"),
                OptionSpec("--to", value: "time", help: "Keep what happens up to this time.", default: "the end"),
                OptionSpec("--around", value: "time", help: "Keep a window of --span centred on this time (instead of --from/--to)."),
                OptionSpec("--span", value: "duration", help: "With --around: the window's length.", default: "20m"),
                OptionSpec("--clock", help: "Add each row's clock time of day (csv: a last column 'clock'; text: after the seconds)."),
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
        let formats = ["csv", "text", "perfetto", "svg"]
        guard formats.contains(format) else {
            let hint = NameSuggestion.nearest(to: format, among: formats).map { " (did you mean '\($0)'?)" } ?? ""
            throw .usage("--format: expected csv, text, perfetto or svg, found '\(ScenarioError.shorten(format))'\(hint)")
        }
        let parameters = scenario.parameters(ofPoint: point)
        let window = try TraceWindow.from(arguments, duration: parameters.duration)
        let withClock = arguments.flag("--clock")
        if withClock && (format == "perfetto" || format == "svg") {
            throw .usage("--clock goes with --format csv or text (perfetto and svg show clock times already)")
        }
        let seed = StudyLayout(scenario).seed(point: point, replication: run)
        let log = TraceLog()
        let result = Replication.run(parameters, seed: seed, trace: log, checkInvariants: true)
        let all = Self.ordered(log.records)
        let clock = withClock ? TraceClock(duration: parameters.duration) : nil
        let title = Self.title(arguments, scenario: scenario, point: point, run: run, seed: seed)
        let records = all.filter { window.contains($0.time) && (only?.contains($0.process) ?? true) }
        let csv: String
        switch format {
        case "text": csv = Self.text(records, clock: clock)
        case "perfetto":
            csv = PerfettoTrace(records: all, counters: log.counters, window: window, duration: parameters.duration,
                                keep: only, programs: Replication.programNames, title: title).json()
        case "svg":
            var chart = SequenceChart(records: all, window: window, duration: parameters.duration, keep: only,
                                      programs: Replication.programNames, title: title)
            csv = chart.svg()
            if chart.rowsLeftOut > 0 {
                context.console.printError("Warning: the chart shows the window's first \(chart.maxRows) events; \(chart.rowsLeftOut) more were left out (narrow it with --from/--to or --around).\n")
            }
        default: csv = Self.csv(records, clock: clock)
        }
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
    static var processNames: [String] {
        Replication.programNames + ["widget", "watch"].filter { !Replication.programNames.contains($0) }
    }

    /// The surfaces' names (as in metrics and `surfaces: [...]`) that `--only` takes for their
    /// programs, where the surface's name is not itself a process name of the trace.
    static let surfaceAliases: [String: [String]] = [
        "live": ["liveStatus"], "share": ["shareSheet", "shareExtension"], "action": ["automations", "actionRunner"],
        "instant": ["instantVersion"], "tv": ["television"],
    ]

    /// The `--only` list, checked against the names a trace holds (nil: keep everything); a
    /// surface's name keeps its programs' lines.
    static func processes(_ text: String?) throws(CLIFailure) -> Set<String>? {
        guard let text else { return nil }
        var names = Set<String>()
        let accepted = processNames + surfaceAliases.keys.sorted()
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let programs = surfaceAliases[name], !processNames.contains(name) {
                names.formUnion(programs)
                continue
            }
            guard processNames.contains(name) else {
                let hint = NameSuggestion.nearest(to: name, among: accepted).map { " (did you mean '\($0)'?)" } ?? ""
                throw .usage("--only: no program or surface is called '\(ScenarioError.shorten(name))'\(hint); expected one of \(accepted.joined(separator: ", "))")
            }
            names.insert(name)
        }
        return names
    }

    /// What a trace is of, for the perfetto trace's and the chart's titles.
    static func title(_ arguments: ParsedArguments, scenario: Scenario, point: Int, run: Int, seed: UInt64) -> String {
        if let failure = arguments.value("--failure") {
            return "failure \(failure) (\(arguments.value("--variant") ?? "causes")), run \(run), seed \(seed)"
        }
        let file = arguments.positionals.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "scenario"
        return "\(file), point \(scenario.sweep.points[point].name), run \(run), seed \(seed)"
    }

    /// The records as readable lines: `12.5 s  widgetHost ← hintDue(generation: 3)` for a
    /// delivery, `12.5 s  widgetProvider · launched widgetHost` for anything else.
    static func text(_ records: [TraceRecord], clock: TraceClock? = nil) -> String {
        var text = ""
        for r in ordered(records) {
            var time = CSVNumber.format(Time.seconds(r.time)) + " s"
            if let clock { time += "  " + clock.format(r.time) }
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
    static func csv(_ records: [TraceRecord], clock: TraceClock? = nil) -> String {
        guard let clock else {
            var text = CSVLine.record(["time", "process", "event", "details"])
            for r in ordered(records) { text += CSVLine.record([CSVNumber.format(Time.seconds(r.time)), r.process, r.event, r.details]) }
            return text
        }
        var text = CSVLine.record(["time", "process", "event", "details", "clock"])
        for r in ordered(records) {
            text += CSVLine.record([CSVNumber.format(Time.seconds(r.time)), r.process, r.event, r.details, clock.format(r.time)])
        }
        return text
    }
}
