// `surfacesim failures [--runs N] [--out DIR]`: every failure mode with the design
// that causes it and the design that avoids it.
import SimKernel
import Surfaces
import SurfaceCore

/// Runs the failure table and writes failures.csv.
public struct FailuresVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "failures",
            abstract: "Run every failure mode of the chapter, with the design that causes it and the one that avoids it.",
            discussion: """
            F1–F16 are §25.14 in the chapter's order; outbox-race is §25.3, widget-bursts §25.13, \
            action-retry-duplicates §25.8, gallery-leak §25.4; app-group-refused, schema-after-update, deleted-target, \
            kept-reading-expired and key-lost are the field reports' cases. failures.csv gives, per failure \
            and variant (causes, avoids), the share of runs in which a person would notice the \
            failure and its measured size (the metric named in the row): `value` is the figure \
            summary.csv prints for that metric (its mean, or p50 where the rule reads medians) over \
            the variant's replications. Each variant runs as a one-point scenario whose seed comes \
            from the study's --seed and the failure's id; --export DIR writes it as DIR/<id>-causes.json5 \
            and DIR/<id>-avoids.json5, which 'surfacesim run FILE' reproduces (same seeds, same \
            figures); 'surfacesim trace --failure ID --variant causes --run R' shows one replication.
            When a failure is noticed, per run on the runs.csv columns named (a run with no value \
            in the first one does not count; share = noticed runs / runs that count), and the \
            summary.csv figure reported as its value:
            """ + "\n" + Self.rules,
            options: ChapterOutput.options(runsHelp: "Replications per (failure, variant).", runs: 100, out: "Results/failures",
                                           ids: "failures (ids as in failures.csv)",
                                           export: "Also write each selected failure's variants as scenario files DIR/<id>-causes.json5 and DIR/<id>-avoids.json5 that 'surfacesim run FILE' reproduces."))
    }

    /// One line per failure: its rule for "noticed" and the figure reported as its value.
    static var rules: String {
        ChapterFailures.all.map { f in
            "\(f.id): \(f.rule.condition) → value: \(f.rule.figure) of \(f.metric)"
        }.joined(separator: "\n")
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let failures = try FailureScenario.selection(ChapterSelection.ids(arguments.value("--only")))
        return try ChapterOutput.run(arguments, context: context, runs: 100, out: "Results/failures", file: "failures.csv",
                                     export: { runs, seed in ChapterExport.failureFiles(failures, runs: runs, studySeed: seed) }) { runs, seed, jobs in
            let rows = FailureStudy.run(runs: runs, seed: seed, jobs: jobs, failures: failures)
            return (FailureStudy.csv(rows), ChapterOutput.failureTable(rows))
        }
    }
}
