// `surfacesim probes [--runs N] [--out DIR]`: every probe of the chapter on every
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
            options: ChapterOutput.options(runsHelp: "Runs per (probe, design).", runs: 200, out: "Results/probes"))
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        try ChapterOutput.run(arguments, context: context, runs: 200, out: "Results/probes", file: "probes.csv") { runs, seed, jobs in
            let rows = ProbeStudy.run(runs: runs, seed: seed, jobs: jobs)
            return (ProbeStudy.csv(rows), ChapterOutput.probeTable(rows))
        }
    }
}
