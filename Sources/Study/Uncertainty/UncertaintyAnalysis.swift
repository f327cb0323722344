// What an uncertain study reports (docs/output.md#uncertaintycsv): for each sweep point and
// metric, what the metric could be given what is not known about the platform, and how much
// of its spread is the platform's rather than Monte Carlo noise.
import Statistics
import Surfaces

/// The two-level analysis of an uncertain study's points.
enum UncertaintyAnalysis {
    /// One metric at one sweep point over the outer draws.
    struct Row: Equatable {
        var point: String
        var metric: String
        /// The mean of the draws' inner means; the 2.5% and 97.5% quantiles of those means.
        var mean, low, high: Double
        /// The platform's share of the variance of one draw's inner mean: the draws' variance against
        /// it plus the within-draw variance over the inner count.
        var platformShare: Double
        /// Each uncertain figure's first-order index in the draws' inner means.
        var drivers: [(parameter: String, share: Double)]

        static func == (a: Row, b: Row) -> Bool {
            a.point == b.point && a.metric == b.metric && a.mean.bitPattern == b.mean.bitPattern
                && a.drivers.map(\.share.bitPattern) == b.drivers.map(\.share.bitPattern)
        }
    }

    /// The rows of `state` (none unless the study is uncertain): sweep points in order, then
    /// summary.csv's metrics in order; a metric with fewer than two draws holding a value is left out.
    static func rows(_ state: StudyState) -> [Row] {
        guard let uncertainty = state.layout.uncertain else { return [] }
        let draws = uncertainty.draws
        let names = state.layout.basePointNames
        let inputs = uncertainty.magnitudes()
        var rows: [Row] = []
        for (i, name) in names.enumerated() {
            for (slot, spec) in MetricCatalog.specs.enumerated() {
                var means: [Double] = [], variances: [Double] = [], x: [[Double]] = []
                for d in 0..<draws {
                    let point = state.points[i * draws + d]
                    let figures = SummaryFigures(point.metrics[slot], shape: spec.shape, unit: spec.unit)
                    guard figures.mean.isFinite else { continue }
                    let r = point.replications
                    means.append(figures.mean)
                    x.append(inputs[d])
                    // The inner mean's variance from its own 95% interval: (half-width / t)².
                    let halfWidth = figures.halfWidth95
                    let se = halfWidth.isFinite && r >= 2 ? halfWidth / StudentT.quantile975(degreesOfFreedom: r - 1) : 0
                    variances.append(se * se)
                }
                guard means.count >= 2 else { continue }
                rows.append(row(point: name, metric: spec.name, means: means, variances: variances, inputs: x,
                                figures: uncertainty.figures.map(\.path)))
            }
        }
        return rows
    }

    /// The row of one metric at one point from its draws' inner means, their variances and inputs.
    static func row(point: String, metric: String, means: [Double], variances: [Double], inputs: [[Double]],
                    figures: [String]) -> Row {
        let n = Double(means.count)
        let mean = means.reduce(0, +) / n
        let sorted = means.sorted()
        // Replication r has the same seed in every draw (common random numbers): the draws are
        // crossed with the replications, so the Monte Carlo noise a replication carries is common to
        // every draw and cancels from the draws' spread. The draws' sample variance is then the
        // platform's (with the draw-by-replication interaction), and the noise of one draw's inner
        // mean is the within-draw variance over the inner count, each draw's squared standard error.
        let between = means.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let within = variances.reduce(0, +) / n
        let platformShare = between + within > 0 ? between / (between + within) : 0
        let bins = max(2, min(means.count / 2, Int(Double(means.count).squareRoot().rounded())))
        let drivers: [(String, Double)] = figures.enumerated().map { j, path in
            guard means.count >= 2 * bins else { return (path, .nan) }
            return (path, FirstOrderIndex.estimate(inputs: inputs.map { $0[j] }, outputs: means, bins: bins))
        }
        return Row(point: point, metric: metric, mean: mean, low: quantile(sorted, 0.025), high: quantile(sorted, 0.975),
                   platformShare: platformShare, drivers: drivers)
    }

    /// The `q` quantile of sorted values, interpolated between order statistics (Hyndman & Fan's type 7).
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let h = Double(sorted.count - 1) * q
        let lo = Int(h.rounded(.down)), hi = min(sorted.count - 1, lo + 1)
        return sorted[lo] + (h - Double(lo)) * (sorted[hi] - sorted[lo])
    }
}
