// The normal (large-sample) interval of a mean.

/// The mean's interval by the central limit theorem, x̄ ± z₀.₉₇₅·s/√n, for a sample large
/// enough that Student's t and the normal quantile agree (Wasserman, *All of Statistics*, 2004,
/// section 6.3.2).
public enum LargeSampleMean {
    /// The 95 % interval of `mean` from the sample standard deviation `sd` of `count` values.
    public static func interval(mean: Double, sd: Double, count: Int) -> (low: Double, high: Double) {
        let half = NormalDistribution.quantile975 * sd / Double(count).squareRoot()
        return (mean - half, mean + half)
    }
}
