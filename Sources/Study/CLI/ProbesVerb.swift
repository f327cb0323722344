// `surfacesim probes [--runs N] [--out DIR]`: every probe of the chapter on every
// design it separates, with the reading the chapter predicts.
import SimKernel
import Surfaces
import SurfaceCore

/// Runs the probe matrix and writes probes.csv.
public struct ProbesVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "probes",
            abstract: "Run every probe of the chapter (P25.1–P25.8, and S1 for its first signal) on every design it separates.",
            discussion: """
            Each probe is the chapter's "Do" steps run in simulated time on a quiet world the \
            script drives, observed as a person would (what each surface shows, and when), and \
            classified into the chapter's "Read" entries. probes.csv has one row per (probe, \
            design, reading): the share of runs with that reading, and chapter=1 on the reading \
            the chapter predicts for that design. --only P25.1,P25.2 runs only those probes (probes.csv \
            then holds only their rows, with the figures they have in the full matrix). --export DIR \
            writes each selected design as DIR/<probe>-<design>.json5, the design's parameters on the \
            probe's quiet world: 'surfacesim run' of it does not give the probe's reading (the probe \
            is a script of steps on a world it drives), which needs 'probes --only'.
            """ + Self.readingList,
            options: ChapterOutput.options(runsHelp: "Runs per (probe, design).", runs: 200, out: "Results/probes",
                                           ids: "probes (P25.1 ...)",
                                           export: "Also write each selected probe's designs as scenario files DIR/<probe>-<design>.json5: the design's parameters (a probe's reading needs the probe's script: 'probes --only')."))
    }

    /// Each probe's designs and readings, by the ids probes.csv and a teardown worksheet use.
    static var readingList: String {
        "\n\nThe probes, the designs each separates, and its readings (the ids a worksheet for 'surfacesim infer' records):"
            + ChapterProbes.all.map { p in
                "\n\(p.id) \(p.title). Designs: \(p.designs.map(\.name).joined(separator: ", ")). Readings: \(p.readings.map(\.id).joined(separator: ", "))."
            }.joined()
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let probes = try ProbeStudy.selection(ChapterSelection.ids(arguments.value("--only")))
        return try ChapterOutput.run(arguments, context: context, runs: 200, out: "Results/probes", file: "probes.csv",
                                     export: { runs, seed in ChapterExport.probeFiles(probes, runs: runs, studySeed: seed) }) { runs, seed, jobs in
            let rows = ProbeStudy.run(runs: runs, seed: seed, jobs: jobs, probes: probes)
            return (ProbeStudy.csv(rows), ChapterOutput.probeTable(rows))
        }
    }
}
