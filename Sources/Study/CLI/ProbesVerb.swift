// `surfacesim probes [--runs N] [--out DIR]` (SPEC §5): every probe of the chapter on every
// design it separates, with the reading the chapter predicts.
import SimKernel
import Surfaces

/// Runs the probe matrix and writes probes.csv.
public struct ProbesVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "probes",
            abstract: "Run every probe of the chapter (P25.1–P25.8) on every design it separates.",
            discussion: """
            Each probe is the chapter's "Do" steps run in simulated time on a quiet world the \
            script drives, observed as a person would (what each surface shows, and when), and \
            classified into the chapter's "Read" entries. probes.csv has one row per (probe, \
            design, reading): the share of runs with that reading, and chapter=1 on the reading \
            the chapter predicts for that design.
            """,
            options: [
                OptionSpec("--runs", value: "n", help: "Runs per (probe, design).", default: "200"),
                OptionSpec("--seed", value: "s", help: "Base seed.", default: "1"),
                OptionSpec("--jobs", value: "j", help: "Worker threads.", default: "the number of active processors"),
                OptionSpec("--out", value: "dir", help: "Result folder.", default: "Results/probes/"),
                OptionSpec("--quiet", help: "Print nothing but errors."),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let runs = try arguments.integer("--runs", minimum: 1) ?? 200
        let seed = UInt64(try arguments.integer("--seed", minimum: 0) ?? 1)
        let jobs = try arguments.integer("--jobs", minimum: 1) ?? ChapterOutput.defaultJobs
        let out = arguments.value("--out") ?? "Results/probes"
        let rows = ProbeStudy.run(runs: runs, seed: seed, jobs: jobs)
        try ChapterOutput.write(["probes.csv": ProbeStudy.csv(rows)], to: out)
        if !arguments.flag("--quiet") {
            context.console.print(ChapterOutput.probeTable(rows))
            context.console.print("Wrote \(out)/probes.csv\n")
        }
        return 0
    }
}
