import SimKernel
import Surfaces
import SurfaceCore

/// Runs every signal of the chapter's signal-to-design table (§25.12) on the design it
/// points to and on the contrasting design: `surfacesim signals` (docs/cli.md#signals).
public enum SignalStudy {
    /// One row of signals.csv: how often a person saw the signal under each design.
    public struct Row: Sendable, Equatable {
        public let signal: String
        public let design: String
        public let observedShare: Double
        public let contrast: String
        public let contrastShare: Double
        public let confidence: String
    }

    /// Runs `runs` replications of each signal on both designs. Run r of a signal has the same
    /// seed on both (common random numbers), derived from the study seed, the signal's place in
    /// the chapter's table and r only, whichever signals are selected.
    public static func run(runs: Int, seed: UInt64, jobs: Int, signals: [ChapterSignal] = ChapterSignals.all) -> [Row] {
        signals.map { signal in
            let point = UInt64(ChapterSignals.index(of: signal.id)!)
            var seen = (design: 0, contrast: 0)
            OrderedWorkPool.run(count: 2 * runs, jobs: jobs, work: { i in
                let s = SeedMixer.replicationSeed(scenarioSeed: seed, point: point, replication: UInt64(i / 2))
                return signal.seen(on: i % 2 == 0 ? signal.design : signal.contrast, seed: s)
            }, consume: { i, saw in
                if saw { if i % 2 == 0 { seen.design += 1 } else { seen.contrast += 1 } }
                return true
            })
            return Row(signal: signal.id, design: signal.design.name, observedShare: Double(seen.design) / Double(runs),
                       contrast: signal.contrast.name, contrastShare: Double(seen.contrast) / Double(runs),
                       confidence: signal.confidence.rawValue)
        }
    }

    /// The signals `ids` names, in the chapter's order (nil: all).
    /// - Throws: `CLIFailure.usage` for an unknown id, naming the nearest.
    static func selection(_ ids: [String]?) throws(CLIFailure) -> [ChapterSignal] {
        guard let ids else { return ChapterSignals.all }
        try ChapterSelection.check(ids, known: ChapterSignals.all.map(\.id), what: "signal")
        return ChapterSignals.all.filter { ids.contains($0.id) }
    }

    /// signals.csv: `signal,design,observed_share,contrast,contrast_share,confidence`.
    public static func csv(_ rows: [Row]) -> String {
        var t = CSVTable(header: ["signal", "design", "observed_share", "contrast", "contrast_share", "confidence"])
        for r in rows {
            t.append([r.signal, r.design, CSVNumber.format(r.observedShare), r.contrast, CSVNumber.format(r.contrastShare), r.confidence])
        }
        return t.render()
    }

    /// A signal tells its design from the contrast: seen in most runs under its design, and
    /// at most half as often under the contrast.
    public static func separates(_ r: Row) -> Bool { r.observedShare > 0.5 && r.contrastShare <= r.observedShare / 2 }

    /// The printed table.
    static func table(_ rows: [Row]) -> String {
        func pad(_ s: String, _ n: Int) -> String { ChapterOutput.pad(s, n) }
        var text = pad("signal", 8) + pad("design", 27) + pad("seen", 7) + pad("contrast", 27) + pad("seen", 7) + "confidence\n"
        for r in rows {
            text += pad(r.signal, 8) + pad(r.design, 27) + pad(ChapterOutput.percent(r.observedShare), 7) + pad(r.contrast, 27)
                + pad(ChapterOutput.percent(r.contrastShare), 7) + r.confidence + (separates(r) ? "" : "   <- does not separate") + "\n"
        }
        text += "\(rows.filter(separates).count) of \(rows.count) signals: seen in most runs under the design and at most half as often under the contrast.\n"
        return text
    }
}
