// `surfacesim signals [--runs N] [--out DIR]`: every signal of the chapter's signal-to-design
// table on the design it points to and on a contrasting design.
import Surfaces
import SurfaceCore

/// Runs the signal table and writes signals.csv.
public struct SignalsVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "signals",
            abstract: "Run every signal of the chapter's signal-to-design table on its design and on a contrasting one.",
            discussion: """
            Each signal is a short script of steps on the probes' quiet world (force-quit the app, \
            go offline, restart the phone, share a large item, lock the phone while the television \
            plays ...), observed only as a person would: what each surface shows, the second \
            device, the account's device list. Both designs run on the same seeds. signals.csv has \
            one row per signal: signal,design,observed_share,contrast,contrast_share,confidence \
            (the chapter's Observed or Inferred). A signal separates its design when it is seen in \
            most runs under the design and at most half as often under the contrast. --only S1,S6 \
            runs only those signals.
            """ + Self.signalList,
            options: ChapterOutput.options(runsHelp: "Runs per (signal, design).", runs: 200, out: "Results/signals",
                                           ids: "signals (S1 ...)",
                                           export: "Also write each selected signal's two designs as scenario files DIR/<signal>-<design>.json5: the design's parameters on the signal's world (a signal needs its script: 'signals --only')."))
    }

    static var signalList: String {
        "\n\nThe signals (what a person sees; the design it points to, then the contrast):"
            + ChapterSignals.all.map { "\n\($0.id) \($0.text): \($0.design.name), \($0.contrast.name)." }.joined()
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let signals = try SignalStudy.selection(ChapterSelection.ids(arguments.value("--only")))
        return try ChapterOutput.run(arguments, context: context, runs: 200, out: "Results/signals", file: "signals.csv",
                                     export: { runs, seed in ChapterExport.signalFiles(signals, runs: runs, studySeed: seed) }) { runs, seed, jobs in
            let rows = SignalStudy.run(runs: runs, seed: seed, jobs: jobs, signals: signals)
            return (SignalStudy.csv(rows), SignalStudy.table(rows))
        }
    }
}
