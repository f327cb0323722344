// `surfacesim trace SCENARIO --point P --run R` — the event log of one
// replication, for replaying a failure.
import SimKernel
import Surfaces

/// Runs one replication with a trace and writes it as CSV.
public struct TraceVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "trace",
            abstract: "Write the event log of one replication as CSV (time,process,event,details; time in seconds).",
            discussion: "The replication is the one runs.csv lists with the same point and replication: same seed, same events. Invariant checks are on.",
            arguments: [ArgumentSpec("scenario", help: "The scenario file (JSON5).")],
            options: [
                OptionSpec("--point", value: "p", help: "The sweep point: its name or 0-based index (runs.csv column 'point').", default: "0"),
                OptionSpec("--run", value: "r", help: "The 0-based replication (runs.csv column 'replication').", default: "0"),
                OptionSpec("--set", value: "path=value", help: "Set a parameter after the file and before the sweep.", repeatable: true),
                OptionSpec("--out", value: "file", help: "Write the CSV to this file.", default: "standard output"),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let scenario: Scenario
        do { scenario = try ScenarioLoader.load(path: arguments.positionals[0], overrides: arguments.all("--set")) } catch {
            throw .from(error)
        }
        let pointText = arguments.value("--point") ?? "0"
        guard let point = scenario.pointIndex(pointText) else {
            throw .usage("--point: expected a point name or index 0…\(scenario.sweep.points.count - 1), found '\(pointText)'")
        }
        let run = try arguments.integer("--run", minimum: 0) ?? 0
        let seed = StudyLayout(scenario).seed(point: point, replication: run)
        let log = TraceLog()
        let result = Replication.run(scenario.parameters(ofPoint: point), seed: seed, trace: log, checkInvariants: true)
        let csv = Self.csv(log.records)
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

    /// The records as CSV with times in seconds.
    static func csv(_ records: [TraceRecord]) -> String {
        var text = CSVLine.record(["time", "process", "event", "details"])
        // Observations taken after the fact (glances, see DeferredGlances) carry their
        // own time: the records are put in time order, ties in the order recorded.
        let ordered = records.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        for r in ordered { text += CSVLine.record([CSVNumber.format(Time.seconds(r.time)), r.process, r.event, r.details]) }
        return text
    }
}
