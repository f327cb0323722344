// `surfacesim merge DIR... --out DIR`: combine shards.

/// Merges shard result folders into the unsplit result.
public struct MergeVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "merge",
            abstract: "Combine the shards of a study; the result equals the unsplit run.",
            discussion: "Each folder must hold the runs.csv and state.json of 'surfacesim run --shard k/n', all n shards of one scenario, seed and replication count, run by this program's model code (manifest.json 'model') unless --allow-different-models.",
            arguments: [ArgumentSpec("dir", help: "Result folders of the shards, in any order.", repeatable: true)],
            options: [OptionSpec("--out", value: "dir", help: "Folder for the merged results (not one of the shards).", required: true),
                      OptionSpec("--quiet", help: "Print nothing but errors."),
                      OptionSpec("--reproducible", help: "Leave wall-clock timing and the commit out of manifest.json and of what it prints (for committed results)."),
                      OptionSpec("--allow-different-models", help: "Merge shards run by other model code than this program's (manifest.json 'model'); refused otherwise.")])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let out = arguments.value("--out")!
        let merged: (state: StudyState, files: [String])
        do {
            merged = try ShardMerge.merge(arguments.positionals, into: out, commandLine: context.commandLine,
                                          reproducible: arguments.flag("--reproducible"),
                                          allowDifferentModels: arguments.flag("--allow-different-models"))
        } catch {
            throw .from(error)
        }
        let outcome = RunOutcome(directory: out, files: merged.files, state: merged.state, stopped: false, failures: [], resumedAfter: nil)
        if !arguments.flag("--quiet") { context.console.print(RunReport.render(outcome, reproducible: arguments.flag("--reproducible"))) }
        if outcome.failedReplications > 0 {
            throw .failed("\(outcome.failedReplications) replications failed (invariant violations) in the shards")
        }
        return 0
    }
}
