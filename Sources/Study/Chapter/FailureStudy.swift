import SimKernel
import Surfaces

/// Runs every failure mode with the design that causes it and the design that avoids it
/// (§25.14 and the seeds' cases): the table of `surfacesim failures`.
public enum FailureStudy {
    /// One row of failures.csv.
    public struct Row: Sendable, Equatable {
        public let failure: String
        public let variant: String
        /// Share of runs (with an opportunity for it) in which the failure was observed.
        public let share: Double
        public let metric: String
        /// The failure's size: the mean of the metric over those runs.
        public let value: Double
        public let title: String
    }

    /// Runs `runs` replications of each variant (at least the failure's `minimumRuns`); both
    /// variants of a failure meet the same worlds.
    public static func run(runs: Int, seed: UInt64, jobs: Int) -> [Row] {
        var rows: [Row] = []
        for (fi, failure) in ChapterFailures.all.enumerated() {
            for variant in FailureMode.Variant.allCases {
                let p = failure.parameters(variant)
                var results: [ReplicationResult] = []
                results.reserveCapacity(runs)
                OrderedWorkPool.run(count: max(runs, failure.minimumRuns), jobs: jobs, work: { r in
                    Replication.run(p, seed: SeedMixer.replicationSeed(scenarioSeed: seed, point: UInt64(fi), replication: UInt64(r)))
                }, consume: { _, result in
                    results.append(result)
                    return true
                })
                let judged = failure.judge(results, parameters: p)
                rows.append(Row(failure: failure.id, variant: variant.rawValue, share: judged.share,
                                metric: failure.metric, value: judged.value, title: failure.title))
            }
        }
        return rows
    }

    /// failures.csv: `failure,variant,share,metric,value`.
    public static func csv(_ rows: [Row]) -> String {
        var t = CSVTable(header: ["failure", "variant", "share", "metric", "value"])
        for r in rows { t.append([r.failure, r.variant, CSVNumber.format(r.share), r.metric, CSVNumber.format(r.value)]) }
        return t.render()
    }
}
