// `run --precision METRIC=5%` (docs/cli.md): replications added in batches until the
// metric's mean is known to the target at every point, then the study of that size.
import Surfaces

/// What sizing a study to a precision found.
public struct PrecisionReport: Sendable {
    /// The target.
    public var target: PrecisionTarget
    /// Replications per point after each batch, the last one the count run.
    public var batches: [Int]
    /// Points that did not reach the target within `--max-runs`: (name, half-width, mean).
    public var unmet: [(point: String, halfWidth: Double, mean: Double)]
    /// Replications per point of the study written.
    public var replications: Int { batches.last ?? 0 }
}

/// Sizes a study to a precision target, then runs it with that many replications.
public enum PrecisionRun {
    /// Loads the scenario as `StudyRunner.run(scenarioPath:…)` does, finds the replications per
    /// point the target needs (at most `maxRuns`, and within the study-wide limit), and runs
    /// the study with exactly that count, so its files equal those of a fixed-count run of
    /// that size.
    public static func run(scenarioPath path: String, overrides: [String] = [], runs: Int? = nil, seed: UInt64? = nil,
                           target: PrecisionTarget, maxRuns: Int?, options: RunOptions,
                           progress: ProgressLine? = nil) throws(StudyError) -> (RunOutcome, PrecisionReport) {
        guard options.shard == nil else {
            throw .invalid("--precision cannot be combined with --shard: the replications a target needs are known only from all of them")
        }
        let flags = (runs.map { ["replications=\($0)"] } ?? []) + (seed.map { ["seed=\($0)"] } ?? [])
        var scenario: Scenario
        do { scenario = try ScenarioLoader.load(path: path, overrides: overrides + flags) } catch { throw .input(error) }
        let first = scenario.base.replications
        let limit = Sweep.maxReplications / scenario.sweep.points.count
        let cap = min(maxRuns ?? PrecisionTarget.defaultMaxRuns, limit)
        guard first >= 1, first <= cap else {
            throw .invalid("--max-runs \(cap) is below the first batch, the scenario's 'replications' (\(first))")
        }
        let report = size(scenario, target: target, first: first, cap: cap, jobs: options.jobs, check: options.checkInvariants)
        scenario.base.replications = report.replications
        var sized = options
        sized.precision = report
        return (try StudyRunner.run(scenario, options: sized, progress: progress), report)
    }

    /// Runs batches of replications, keeping only the target metric's accumulators, until every
    /// point meets the target or `cap` replications per point are done.
    static func size(_ scenario: Scenario, target: PrecisionTarget, first: Int, cap: Int, jobs: Int, check: Bool) -> PrecisionReport {
        let layout = StudyLayout(scenario)
        let parameters = scenario.sweep.points.indices.map(scenario.parameters(ofPoint:))
        let i = target.metric.rawValue
        let sampled = target.metric.spec.shape == .sampled
        var points = parameters.map { _ in MetricAccumulator(shape: target.metric.spec.shape) }
        var (done, n) = (0, first)
        var batches: [Int] = []
        while true {
            let perPoint = n - done, start = done
            OrderedWorkPool.run(count: perPoint * points.count, jobs: jobs, work: { t in
                let (p, r) = (t / perPoint, start + t % perPoint)
                let seed = layout.seed(point: p, replication: r)
                return ReplicationFigures(Replication.run(parameters[p], seed: seed, checkInvariants: check), seed: seed)
            }, consume: { t, figures in
                let p = t / perPoint
                if sampled {
                    points[p].moments.merge(figures.sampleMoments[i])
                    let mean = figures.statistics[i].first ?? .nan
                    if !mean.isNaN { points[p].replicationStatistics[0].add(mean) }
                } else if !figures.values[i].isNaN {
                    points[p].moments.add(figures.values[i])
                }
                return true
            })
            done = n
            batches.append(n)
            let figures = points.map(target.figures)
            let unmet = figures.enumerated().filter { !target.isMet(halfWidth: $0.element.halfWidth, mean: $0.element.mean) }
            if unmet.isEmpty || n >= cap {
                return PrecisionReport(target: target, batches: batches,
                                       unmet: unmet.map { (layout.points[$0.offset].name, $0.element.halfWidth, $0.element.mean) })
            }
            n = target.next(after: n, first: first, cap: cap, unmet: unmet.map(\.element))
        }
    }
}

extension PrecisionReport {
    /// The lines `run --precision` prints: the count, the batches, and every point short of the target.
    static func render(_ report: PrecisionReport) -> String {
        let name = report.target.metric.spec.name
        let percent = CSVNumber.format(report.target.fraction * 100) + "%"
        var text = report.unmet.isEmpty
            ? "Precision: the 95% CI half-width of \(name)'s mean is within \(percent) of the mean at every point with \(report.replications) replications per point"
            : "Precision: \(name)'s mean did not reach \(percent) at every point within \(report.replications) replications per point"
        text += " (batches up to " + report.batches.map(String.init).joined(separator: ", ") + ").\n"
        for (point, half, mean) in report.unmet {
            let share = mean != 0 && half.isFinite ? " (" + CSVNumber.format(half / abs(mean) * 100) + "% of the mean)" : ""
            text += "  point \(point): half-width \(CSVNumber.format(half)), mean \(CSVNumber.format(mean))\(share)\n"
        }
        return text
    }
}
