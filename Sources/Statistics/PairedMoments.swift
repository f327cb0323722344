// Moments of paired replications (docs/output.md `contrasts.csv`): the means, variances
// and covariance of (baseline, point) pairs, accumulated one pair at a time in a fixed
// order, so memory does not grow with the number of replications.

/// Welford's co-moments of pairs (b, a): b the baseline's value, a the point's (Welford 1962;
/// the co-moment update of Chan, Golub & LeVeque 1983, "Algorithms for computing the sample
/// variance", *The American Statistician* 37).
///
/// The figures depend on the order pairs are added in: the study layer adds them in runs.csv
/// order, which is the same however the study was run (any --jobs, shards merged), so the
/// figures are byte-identical too.
public struct PairedMoments: Sendable, Equatable {
    /// Pairs added.
    public private(set) var count = 0
    /// Running means of the baseline's and the point's values.
    public private(set) var meanBaseline = 0.0, meanValue = 0.0
    /// Running sums of squared deviations and of cross products.
    private var m2Baseline = 0.0, m2Value = 0.0, coMoment = 0.0

    /// No pairs.
    public init() {}

    /// Adds one pair of finite values.
    public mutating func add(baseline b: Double, value a: Double) {
        count += 1
        let n = Double(count)
        let db = b - meanBaseline, da = a - meanValue
        meanBaseline += db / n
        meanValue += da / n
        m2Baseline += db * (b - meanBaseline)
        m2Value += da * (a - meanValue)
        coMoment += db * (a - meanValue)
    }

    /// Sample variances (divisor n − 1) and covariance; NaN with fewer than two pairs.
    public var varianceBaseline: Double { count < 2 ? .nan : m2Baseline / Double(count - 1) }
    public var varianceValue: Double { count < 2 ? .nan : m2Value / Double(count - 1) }
    public var covariance: Double { count < 2 ? .nan : coMoment / Double(count - 1) }

    /// The variance of the paired differences a − b (never below 0).
    public var varianceOfDifference: Double {
        guard count >= 2 else { return .nan }
        return Swift.max(0, varianceValue + varianceBaseline - 2 * covariance)
    }

    /// The variance of a/ā − b/b̄, whose mean's variance is the delta method's for log(ā/b̄)
    /// (never below 0; NaN unless both means are above 0).
    public var varianceOfRelativeDifference: Double {
        guard count >= 2, meanValue > 0, meanBaseline > 0 else { return .nan }
        let (ma, mb) = (meanValue, meanBaseline)
        return Swift.max(0, varianceValue / (ma * ma) + varianceBaseline / (mb * mb) - 2 * covariance / (ma * mb))
    }

    /// What pairing gained: (var a + var b) / var(a − b), the variance of the difference of
    /// independent means over that of the paired one. +∞ when every pair differs by the same
    /// amount but the values vary, NaN when nothing varies or with fewer than two pairs.
    public var varianceReduction: Double {
        guard count >= 2 else { return .nan }
        let unpaired = varianceValue + varianceBaseline
        let paired = varianceOfDifference
        return paired > 0 ? unpaired / paired : (unpaired > 0 ? .infinity : .nan)
    }
}
