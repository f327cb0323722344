// Two ratio estimators over the same replications, accumulated one pair of replications at
// a time (runs.csv is read two rows at a time), so memory does not grow with replications.

/// Welford's co-moments of (y_A, n_A, y_B − y_A, n_B − n_A) over paired replications: each
/// design's sum of values and number of samples in replication i, both on the same seed. From
/// them, the estimates `PairedRatios` gives from the whole arrays, without keeping the arrays.
/// The variant is kept as its differences from the baseline so that identical designs give a
/// difference whose variance is exactly 0 (the co-moments of the differences are then 0, and
/// the baseline's terms cancel exactly), not a rounding error's width.
///
/// Pairs are added in a fixed order (runs.csv's), so the figures are the same however the
/// study was run.
public struct PairedRatioMoments: Sendable, Equatable {
    /// Pairs added.
    public private(set) var count = 0
    /// Running means of (y_A, n_A, y_B − y_A, n_B − n_A).
    private var means = [0.0, 0.0, 0.0, 0.0]
    /// Running centred cross products, row-major 4 × 4.
    private var comoments = [Double](repeating: 0, count: 16)

    public init() {}

    /// Adds replication i: the baseline's sum and count, the variant's sum and count.
    public mutating func add(baseline a: Cluster, value b: Cluster) {
        count += 1
        let v = [a.sum, a.count, b.sum - a.sum, b.count - a.count]
        let n = Double(count)
        var before = [0.0, 0.0, 0.0, 0.0]
        for k in 0..<4 {
            before[k] = v[k] - means[k]
            means[k] += before[k] / n
        }
        for r in 0..<4 {
            for c in 0..<4 { comoments[4 * r + c] += before[r] * (v[c] - means[c]) }
        }
    }

    /// wᵀCw: the centred sum of squares of Σₖ wₖ·vₖ over the pairs.
    private func quadratic(_ w: [Double]) -> Double {
        var total = 0.0
        for r in 0..<4 { for c in 0..<4 { total += w[r] * comoments[4 * r + c] * w[c] } }
        return Swift.max(0, total)
    }

    /// R_A = ȳ_A/n̄_A and R_B = ȳ_B/n̄_B (NaN where a design has no sample).
    public var baselineRatio: Double { means[1] > 0 ? means[0] / means[1] : .nan }
    public var valueRatio: Double { means[1] + means[3] > 0 ? (means[0] + means[2]) / (means[1] + means[3]) : .nan }

    /// The half-widths at `confidence` of R_B − R_A and of log(R_B/R_A), and the variance
    /// reduction (Var R_A + Var R_B)/Var(R_B − R_A), by the delta method on the linearised
    /// residuals (docs/statistics.md): NaN with fewer than two pairs or a design without
    /// samples; the log's NaN unless both ratios are above 0.
    public func intervals(confidence: Double = 0.95) -> (difference: Double, logRatio: Double, varianceReduction: Double) {
        let (ra, rb) = (baselineRatio, valueRatio)
        guard count >= 2, ra.isFinite, rb.isFinite else { return (.nan, .nan, .nan) }
        let (na, nb) = (means[1], means[1] + means[3])
        let scale = Double(count) * Double(count - 1)
        let t = StudentT.critical(confidence: confidence, degreesOfFreedom: count - 1)
        // With y_B = y_A + d_y and n_B = n_A + d_n, each residual is a combination of the four
        // tracked values: e_A = (y_A − R_A·n_A)/n̄_A, e_B = (y_A + d_y − R_B(n_A + d_n))/n̄_B.
        let differenceSquares = quadratic([1 / nb - 1 / na, ra / na - rb / nb, 1 / nb, -rb / nb])
        let varianceA = quadratic([1 / na, -ra / na, 0, 0]) / scale
        let varianceB = quadratic([1 / nb, -rb / nb, 1 / nb, -rb / nb]) / scale
        let varianceD = differenceSquares / scale
        var logHalf = Double.nan
        if ra > 0, rb > 0 {
            logHalf = t * (quadratic([1 / (nb * rb) - 1 / (na * ra), 1 / na - 1 / nb, 1 / (nb * rb), -1 / nb]) / scale).squareRoot()
        }
        let reduction = varianceD > 0 ? (varianceA + varianceB) / varianceD : (varianceA + varianceB > 0 ? .infinity : .nan)
        return (t * varianceD.squareRoot(), logHalf, reduction)
    }
}
