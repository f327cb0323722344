// Calibration of platform figures from a phone's timings (docs/inference.md#calibration):
// approximate Bayesian computation by rejection, with the simulator as the model. Draws of the
// figures from their priors each run the timed probes as often as the person did; the draws
// whose simulated timings lie closest to the recorded ones form the posterior.
import Statistics
import SimKernel
import Surfaces
import SurfaceCore

/// A probe the person timed, the world it runs on and the stopwatch readings recorded.
public struct TimedProbe: Sendable {
    public let probe: ChapterProbe
    /// The probe world with the design applied (the figures are set on top of it per draw).
    public let parameters: Parameters
    /// The recorded timings, in the order recorded.
    public let recorded: [ProbeTiming]

    public init(probe: ChapterProbe, parameters: Parameters, recorded: [ProbeTiming]) {
        (self.probe, self.parameters, self.recorded) = (probe, parameters, recorded)
    }

    /// The summary statistics of a set of its timings: the share censored, and the mean of
    /// log(1 + t/1 s) over all of them (a censored one at its censoring time).
    static func summary(_ timings: [ProbeTiming]) -> [Double] {
        guard !timings.isEmpty else { return [0, 0] }
        let n = Double(timings.count)
        let censored = Double(timings.filter(\.censored).count) / n
        let logTime = timings.reduce(0) { $0 + Math.log(1 + Time.seconds($1.time)) } / n
        return [censored, logTime]
    }
}

/// The prior-predictive table of a calibration: draws of the figures from their priors and each
/// draw's simulated summaries. Independent of the recorded timings' values (only their number per
/// probe matters), so many fits can share one table.
public struct CalibrationTable: Sendable {
    /// The figures' values per draw, in their natural units.
    public let draws: [[Double]]
    /// The figures' quantiles per draw (what later checks run the same draws from).
    public let quantiles: [[Double]]
    /// The simulated summaries per draw: each timed probe's two statistics in turn.
    public let summaries: [[Double]]

    /// Simulates `count` draws: the figures from their priors (draw i's quantiles from the stream
    /// "calibration.prior" of `seed`), each probe run as many times as it was timed, run k of
    /// probe j of draw i with its own seed.
    public static func simulate(_ figures: [UncertainFigure], probes: [TimedProbe], count: Int, seed: UInt64,
                                jobs: Int) -> CalibrationTable {
        var stream = RandomStream(replicationSeed: seed, name: "calibration.prior")
        let quantiles = (0..<count).map { _ in figures.map { _ in min(max(stream.uniform(), 1e-12), 1 - 1e-12) } }
        let draws = quantiles.map { u in zip(figures, u).map { $0.magnitude(at: $1) } }
        let summaries = runs(figures, probes: probes, quantiles: quantiles, seed: seed, stage: 0, jobs: jobs)
        return CalibrationTable(draws: draws, quantiles: quantiles, summaries: summaries)
    }

    /// Each draw's simulated summaries of `probes` at the figures' `quantiles` (`stage` separates
    /// the seeds of the prior-predictive table from those of later checks).
    static func runs(_ figures: [UncertainFigure], probes: [TimedProbe], quantiles: [[Double]], seed: UInt64, stage: UInt64,
                     jobs: Int, times: [Int]? = nil) -> [[Double]] {
        let index = ParameterIndex.shared
        let perDraw = (times ?? probes.map(\.recorded.count))
        let offsets = perDraw.reduce(into: [0]) { $0.append($0.last! + $1) }
        let runsPerDraw = offsets.last!
        var out = [[Double]](repeating: [], count: quantiles.count)
        var timings = [[ProbeTiming]](repeating: [], count: quantiles.count * probes.count)
        // Each draw's world for each probe, made before the workers start (the catalogue's setters
        // stay on this thread).
        let worlds: [[Parameters]] = quantiles.map { u in
            probes.map { probe in
                var p = probe.parameters
                for (figure, x) in zip(figures, u) { index[figure.path]!.set(&p, figure.value(at: x, base: p)) }
                return p
            }
        }
        let frozenProbes = probes
        OrderedWorkPool.run(count: quantiles.count * runsPerDraw, jobs: jobs, work: { i in
            let draw = i / runsPerDraw, k = i % runsPerDraw
            let j = offsets.lastIndex { $0 <= k }!
            let probe = frozenProbes[j]
            let p = worlds[draw][j]
            let runSeed = SeedMixer.replicationSeed(scenarioSeed: seed, point: 1_000 * stage + UInt64(j), replication: UInt64(i))
            let result = probe.probe.timedRun(on: p, seed: runSeed)
            // A run that never reached the timed step counts as censored at its longest wait.
            return result.timing ?? ProbeTiming(time: probe.recorded.map(\.time).max() ?? 0, censored: true)
        }, consume: { i, timing in
            let draw = i / runsPerDraw, k = i % runsPerDraw
            let j = offsets.lastIndex { $0 <= k }!
            timings[draw * probes.count + j].append(timing)
            return true
        })
        for d in quantiles.indices {
            out[d] = (0..<probes.count).flatMap { TimedProbe.summary(timings[d * probes.count + $0]) }
        }
        return out
    }
}

/// A calibration's result: the accepted draws and what they say about each figure.
public struct Calibration: Sendable {
    public let figures: [UncertainFigure]
    /// The accepted draws' figures, closest first.
    public let posterior: [[Double]]
    /// The accepted draws' indices in the table, closest first.
    public let accepted: [Int]
    /// Their distances to the recorded summaries, and the tolerance (the largest accepted).
    public let distances: [Double]
    public let tolerance: Double
    /// Each statistic's scale: its median absolute deviation over the table.
    public let scales: [Double]

    /// The posterior's 5%, 50% and 95% quantiles of figure `j`: its 90% credible interval and median.
    public func interval(_ j: Int) -> (low: Double, median: Double, high: Double) {
        let sorted = posterior.map { $0[j] }.sorted()
        return (SampleQuantile.type7(sorted, 0.05), SampleQuantile.type7(sorted, 0.5), SampleQuantile.type7(sorted, 0.95))
    }

    /// Rejection ABC: the `accept` share (at least `fewest`) of the table's draws whose summaries
    /// lie closest to the recorded ones, in the Euclidean distance of the statistics each divided by
    /// its median absolute deviation over the table (Prangle 2017); ties by draw order.
    public init(figures: [UncertainFigure], probes: [TimedProbe], table: CalibrationTable, accept: Double, fewest: Int = 20) {
        let observed = probes.flatMap { TimedProbe.summary($0.recorded) }
        let columns = observed.indices
        let scales = columns.map { c -> Double in
            let values = table.summaries.map { $0[c] }.sorted()
            let (median, mad) = SampleDeviation.medianAbsoluteDeviation(sorted: values)
            // A statistic constant over most of the table is scaled by its spread, else ignored.
            if mad > 0 { return mad }
            let sd = SampleDeviation.standardDeviation(values, about: median)
            return sd > 0 ? sd : .infinity
        }
        let distance = table.summaries.map { s in
            columns.reduce(0.0) { acc, c in
                let z = (s[c] - observed[c]) / scales[c]
                return acc + (z.isFinite ? z * z : 0)
            }.squareRoot()
        }
        let kept = min(table.draws.count, max(fewest, Int((accept * Double(table.draws.count)).rounded())))
        let order = distance.indices.sorted { (distance[$0], $0) < (distance[$1], $1) }.prefix(kept)
        self.figures = figures
        posterior = order.map { table.draws[$0] }
        accepted = Array(order)
        distances = order.map { distance[$0] }
        tolerance = distances.last ?? 0
        self.scales = scales
    }
}
