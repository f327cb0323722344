import SimKernel
import Surfaces
import SurfaceCore

/// A failure variant as a one-point scenario (docs/cli.md#failures): what `failures` runs,
/// what `--export` writes and what `trace --failure` replays, so that `surfacesim run` of
/// the exported file meets the same seeds.
public enum FailureScenario {
    /// The scenario seed of a failure: derived from the study seed and the failure's id (not
    /// its place in the table, so adding a failure reseeds no other), kept below 2^53 so that
    /// a scenario file writes it as a plain number. Both variants share it: they meet the
    /// same worlds.
    public static func seed(failure id: String, studySeed: UInt64) -> UInt64 {
        SeedMixer.streamSeed(replicationSeed: studySeed, name: "failure." + id) & ((1 << 53) - 1)
    }

    /// The scenario `<id>-<variant>`: the variant's parameters, the failure's seed, and
    /// `runs` replications (at least the failure's `minimumRuns`).
    public static func scenario(_ failure: FailureMode, _ variant: FailureMode.Variant, runs: Int, studySeed: UInt64) -> Scenario {
        var p = failure.parameters(variant)
        p.seed = seed(failure: failure.id, studySeed: studySeed)
        p.replications = max(runs, failure.minimumRuns)
        let name = "\(failure.id)-\(variant.rawValue)"
        return Scenario(name: name, description: "\(failure.id) (\(variant.rawValue)): \(failure.title)",
                        file: name + ".json5", base: p, sweep: Sweep())
    }

    /// The failures `ids` names, in table order (nil: all).
    /// - Throws: `CLIFailure.usage` for an unknown id, naming the nearest.
    static func selection(_ ids: [String]?) throws(CLIFailure) -> [FailureMode] {
        guard let ids else { return ChapterFailures.all }
        let known = ChapterFailures.all.map(\.id)
        try ChapterSelection.check(ids, known: known, what: "failure")
        return ChapterFailures.all.filter { ids.contains($0.id) }
    }
}
