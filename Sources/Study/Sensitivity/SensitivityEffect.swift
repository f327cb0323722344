// One parameter's effect on one metric (docs/output.md#sensitivitycsv), the ranking of
// the parameters within a metric, and which of them the intervals cannot tell apart.

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

/// Which parameters' effects the 95 % intervals cannot tell apart, within a metric.
enum SensitivityOverlap {
    /// For each of `effects`, the parameters of the others whose 95 % interval shares a
    /// point with its own, in the order given (rank order in sensitivity.csv). Intervals
    /// are closed and compared as printed, so a reader can check the column against the
    /// file's own `effect_ci95_low` and `effect_ci95_high`; an effect without an interval
    /// overlaps nothing.
    /// - Complexity: O(n²) for n effects.
    static func overlapping(_ effects: [SensitivityEffect]) -> [[String]] {
        func printed(_ x: Double) -> Double? { Double(CSVNumber.format(x)) }
        let intervals: [(low: Double, high: Double)?] = effects.map { e in
            guard let low = printed(e.low), let high = printed(e.high) else { return nil }
            return (low, high)
        }
        return effects.indices.map { i in
            guard let a = intervals[i] else { return [] }
            return effects.indices.compactMap { j in
                guard j != i, let b = intervals[j], a.low <= b.high, b.low <= a.high else { return nil }
                return effects[j].parameter
            }
        }
    }
}
