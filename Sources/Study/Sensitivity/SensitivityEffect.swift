// One parameter's effect on one metric (docs/output.md#sensitivitycsv), and the ranking
// of the parameters within a metric.

/// A parameter's effect on a metric with its 95 % interval, and for Morris σ and the
/// signed mean μ; `direction` is the sign the chart colours bars by.
struct SensitivityEffect: Equatable {
    /// The parameter path.
    var parameter: String
    /// |Spearman ρ| (LHS) or μ* (Morris); NaN when it cannot be computed.
    var effect: Double
    /// The 95 % interval of `effect`; NaN when it cannot be computed.
    var low: Double, high: Double
    /// Morris only: the standard deviation of the elementary effects (NaN for fewer than two).
    var sigma: Double = .nan
    /// The sign of the signed effect (ρ, or Morris μ): +1 the metric rises with the
    /// parameter, −1 it falls, 0 neither.
    var direction: Int = 0
}

/// Ranks within a metric.
enum SensitivityRanking {
    /// The effects in rank order: the largest first, as printed (so a tie in the file is
    /// a tie here), effects that cannot be computed last, ties by parameter name.
    static func ranked(_ effects: [SensitivityEffect]) -> [SensitivityEffect] {
        func printed(_ x: Double) -> Double { Double(CSVNumber.format(x)) ?? -.infinity }
        return effects.sorted { a, b in
            let (x, y) = (printed(a.effect), printed(b.effect))
            return x != y ? x > y : a.parameter < b.parameter
        }
    }
}
