// The sample variance and standard deviation (divisor n − 1), from the values or from the sums
// a caller keeps instead of the values.

/// The sample variance s² = Σ(xᵢ − x̄)² / (n − 1) and standard deviation s, in the forms the
/// study layer's accumulators hold.
public enum SampleDeviation {
    /// Σ(xᵢ − c)² / (n − 1), the sum in the order given (two-pass: `centre` is the values' mean,
    /// or another centre such as their median). With one value, the sum itself (0 about its own
    /// mean).
    /// - Precondition: at least one value.
    public static func variance(_ values: [Double], about centre: Double) -> Double {
        values.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / Double(Swift.max(1, values.count - 1))
    }

    /// The sample variance about the values' own mean Σxᵢ/n (summed in the order given).
    public static func variance(_ values: [Double]) -> Double {
        variance(values, about: values.reduce(0, +) / Double(values.count))
    }

    /// √`variance(values, about: centre)`.
    public static func standardDeviation(_ values: [Double], about centre: Double) -> Double {
        variance(values, about: centre).squareRoot()
    }

    /// The median absolute deviation median|xᵢ − m| about the median m (Hampel 1974, "The
    /// influence curve and its role in robust estimation", *JASA* 69; unscaled: ×1.4826 would
    /// estimate a normal σ), both medians `SampleQuantile.type7` at ½.
    /// - Precondition: `sorted` ascending and not empty.
    public static func medianAbsoluteDeviation(sorted: [Double]) -> (median: Double, deviation: Double) {
        let median = SampleQuantile.type7(sorted, 0.5)
        return (median, SampleQuantile.type7(sorted.map { abs($0 - median) }.sorted(), 0.5))
    }

    /// s = √(SS / (n − 1)) from the sum of squared deviations SS = Σ(xᵢ − x̄)² (a negative SS,
    /// rounding's, counts as 0).
    /// - Precondition: n ≥ 2.
    public static func standardDeviation(sumOfSquaredDeviations ss: Double, count n: Int) -> Double {
        (Swift.max(0, ss) / Double(n - 1)).squareRoot()
    }

    /// s = √(C / (n(n − 1))) from the computational form C = n·Σxᵢ² − (Σxᵢ)² = n·SS, which a
    /// caller keeping exact sums (integers, fixed point) computes without cancellation
    /// (a negative C counts as 0).
    /// - Precondition: n ≥ 2.
    public static func standardDeviation(countTimesSumOfSquaredDeviations c: Double, count: Int) -> Double {
        let n = Double(count)
        return (Swift.max(0, c) / (n * (n - 1))).squareRoot()
    }
}
