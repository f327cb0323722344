// What an uncertain study reports (docs/output.md#uncertaintycsv): for each sweep point and
// metric, what the metric could be given what is not known about the platform, and how much
// of its spread is the platform's rather than Monte Carlo noise.
import Statistics
import Surfaces
import SurfaceCore

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
                    let se = halfWidth.isFinite && r >= 2 ? ReplicationMean.standardError(halfWidth95: halfWidth, replications: r) : 0
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
        let sorted = means.sorted()
        // Replication r has the same seed in every draw (common random numbers): the draws are
        // crossed with the replications, and the platform's share is the draws' sample variance
        // over it plus the mean squared standard error of a draw's inner mean (`DrawMeans`).
        let (mean, platformShare) = DrawMeans.split(means: means, squaredStandardErrors: variances)
        let bins = FirstOrderIndex.bins(draws: means.count)
        let drivers: [(String, Double)] = figures.enumerated().map { j, path in
            guard means.count >= 2 * bins else { return (path, .nan) }
            return (path, FirstOrderIndex.estimate(inputs: inputs.map { $0[j] }, outputs: means, bins: bins))
        }
        return Row(point: point, metric: metric, mean: mean, low: SampleQuantile.type7(sorted, 0.025),
                   high: SampleQuantile.type7(sorted, 0.975), platformShare: platformShare, drivers: drivers)
    }
}
