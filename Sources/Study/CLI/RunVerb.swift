// `surfacesim run SCENARIO ...`: a study into its result folder.

/// Runs a study and prints a short summary and the files written.
public struct RunVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "run",
            abstract: "Run a study: every sweep point of a scenario, each 'replications' times.",
            discussion: """
            Writes runs.csv, summary.csv, distributions.csv, manifest.json and SVG plots into the \
            result folder (with more than one point also contrasts.csv and contrasts-forest.svg: \
            each point against observe.baseline over paired replications) and coverage.csv (the platform's mechanisms the \
            replications exercised, also printed after the table), all swapped in together at the end: a reader, an interrupt or a crash \
            sees the previous results or the complete new ones. One run at a time writes a folder \
            (another is refused with exit status 3). Ctrl-C stops at the next finished \
            replication, keeps a checkpoint in the folder's .partial/ and prints the command that \
            resumes it; an unfinished checkpoint is only discarded with --fresh. The CSV files are \
            byte-identical for the same scenario, seed and version, whatever --jobs and however \
            the run is split with --shard. A sweep is a grid ({path: [values]}), named points \
            ({points: [{name, set}]}) or a sampled region ({sample: {method: "lhs" or "morris", \
            points, seed, ranges: {path: [low, high]}}}), which also writes sensitivity.csv \
            (each parameter's effect on every metric, ranked) and sensitivity.svg; 'platform' may \
            be swept, each point taking its profile's defaults; 'surfaces: ["widget", ...]' turns \
            on only the surfaces named; 'observe: {report: ["share.lost", ...]}' chooses the \
            metrics of the printed table and of the SVG plots (the CSV files keep every metric); \
            'observe: {select: {metric, goal, within, confidence, constraints}}' picks the best point with a \
            guarantee (Kim & Nelson's sequential procedure) into selection.csv and selection.svg.
            """.split(separator: "\n").joined(separator: " "),
            arguments: [ArgumentSpec("scenario", help: "The scenario file (JSON5).")],
            options: [
                OptionSpec("--runs", value: "n", help: "Replications per sweep point.", default: "the scenario's 'replications'"),
                OptionSpec("--seed", value: "s", help: "Base seed of the study.", default: "the scenario's 'seed'"),
                OptionSpec("--jobs", value: "j", help: "Worker threads, each running whole replications.", default: "the number of active processors"),
                OptionSpec("--out", value: "dir", help: "Result folder.", default: "Results/<scenario name>/, or Results/<scenario name>/shard-K-of-N/ with --shard"),
                OptionSpec("--set", value: "path=value", help: "Set a parameter after the file and before the sweep; see 'surfacesim help parameters'.", repeatable: true),
                OptionSpec("--sweep", value: "path=values", help: "Sweep a parameter over comma-separated values (widget.jitter=0s,5m,15m) or a range low..high/n: n values evenly spaced, both ends included (0s..15m/6 is 0s, 3m, ..., 15m). Adds an axis to the scenario's grid, or replaces its axis of that path; not with named points or a sampled sweep.", repeatable: true),
                OptionSpec("--precision", value: "target", help: "Add replications in batches until the 95% CI half-width of the metric's mean is at most this share of the mean at every point (METRIC=5%, or METRIC=10s for an amount); or of a quantile (METRIC.p90=5%), a tail probability (\"P(METRIC > 1h)=0.01\") or a paired contrast (\"METRIC[path=a] - METRIC[path=b]=10s\"). Repeatable: the run stops when every target holds. The first batch is 'replications'; each next total is what the worst point needs if its half-width shrinks as 1/√n, at least one first batch more and at most 4 times as many. The files equal a run of the count reached. Keeps no checkpoint; not with --shard or --resume.", repeatable: true),
                OptionSpec("--max-runs", value: "n", help: "With --precision: the most replications per point; a point still short of the target then fails the run (exit status 1), with the results written.", default: "\(PrecisionTarget.defaultMaxRuns), within the study's limit of \(Sweep.maxReplications) replications in all"),
                OptionSpec("--platform-uncertainty", help: "Treat every assumed platform figure (help parameters: 'assumed') as uncertain, uniform over its plausible range, besides the scenario's 'uncertain' block: each point runs once per outer draw (a Latin hypercube) with the same replication seeds, and uncertainty.csv, uncertainty-drivers.csv and uncertainty.svg say what the metric could be and which figure drives it. Not with --precision."),
                OptionSpec("--draws", value: "n", help: "With --platform-uncertainty: outer draws of the uncertain figures.", default: "the scenario's 'uncertain.draws', else \(PlatformUncertainty.defaultDraws)"),
                OptionSpec("--shard", value: "k/n", help: "Run only the replications r with r % n = k - 1 and keep state.json for 'surfacesim merge'."),
                OptionSpec("--resume", help: "Continue after the last checkpoint in the result folder's .partial/."),
                OptionSpec("--fresh", help: "Discard an unfinished checkpoint in the result folder's .partial/ and start again."),
                OptionSpec("--checkpoint-every", value: "n|duration", help: "Save a checkpoint after every n replications, or when the duration (30s, 5m) has passed since the last.", default: "10s"),
                OptionSpec("--check", help: "Check the models' invariants in every replication (slower); a violation fails the run."),
                OptionSpec("--quiet", help: "Print nothing but errors (no progress either)."),
                OptionSpec("--progress-every", value: "duration", help: "When standard error is not a terminal (a log, a batch job), write a progress line (done/total, rate, time left) to it each time this has passed; on a terminal the line is rewritten in place.", default: "30s"),
                OptionSpec("--reproducible", help: "Leave wall-clock timing and the build's commit out of every file, manifest.json and state.json included, and out of what it prints (for committed results)."),
                OptionSpec("--stop-after", value: "n", help: "Stop after n replications, checkpointed (for testing --resume).", hidden: true),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        var options = RunOptions()
        options.commandLine = context.commandLine
        if let jobs = try arguments.jobs() { options.jobs = jobs }
        options.outputDirectory = arguments.value("--out")
        if let text = arguments.value("--shard") {
            guard let shard = Shard(parsing: text) else { throw .usage("--shard: expected k/n with 1 ≤ k ≤ n ≤ \(Shard.maxCount), found '\(text)'") }
            options.shard = shard
        }
        options.resume = arguments.flag("--resume")
        options.fresh = arguments.flag("--fresh")
        if options.resume && options.fresh { throw .usage("--resume and --fresh exclude each other") }
        if let text = arguments.value("--checkpoint-every") { options.checkpointEvery = try Self.interval(text) }
        options.stopsOnInterrupt = true
        options.checkInvariants = arguments.flag("--check")
        options.reproducible = arguments.flag("--reproducible")
        options.sweeps = arguments.all("--sweep")
        options.stopAfter = try arguments.integer("--stop-after", minimum: 1)
        let runs = try arguments.integer("--runs", minimum: 1, maximum: Sweep.maxReplications)
        let seed = try arguments.seed()
        let quiet = arguments.flag("--quiet")
        let console = context.console
        let every = try Self.progressInterval(arguments.value("--progress-every"))
        let progress = quiet ? nil : console.showsProgress ? ProgressLine(write: console.printError)
            : console.logsProgress ? ProgressLine(write: console.printError, interval: every) : nil
        let maxRuns = try arguments.integer("--max-runs", minimum: 1, maximum: Sweep.maxReplications)
        let outcome: RunOutcome
        var report: PrecisionReport?
        let draws = try arguments.integer("--draws", minimum: PlatformUncertainty.fewestDraws, maximum: 10_000)
        let uncertainty = arguments.flag("--platform-uncertainty") ? UncertaintyRequest(draws: draws) : nil
        do throws(StudyError) {
            if draws != nil && uncertainty == nil { throw StudyError.invalid("--draws needs --platform-uncertainty") }
            let texts = arguments.all("--precision")
            if !texts.isEmpty {
                if uncertainty != nil { throw StudyError.invalid("--precision cannot be combined with --platform-uncertainty: it sizes one level of replications, an uncertain study has two") }
                var targets: [PrecisionTarget] = []
                for text in texts { targets.append(try PrecisionTarget(parsing: text)) }
                (outcome, report) = try PrecisionRun.run(scenarioPath: arguments.positionals[0], overrides: arguments.all("--set"),
                                                         runs: runs, seed: seed, targets: targets,
                                                         maxRuns: maxRuns, options: options, progress: progress)
            } else {
                if maxRuns != nil { throw StudyError.invalid("--max-runs needs --precision") }
                outcome = try StudyRunner.run(scenarioPath: arguments.positionals[0], overrides: arguments.all("--set"),
                                              runs: runs, seed: seed, uncertainty: uncertainty, options: options, progress: progress)
            }
        } catch {
            throw .from(error)
        }
        if let after = outcome.resumedAfter, !quiet { console.printError("Resumed after \(after) replications.\n") }
        if outcome.interrupted && outcome.keepsNoCheckpoint {
            console.printError("Interrupted: a selection (observe.select) keeps no checkpoint, so its \(outcome.completedTasks) replications were "
                               + "discarded and \(outcome.directory) was left as it was. Run it again to start over.\n")
            return Self.interruptedStatus
        }
        if outcome.interrupted && report != nil {
            console.printError("Interrupted: a precision run keeps no checkpoint, so its \(outcome.completedTasks) replications were "
                               + "discarded and \(outcome.directory) was left as it was. Run it again to start over.\n")
            return Self.interruptedStatus
        }
        if outcome.interrupted {
            console.printError("Interrupted: kept \(outcome.completedTasks) of \(outcome.totalTasks) replications in "
                               + "\(POSIXFiles.join(outcome.directory, Checkpoint.directoryName)). Resume with:\n  "
                               + ResumeCommand.render(context.commandLine) + "\n")
            return Self.interruptedStatus
        }
        if outcome.stopped {
            let done = outcome.state.points.reduce(0) { $0 + $1.replications }
            if !quiet { console.printError("Stopped after \(done) replications; continue with --resume.\n") }
            return 0
        }
        if !quiet { console.print(RunReport.render(outcome, reproducible: options.reproducible)) }
        if let selection = outcome.selection, !quiet {
            let labels = outcome.state.layout.points.indices.map { StudyPlots.label(outcome.state, point: $0) }
            console.print(selection.sentence(labels: labels) + "\n")
        }
        if let report {
            if !quiet || !report.unmet.isEmpty { console.print(PrecisionReport.render(report)) }
            if !report.unmet.isEmpty {
                let short = report.targets.indices.filter { t in report.unmet.contains { $0.target == t } }.map { report.targets[$0].text }
                let what = report.targets.count == 1 && report.units.count == outcome.state.layout.points.count
                    ? "\(report.unmet.count) of \(outcome.state.layout.points.count) points" : "\(report.unmet.count) of \(report.units.count) estimates"
                throw .failed("\(what) did not reach --precision \(short.joined(separator: " and --precision ")) "
                              + "within \(report.replications) replications (--max-runs); results were written")
            }
        }
        if outcome.failedReplications > 0 {
            throw .failed("\(outcome.failedReplications) replications failed (invariant violations); results were written. First:\n  "
                          + outcome.failures.prefix(3).joined(separator: "\n  "))
        }
        return 0
    }

    /// The exit status of a run Ctrl-C stopped (128 + SIGINT, as a shell reports it).
    static let interruptedStatus: Int32 = 130

    /// `--progress-every`: a duration of at least a second (30s when not given).
    static func progressInterval(_ text: String?) throws(CLIFailure) -> Duration {
        guard let text else { return ProgressLine.defaultInterval }
        guard let microseconds = Units.parseDuration(text), microseconds >= 1_000_000 else {
            throw .usage("--progress-every: expected a duration of at least 1s such as 30s or 5m, found '\(text)'")
        }
        return .microseconds(microseconds)
    }

    /// `--checkpoint-every`: a whole number of replications, or a duration.
    static func interval(_ text: String) throws(CLIFailure) -> CheckpointInterval {
        if let n = Int(text), n >= 1 { return .replications(n) }
        if let microseconds = Units.parseDuration(text), microseconds > 0 { return .seconds(Double(microseconds) / 1e6) }
        throw .usage("--checkpoint-every: expected a whole number of replications ≥ 1 or a duration such as 30s, found '\(text)'")
    }
}
