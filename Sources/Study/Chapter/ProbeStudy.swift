import SimKernel
import Surfaces
import SurfaceCore

/// Runs every probe of the chapter on every design it separates (§25.11) and tallies the
/// readings: the matrix of `surfacesim probes`.
public enum ProbeStudy {
    /// One row of probes.csv: the share of runs of a design that gave a reading, and
    /// whether the chapter predicts that reading for that design.
    public struct Row: Sendable, Equatable {
        public let probe: String
        public let design: String
        public let reading: String
        public let share: Double
        public let predicted: Bool
    }

    /// Runs `runs` replications of each (probe, design) of `probes`. A run's seed depends on the
    /// study seed, the probe's place among all the chapter's probes and the run index only, so
    /// every design of a probe meets the same worlds, whichever probes are selected.
    public static func run(runs: Int, seed: UInt64, jobs: Int, probes: [ChapterProbe] = ChapterProbes.all) -> [Row] {
        var rows: [Row] = []
        for probe in probes {
            let pi = ChapterProbes.all.firstIndex { $0.id == probe.id }!
            for d in probe.designs {
                var counts: [String: Int] = [:]
                OrderedWorkPool.run(count: runs, jobs: jobs, work: { r in
                    probe.run(d, seed: SeedMixer.replicationSeed(scenarioSeed: seed, point: UInt64(pi), replication: UInt64(r)))
                }, consume: { _, reading in
                    counts[reading, default: 0] += 1
                    return true
                })
                for reading in probe.readings {
                    rows.append(Row(probe: probe.id, design: d.name, reading: reading.id,
                                    share: Double(counts[reading.id] ?? 0) / Double(max(runs, 1)),
                                    predicted: reading.id == d.predicted))
                }
            }
        }
        return rows
    }

    /// The probes `ids` names, in the chapter's order (nil: all).
    /// - Throws: `CLIFailure.usage` for an unknown id, naming the nearest.
    static func selection(_ ids: [String]?) throws(CLIFailure) -> [ChapterProbe] {
        guard let ids else { return ChapterProbes.all }
        try ChapterSelection.check(ids, known: ChapterProbes.all.map(\.id), what: "probe")
        return ChapterProbes.all.filter { ids.contains($0.id) }
    }

    /// probes.csv: `probe,design,reading,share,chapter`.
    public static func csv(_ rows: [Row]) -> String {
        var t = CSVTable(header: ["probe", "design", "reading", "share", "chapter"])
        for r in rows { t.append([r.probe, r.design, r.reading, CSVNumber.format(r.share), r.predicted ? "1" : "0"]) }
        return t.render()
    }

    /// The majority reading of each (probe, design), and whether it is the predicted one.
    public static func verdicts(_ rows: [Row]) -> [(probe: String, design: String, majority: String, predicted: String, agrees: Bool)] {
        var out: [(String, String, String, String, Bool)] = []
        var seen: Set<String> = []
        for r in rows where !seen.contains(r.probe + "/" + r.design) {
            seen.insert(r.probe + "/" + r.design)
            let group = rows.filter { $0.probe == r.probe && $0.design == r.design }
            let top = group.max { $0.share < $1.share }!
            let predicted = group.first { $0.predicted }?.reading ?? ""
            out.append((r.probe, r.design, top.reading, predicted, top.reading == predicted))
        }
        return out
    }
}
