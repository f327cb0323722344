// How skewed a mean's replications are, and how many replications its normal-theory interval
// needs before it can be trusted (docs/statistics.md, "When an interval is not yet right").

/// The sample skewness of replications' contributions to a mean, and Cochran's rule for the
/// number of replications its t (or ratio) interval needs.
///
/// A ratio estimator R = Σyᵢ/Σnᵢ is, to first order, the mean of the linearised residuals
/// zᵢ = yᵢ − R·nᵢ (which sum to 0); a mean of replications' values is the mean of
/// zᵢ = xᵢ − x̄. Its interval assumes that mean is nearly normal. When a few replications hold
/// most of Σzᵢ² (a live status stuck for hours in one replication of hundreds), it is not:
/// the studies that miss those replications underestimate both the mean and its spread, and
/// the interval covers the truth less often than it says. Cochran (Sampling Techniques, 3rd
/// ed., 1977, section 2.15) gives the rule of thumb m > 25·G₁², G₁ the skewness of the
/// units, for a 95 % interval to be wrong not much more than 5 % of the time.
///
/// The skewness is the moment estimator g₁ = m₃ / m₂^{3/2} with mₖ = Σzᵢᵏ / m. It is bounded
/// by (m − 2)/√(m − 1) in a sample of m, so a small study can understate how many replications
/// it needs; a study that saw none of the rare replications cannot know of them at all.
public enum ResidualSkewness {
    /// g₁ from m replications' Σzᵢ² and Σzᵢ³ (Σzᵢ = 0); NaN with fewer than three
    /// replications or no spread.
    public static func skewness(replications m: Int, sumOfSquares s2: Double, sumOfCubes s3: Double) -> Double {
        guard m >= 3, s2 > 0, s2.isFinite, s3.isFinite else { return .nan }
        let m2 = s2 / Double(m), m3 = s3 / Double(m)
        return m3 / (m2 * m2.squareRoot())
    }

    /// Cochran's rule: the replications, ⌈25·g₁²⌉, at least 2, a normal-theory interval needs;
    /// nil for an undefined skewness.
    public static func replicationsNeeded(skewness g1: Double) -> Int? {
        guard g1.isFinite else { return nil }
        let needed = (25 * g1 * g1).rounded(.up)
        return needed >= Double(Int.max / 2) ? Int.max / 2 : Swift.max(2, Int(needed))
    }
}
