// `surfacesim validate SCENARIO` (docs/cli.md): check a file without running it.

/// Decodes a scenario and reports what it would run.
public struct ValidateVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "validate",
            abstract: "Check a scenario file without running it.",
            arguments: [ArgumentSpec("scenario", help: "The scenario file (JSON5).")],
            options: [
                OptionSpec("--set", value: "path=value", help: "Set a parameter after the file and before the sweep.", repeatable: true),
                OptionSpec("--sweep", value: "path=values", help: "Sweep a parameter as 'run --sweep' does (0s,5m,15m or 0s..15m/6).", repeatable: true),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let path = arguments.positionals[0]
        let scenario: Scenario
        do { scenario = try ScenarioLoader.load(path: path, overrides: arguments.all("--set"), sweeps: arguments.all("--sweep")) } catch {
            throw .from(error)
        }
        let points = scenario.sweep.points.count
        context.console.print("\(path): valid. Study '\(scenario.name)': \(points) point\(points == 1 ? "" : "s") × "
                              + "\(scenario.base.replications) replications = \(points * scenario.base.replications) replications, "
                              + "seed \(scenario.base.seed).\n")
        return 0
    }
}
