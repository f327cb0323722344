import SimKernel
import Surfaces
import SurfaceCore

/// Runs every failure mode with the design that causes it and the design that avoids it
/// (§25.14 and the field reports' cases): the table of `surfacesim failures`.
public enum FailureStudy {
    /// One row of failures.csv.
    public struct Row: Sendable, Equatable {
        public let failure: String
        public let variant: String
        /// Share of runs (with an opportunity for it) in which the failure was observed.
        public let share: Double
        public let metric: String
        /// The failure's size: summary.csv's figure (the rule's, `mean` or `p50`) of the metric
        /// over the variant's replications, as `run` of the exported scenario prints it.
        public let value: Double
        public let title: String
    }

    /// Runs `runs` replications of each variant (at least the failure's `minimumRuns`) of
    /// `failures`, each variant as the one-point scenario `FailureScenario` makes (both variants
    /// of a failure meet the same worlds).
    public static func run(runs: Int, seed: UInt64, jobs: Int, failures: [FailureMode] = ChapterFailures.all) -> [Row] {
        var rows: [Row] = []
        for failure in failures {
            for variant in FailureMode.Variant.allCases {
                let scenario = FailureScenario.scenario(failure, variant, runs: runs, studySeed: seed)
                let layout = StudyLayout(scenario)
                let p = scenario.parameters(ofPoint: 0)
                var judgement = FailureJudgement(rule: failure.rule, metric: failure.metric)
                OrderedWorkPool.run(count: layout.replications, jobs: jobs, work: { r in
                    let s = layout.seed(point: 0, replication: r)
                    return ReplicationFigures(Replication.run(p, seed: s), seed: s)
                }, consume: { _, figures in
                    judgement.add(figures)
                    return true
                })
                let warmup = layout.points[0].warmupMinutes
                rows.append(Row(failure: failure.id, variant: variant.rawValue, share: judgement.share(warmupMinutes: warmup),
                                metric: failure.metric, value: judgement.value(warmupMinutes: warmup), title: failure.title))
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
