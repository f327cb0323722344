// The summary.csv figures over a small sample (docs/output.md): n, mean, sd, a 95 %
// Student-t confidence interval for the mean, quantiles and the maximum.
import Statistics

/// Summary statistics of a sample, typically one value per replication.
///
/// Sums run in the order the values are given, so callers that pass values
/// in a deterministic order get byte-identical results.
public struct SampleSummary: Sendable {
    /// The number of values.
    public let n: Int
    /// The arithmetic mean; `.nan` when empty.
    public let mean: Double
    /// The sample standard deviation (divisor n − 1); `.nan` when n < 2.
    public let sd: Double
    /// Lower end of the 95 % confidence interval for the mean (`mean` when n < 2).
    public let ci95Low: Double
    /// Upper end of the 95 % confidence interval for the mean (`mean` when n < 2).
    public let ci95High: Double
    /// The smallest value; `.nan` when empty.
    public let min: Double
    /// The largest value; `.nan` when empty.
    public let max: Double
    /// The values in ascending order (for quantiles).
    private let sorted: [Double]

    /// Summarizes `values`, which must not contain NaN.
    /// - Complexity: O(n log n).
    public init(_ values: [Double]) {
        precondition(!values.contains(where: \.isNaN), "SampleSummary values must not be NaN")
        n = values.count
        sorted = values.sorted()
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
        guard n > 0 else {
            (mean, sd, ci95Low, ci95High) = (.nan, .nan, .nan, .nan)
            return
        }
        var total = 0.0
        for value in values { total += value }
        let average = total / Double(n)
        mean = average
        guard n > 1 else {
            (sd, ci95Low, ci95High) = (.nan, average, average)
            return
        }
        let deviation = SampleDeviation.standardDeviation(values, about: average)
        sd = deviation
        let interval = ReplicationMean.estimate(mean: average, sd: deviation, count: n)
        (ci95Low, ci95High) = (interval.low, interval.high)
    }

    /// The type-7 quantile: linear interpolation between the order statistics
    /// around position (n − 1)·q. `q` is clamped into [0, 1].
    /// - Returns: `.nan` when empty or when `q` is NaN.
    public func quantile(_ q: Double) -> Double {
        guard n > 0, !q.isNaN else { return .nan }
        return SampleQuantile.type7(sorted, Swift.min(Swift.max(q, 0), 1))
    }

    /// The 0.975 quantile of Student's t distribution with `degreesOfFreedom`
    /// degrees of freedom (the 95 % two-sided critical value): `StudentT.quantile975` of the
    /// Statistics module.
    /// - Precondition: `degreesOfFreedom >= 1`.
    public static func tQuantile975(degreesOfFreedom: Int) -> Double {
        StudentT.quantile975(degreesOfFreedom: degreesOfFreedom)
    }
}
