// `surfacesim failures [--runs N] [--out DIR]` (SPEC §5): every failure mode with the design
// that causes it and the design that avoids it.
import SimKernel
import Surfaces

/// Runs the failure table and writes failures.csv.
public struct FailuresVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "failures",
            abstract: "Run every failure mode of the chapter, with the design that causes it and the one that avoids it.",
            discussion: """
            F1–F16 are §25.14 in the chapter's order; outbox-race is §25.3, widget-bursts §25.13, \
            action-retry-duplicates §25.8; app-group-refused, schema-after-update, deleted-target, \
            kept-reading-expired and key-lost are the seeds' cases. failures.csv gives, per failure \
            and variant (causes, avoids), the share of runs in which a person would notice the \
            failure and its measured size (the metric named in the row).
            """,
            options: [
                OptionSpec("--runs", value: "n", help: "Replications per (failure, variant).", default: "100"),
                OptionSpec("--seed", value: "s", help: "Base seed.", default: "1"),
                OptionSpec("--jobs", value: "j", help: "Worker threads.", default: "the number of active processors"),
                OptionSpec("--out", value: "dir", help: "Result folder.", default: "Results/failures/"),
                OptionSpec("--quiet", help: "Print nothing but errors."),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let runs = try arguments.integer("--runs", minimum: 1) ?? 100
        let seed = UInt64(try arguments.integer("--seed", minimum: 0) ?? 1)
        let jobs = try arguments.integer("--jobs", minimum: 1) ?? ChapterOutput.defaultJobs
        let out = arguments.value("--out") ?? "Results/failures"
        let rows = FailureStudy.run(runs: runs, seed: seed, jobs: jobs)
        try ChapterOutput.write(["failures.csv": FailureStudy.csv(rows)], to: out)
        if !arguments.flag("--quiet") {
            context.console.print(ChapterOutput.failureTable(rows))
            context.console.print("Wrote \(out)/failures.csv\n")
        }
        return 0
    }
}
