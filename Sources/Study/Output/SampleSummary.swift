// The summary.csv figures over a small sample (docs/output.md): n, mean, sd, a 95 %
// Student-t confidence interval for the mean, quantiles and the maximum.

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
        var squares = 0.0
        for value in values { squares += (value - average) * (value - average) }
        let deviation = (squares / Double(n - 1)).squareRoot()
        sd = deviation
        let halfWidth = Self.tQuantile975(degreesOfFreedom: n - 1) * deviation / Double(n).squareRoot()
        ci95Low = average - halfWidth
        ci95High = average + halfWidth
    }

    /// The type-7 quantile: linear interpolation between the order statistics
    /// around position (n − 1)·q. `q` is clamped into [0, 1].
    /// - Returns: `.nan` when empty or when `q` is NaN.
    public func quantile(_ q: Double) -> Double {
        guard n > 0, !q.isNaN else { return .nan }
        return ReplicationFigures.quantile(sorted, Swift.min(Swift.max(q, 0), 1))
    }

    /// The 0.975 quantile of Student's t distribution with `degreesOfFreedom`
    /// degrees of freedom (the 95 % two-sided critical value).
    ///
    /// Exact to double precision for 1…30 degrees of freedom (a table);
    /// above, the Cornish–Fisher expansion in 1/ν to the fourth order, whose
    /// error is below 1e-7 at ν = 31 and shrinks as ν⁻⁵.
    /// - Precondition: `degreesOfFreedom >= 1`.
    public static func tQuantile975(degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom >= 1, "degrees of freedom must be at least 1, got \(degreesOfFreedom)")
        if degreesOfFreedom <= t975Table.count { return t975Table[degreesOfFreedom - 1] }
        let z = 1.959963984540054
        let nu = Double(degreesOfFreedom)
        let z2 = z * z
        let g1 = (z2 + 1) * z / 4
        let g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
        let g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
        let g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
        return z + (g1 + (g2 + (g3 + g4 / nu) / nu) / nu) / nu
    }

    /// t₀.₉₇₅ for 1…30 degrees of freedom.
    private static let t975Table: [Double] = [
        12.706204736174694, 4.302652729749462, 3.1824463052837078, 2.7764451051977934,
        2.5705818356363146, 2.4469118511449786, 2.364624251592784, 2.306004135204166,
        2.262157162798205, 2.228138851986274, 2.200985160091639, 2.1788128296672284,
        2.1603686564627913, 2.144786687917804, 2.131449545559776, 2.1199052992212546,
        2.1098155778333156, 2.1009220402410382, 2.0930240544083087, 2.085963447265864,
        2.0796138447276795, 2.0738730679040254, 2.0686576104190486, 2.0638985616280245,
        2.0595385527532972, 2.0555294386428735, 2.0518305164802846, 2.0484071417952454,
        2.045229642132703, 2.0422724563012378,
    ]
}
