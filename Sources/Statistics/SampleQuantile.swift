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
}
