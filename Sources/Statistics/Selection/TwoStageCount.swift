// The total replications of a two-stage procedure: the first stage sets each design's
// variance, the second takes enough replications for a fixed half-width.

/// Two-stage sample sizes (Stein 1945, "A two-sample test for a linear hypothesis whose power
/// is independent of the variance", *Annals of Mathematical Statistics* 16; Rinott 1978 for
/// selection): after n₀ first-stage replications with sample variance S², a design takes
/// N = max{n₀, ⌈(c·S/w)²⌉} replications in all, c the procedure's critical constant and w the
/// half-width (an indifference zone δ, a tolerance ε) its mean must be known to.
public enum TwoStageCount {
    /// N = max{n₀, ⌈c²·S²/w²⌉}; `ceiling` where that is not finite or beyond 10¹⁵ (so totals
    /// of many designs cannot overflow).
    public static func replications(critical c: Double, variance s2: Double, halfWidth w: Double,
                                    firstStage n0: Int, ceiling: Int) -> Int {
        let n = (c * c * s2 / (w * w)).rounded(.up)
        return Swift.max(n0, n.isFinite && n < 1e15 ? Int(n) : ceiling)
    }

    /// Stein's critical constant for one mean against a bound: the one-sided Student quantile
    /// t₁₋β on n₀ − 1 degrees of freedom, so that a mean w or more from its bound lies on the
    /// right side of it with probability ≥ 1 − β.
    public static func steinCritical(error beta: Double, firstStage n0: Int) -> Double {
        StudentT.quantile(1 - beta, degreesOfFreedom: Double(n0 - 1))
    }
}
