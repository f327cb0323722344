// The p-value of "no difference" for a paired estimate whose interval is the estimate
// ± t · se on m − 1 degrees of freedom: the paired t test, and its analogue for a
// difference of ratio estimators by the delta method.

/// The two-sided test of "no difference" behind a paired interval.
public enum PairedTest {
    /// The two-sided p-value of difference 0 for an estimate `difference` whose interval at
    /// `confidence` over `pairs` paired replications has half-width `halfWidth`, the
    /// interval being difference ± t₍₁₊c₎/₂,ₘ₋₁ · se (Student's t on m − 1 degrees of
    /// freedom): se = halfWidth / t, p = 2·P(T_{m−1} > |difference| / se). The test and the
    /// interval agree: p < 1 − confidence exactly when the interval excludes 0.
    ///
    /// A half-width of 0 (every pair differed by the same amount) gives 1 if that amount is 0
    /// and 0 otherwise; fewer than two pairs, or a figure that is not a number, NaN (no test).
    public static func pValue(difference: Double, halfWidth: Double, pairs m: Int, confidence: Double = 0.95) -> Double {
        guard m >= 2, difference.isFinite, halfWidth.isFinite, halfWidth >= 0 else { return .nan }
        if halfWidth == 0 { return difference == 0 ? 1 : 0 }
        let se = halfWidth / StudentT.critical(confidence: confidence, degreesOfFreedom: m - 1)
        return Swift.min(1, 2 * StudentT.cdf(-abs(difference) / se, degreesOfFreedom: Double(m - 1)))
    }
}
