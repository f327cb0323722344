// The mean of independent replications' values, with Student's t interval.

/// The mean over replications, each replication one independent value (a per-replication
/// metric: an item fraction of one run, a time average, a count).
public enum ReplicationMean {
    /// The mean of `values` with its two-sided Student-t interval on n − 1 degrees of freedom
    /// (two-pass variance). One value gives the mean and no interval.
    public static func estimate(_ values: [Double], confidence: Double = 0.95) -> Estimate {
        let n = values.count
        guard n > 0 else { return Estimate(value: .nan, low: .nan, high: .nan, method: .none) }
        let mean = values.reduce(0, +) / Double(n)
        guard n > 1 else { return Estimate(value: mean, low: .nan, high: .nan, method: .none) }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return estimate(mean: mean, sd: (squares / Double(n - 1)).squareRoot(), count: n, confidence: confidence)
    }

    /// The interval from summary figures: the mean, the sample standard deviation (divisor
    /// n − 1) and the number of replications.
    public static func estimate(mean: Double, sd: Double, count n: Int, confidence: Double = 0.95) -> Estimate {
        guard n > 1, sd.isFinite else { return Estimate(value: mean, low: .nan, high: .nan, method: .none) }
        let half = StudentT.critical(confidence: confidence, degreesOfFreedom: n - 1) * sd / Double(n).squareRoot()
        return Estimate(value: mean, low: mean - half, high: mean + half, method: .studentT)
    }

    /// The standard error of a mean over `replications` ≥ 2 recovered from its 95 % Student-t
    /// interval's half-width: half-width / t₀.₉₇₅,ₙ₋₁ (the inverse of `estimate(mean:sd:count:)`,
    /// whose half-width is t·s/√n).
    public static func standardError(halfWidth95 halfWidth: Double, replications n: Int) -> Double {
        precondition(n >= 2, "a standard error needs at least two replications")
        return halfWidth / StudentT.quantile975(degreesOfFreedom: n - 1)
    }

    /// Zero in every one of `replications` replications of a count (a Poisson count per
    /// replication): the mean is 0 and its one-sided upper bound is −ln(1 − confidence)/n
    /// (about 3/n at 95 %: the rule of three for a Poisson mean).
    public static func zeroCountUpperBound(replications n: Int, confidence: Double = 0.95) -> Estimate {
        precondition(n >= 1, "an upper bound needs at least one replication")
        return Estimate(value: 0, low: 0, high: -CMath.log(1 - confidence) / Double(n), method: .zeroEventsUpperBound)
    }
}
