// The quantile of a sample, interpolated between order statistics.

/// Sample quantiles of sorted values.
public enum SampleQuantile {
    /// Hyndman & Fan's type 7 (the default of R and NumPy; Hyndman & Fan 1996, "Sample
    /// quantiles in statistical packages", *The American Statistician* 50(4)): with h = (n − 1)·q,
    /// x₍⌊h⌋₎ + (h − ⌊h⌋)·(x₍⌊h⌋₊₁₎ − x₍⌊h⌋₎), counting order statistics from 0. Where h is a
    /// whole number it is that order statistic itself.
    /// - Precondition: `sorted` ascending and not empty; 0 ≤ q ≤ 1.
    public static func type7(_ sorted: [Double], _ q: Double) -> Double {
        let position = Double(sorted.count - 1) * q
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return weight == 0 ? sorted[lower] : sorted[lower] + (sorted[upper] - sorted[lower]) * weight
    }

    /// The rank (from 1) of the `q` quantile among `count` values by the nearest-rank method,
    /// ⌈q·n⌉ kept within 1…n: the smallest value whose empirical cumulative share reaches q
    /// (the inverse of the empirical distribution function, Hyndman & Fan's type 1). What a
    /// histogram's quantile reads, walking its buckets' cumulative counts to this rank.
    /// - Precondition: count ≥ 1.
    public static func nearestRank(_ q: Double, count n: Int) -> Int {
        Swift.min(n, Swift.max(1, Int((q * Double(n)).rounded(.up))))
    }
}
