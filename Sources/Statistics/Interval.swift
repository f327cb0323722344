// A figure and its two-sided interval, the one shape every estimator returns.

/// An estimate with its confidence interval, and the method that made the interval.
///
/// `low ≤ value ≤ high` whenever all three are numbers: an estimator of this module returns
/// the interval of the very figure it returns (never the interval of another estimand).
public struct Estimate: Sendable, Equatable {
    /// The point estimate.
    public var value: Double
    /// The interval's ends (NaN where the data cannot give one, e.g. one replication).
    public var low: Double
    public var high: Double
    /// How the interval was made, as documented in docs/statistics.md.
    public var method: IntervalMethod

    public init(value: Double, low: Double, high: Double, method: IntervalMethod) {
        self.value = value
        self.low = low
        self.high = high
        self.method = method
    }

    /// `value` ± `halfWidth`: an interval symmetric on the scale of the estimate (a t or normal
    /// interval, the delta method's).
    public static func symmetric(_ value: Double, halfWidth: Double, method: IntervalMethod) -> Estimate {
        Estimate(value: value, low: value - halfWidth, high: value + halfWidth, method: method)
    }

    /// `ratio`·exp(∓`logHalfWidth`): a ratio's interval symmetric on the log scale (the delta
    /// method on log ratio; Cochran 1977, section 6.4), never below 0 for a ratio above 0.
    public static func logSymmetric(ratio r: Double, logHalfWidth h: Double, method: IntervalMethod) -> Estimate {
        Estimate(value: r, low: r * CMath.exp(-h), high: r * CMath.exp(h), method: method)
    }

    /// Half the interval's width.
    public var halfWidth: Double { (high - low) / 2 }

    /// The interval cut to `range`, the values the estimated quantity can take (0…∞ for a
    /// staleness, 0…1 for a fraction): its own ends, each moved into the range, so a true value
    /// in the range is covered exactly when it was before, whatever the interval's method.
    public func clamped(to range: ClosedRange<Double>) -> Estimate {
        Estimate(value: value, low: Swift.max(low, range.lowerBound), high: Swift.min(high, range.upperBound), method: method)
    }

    /// True when `x` lies in the closed interval.
    public func contains(_ x: Double) -> Bool { low <= x && x <= high }
}

/// The interval methods of the module, each named as docs/statistics.md names it.
public enum IntervalMethod: String, Sendable, Equatable, CaseIterable {
    /// Student's t over independent replications (a mean of per-replication values).
    case studentT = "t"
    /// A ratio of sums with the replications as clusters, by the delta method, with Student's
    /// t on m − 1 degrees of freedom.
    case clusterRatio = "ratio"
    /// Wilson's score interval for a proportion of independent trials.
    case wilson = "wilson"
    /// No event in any trial: the exact one-sided upper bound (about 3/n at 95 %: the "rule
    /// of three"); the lower end is 0.
    case zeroEventsUpperBound = "upper-bound"
    /// Too few replications for any interval.
    case none = "none"
}
