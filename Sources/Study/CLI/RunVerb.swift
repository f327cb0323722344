// `surfacesim run SCENARIO ...` (SPEC §5).

/// Runs a study and prints a short summary and the files written.
public struct RunVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "run",
            abstract: "Run a study: every sweep point of a scenario, each 'replications' times.",
            discussion: """
            Writes runs.csv, summary.csv, distributions.csv, manifest.json and SVG plots into the \
            result folder, all renamed into place at the end: an interrupted run leaves the previous \
            results or the complete new ones. The CSV files are byte-identical for the same scenario, \
            seed and version, whatever --jobs and however the run is split with --shard.
            """.split(separator: "\n").joined(separator: " "),
            arguments: [ArgumentSpec("scenario", help: "The scenario file (JSON5).")],
            options: [
                OptionSpec("--runs", value: "n", help: "Replications per sweep point.", default: "the scenario's 'replications'"),
                OptionSpec("--seed", value: "s", help: "Base seed of the study.", default: "the scenario's 'seed'"),
                OptionSpec("--jobs", value: "j", help: "Worker threads, each running whole replications.", default: "the number of active processors"),
                OptionSpec("--out", value: "dir", help: "Result folder.", default: "Results/<scenario name>/, or Results/<scenario name>/shard-K-of-N/ with --shard"),
                OptionSpec("--set", value: "path=value", help: "Set a parameter after the file and before the sweep; see 'surfacesim help parameters'.", repeatable: true),
                OptionSpec("--shard", value: "k/n", help: "Run only the replications r with r % n = k - 1 and keep state.json for 'surfacesim merge'."),
                OptionSpec("--resume", help: "Continue after the last checkpoint in the result folder's .partial/."),
                OptionSpec("--check", help: "Check the models' invariants in every replication (slower); a violation fails the run."),
                OptionSpec("--quiet", help: "Print nothing but errors."),
                OptionSpec("--reproducible", help: "Leave wall-clock timing out of manifest.json (for committed results)."),
                OptionSpec("--stop-after", value: "n", help: "Stop after n replications, checkpointed (for testing --resume).", hidden: true),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        var options = RunOptions()
        options.commandLine = context.commandLine
        if let jobs = try arguments.integer("--jobs", minimum: 1) { options.jobs = jobs }
        options.outputDirectory = arguments.value("--out")
        if let text = arguments.value("--shard") {
            guard let shard = Shard(parsing: text) else { throw .usage("--shard: expected k/n with 1 ≤ k ≤ n ≤ \(Shard.maxCount), found '\(text)'") }
            options.shard = shard
        }
        options.resume = arguments.flag("--resume")
        options.checkInvariants = arguments.flag("--check")
        options.reproducible = arguments.flag("--reproducible")
        options.stopAfter = try arguments.integer("--stop-after", minimum: 1)
        let runs = try arguments.integer("--runs", minimum: 1, maximum: Sweep.maxReplications)
        var seed: UInt64?
        if let text = arguments.value("--seed") {
            guard let s = UInt64(text) else { throw .usage("--seed: expected a whole number ≥ 0, found '\(text)'") }
            seed = s
        }
        let quiet = arguments.flag("--quiet")
        let console = context.console
        let progress = !quiet && console.showsProgress ? ProgressLine(write: console.printError) : nil
        let outcome: RunOutcome
        do {
            outcome = try StudyRunner.run(scenarioPath: arguments.positionals[0], overrides: arguments.all("--set"),
                                          runs: runs, seed: seed, options: options, progress: progress)
        } catch {
            throw .from(error)
        }
        if options.resume && !quiet {
            console.printError(outcome.resumedAfter.map { "Resumed after \($0) replications.\n" }
                               ?? "Nothing to resume in \(outcome.directory)/.partial; started afresh.\n")
        }
        if outcome.stopped {
            let done = outcome.state.points.reduce(0) { $0 + $1.replications }
            if !quiet { console.printError("Stopped after \(done) replications; continue with --resume.\n") }
            return 0
        }
        if !quiet { console.print(RunReport.render(outcome)) }
        if outcome.failedReplications > 0 {
            throw .failed("\(outcome.failedReplications) replications failed (invariant violations); results were written. First:\n  "
                          + outcome.failures.prefix(3).joined(separator: "\n  "))
        }
        return 0
    }
}
