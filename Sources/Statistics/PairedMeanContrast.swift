// The contrast of two per-replication means from the moments of their pairs: the difference
// with its paired Student-t interval, and the ratio of the means with its delta-method interval
// on the log scale.

/// A paired contrast of means from summary moments of the pairs (replication i of the baseline
/// and of the variant on the same seed).
public struct PairedMeanContrast: Sendable, Equatable {
    /// ā − b̄ and its 95 % interval ± t₀.₉₇₅,ₙ₋₁ · sd(a − b)/√n (NaN bounds with fewer than two pairs).
    public let difference: Estimate
    /// ā / b̄ (NaN unless b̄ > 0 and ā ≥ 0) and its interval ratio · exp(±t · sd(a/ā − b/b̄)/√n),
    /// the delta method on log(ā / b̄) (only where both means are above 0).
    public let ratio: Estimate

    /// The contrast from the pairs' count, the two means, the variance of the differences and
    /// the variance of the relative differences a/ā − b/b̄.
    public init(count n: Int, meanValue a: Double, meanBaseline b: Double, varianceOfDifference: Double,
                varianceOfRelativeDifference: Double, confidence: Double = 0.95) {
        let d = a - b
        let r = b > 0 && a >= 0 ? a / b : Double.nan
        guard n >= 2 else {
            difference = Estimate(value: n >= 1 ? d : .nan, low: .nan, high: .nan, method: .none)
            ratio = Estimate(value: n >= 1 ? r : .nan, low: .nan, high: .nan, method: .none)
            return
        }
        let t = StudentT.critical(confidence: confidence, degreesOfFreedom: n - 1)
        let root = Double(n).squareRoot()
        let half = t * varianceOfDifference.squareRoot() / root
        difference = half.isFinite ? Estimate(value: d, low: d - half, high: d + half, method: .studentT)
            : Estimate(value: d, low: .nan, high: .nan, method: .none)
        if r.isFinite, r > 0, varianceOfRelativeDifference.isFinite {
            let halfLog = t * varianceOfRelativeDifference.squareRoot() / root
            ratio = Estimate(value: r, low: r * CMath.exp(-halfLog), high: r * CMath.exp(halfLog), method: .studentT)
        } else {
            ratio = Estimate(value: r, low: .nan, high: .nan, method: .none)
        }
    }
}
