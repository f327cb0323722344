// The confidence interval of a correlation by Fisher's z transform.

/// Fisher's z transform of a correlation (Fisher 1915, 1921): z = atanh(r) is nearly normal
/// with standard error 1/√(n − 3) for Pearson's r on n pairs of a bivariate normal, so
/// tanh(z ± z₀.₉₇₅/√(n − 3)) is r's 95 % interval. For Spearman's ρ the standard error is
/// about 1.06/√(n − 3) (Fieller, Hartley & Pearson 1957, "Tests for rank correlation
/// coefficients. I", *Biometrika* 44), `spearmanFactor`.
public enum FisherZ {
    /// The standard-error factor of atanh(ρ) for Spearman's ρ.
    public static let spearmanFactor = 1.06

    /// The 95 % interval of a correlation `r` on `n` ≥ 4 pairs: tanh(atanh(r) ± z₀.₉₇₅·factor/√(n − 3)),
    /// r first kept within ±(1 − 10⁻⁹) so that ±1 keeps a finite z.
    public static func interval(correlation r: Double, count n: Int, standardErrorFactor factor: Double = 1) -> (low: Double, high: Double) {
        precondition(n >= 4, "Fisher's interval needs at least 4 pairs, got \(n)")
        let z = CMath.atanh(Swift.min(Swift.max(r, -0.999_999_999), 0.999_999_999))
        let half = NormalDistribution.quantile975 * factor / Double(n - 3).squareRoot()
        return (CMath.tanh(z - half), CMath.tanh(z + half))
    }

    /// The interval of |r| given r's interval: its image under the absolute value (from 0 when
    /// r's interval holds 0).
    public static func intervalOfMagnitude(_ interval: (low: Double, high: Double)) -> (low: Double, high: Double) {
        let (lo, hi) = interval
        if lo >= 0 { return (lo, hi) }
        if hi <= 0 { return (-hi, -lo) }
        return (0, Swift.max(-lo, hi))
    }
}
