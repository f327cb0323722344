/// A random quantity, in seconds (durations) or plain units (sizes, counts),
/// as scenario files describe them (docs/scenarios.md): a constant, exponential, uniform,
/// lognormal, normal truncated at 0, or an empirical list of values.
public enum Distribution: Sendable, Equatable {
    case constant(Double)
    case exponential(mean: Double)
    case uniform(low: Double, high: Double)
    /// Lognormal with `log(X) ~ Normal(mu, sigma)`; its median is `exp(mu)`.
    case lognormal(mu: Double, sigma: Double)
    /// Normal with the given mean and standard deviation, truncated at 0 by rejection.
    case normal(mean: Double, sd: Double)
    /// Each listed value with equal probability.
    case empirical([Double])

    /// The default spread of a lognormal given only by its median: p95 ≈ 2.7 × median,
    /// matching the push-latency figures in docs/platform-facts.md#push (median ~1 s, p95 ~2–3 s).
    public static let defaultLognormalSigma = 0.6
    /// The 95th percentile of the standard normal.
    public static let z95 = 1.6448536269514722

    /// Lognormal by median and sigma.
    public static func lognormal(median: Double, sigma: Double = defaultLognormalSigma) -> Distribution {
        .lognormal(mu: Math.log(median), sigma: sigma)
    }

    /// Lognormal by median and 95th percentile.
    public static func lognormal(median: Double, p95: Double) -> Distribution {
        .lognormal(mu: Math.log(median), sigma: Math.log(p95 / median) / z95)
    }

    /// Draws one value.
    @inlinable @inline(__always)
    public func sample(_ rng: inout RandomStream) -> Double {
        switch self {
        case .constant(let c): return c
        case .exponential(let mean): return rng.exponential(mean: mean)
        case .uniform(let lo, let hi): return lo + (hi - lo) * rng.uniform()
        case .lognormal(let mu, let sigma): return Math.exp(mu + sigma * rng.standardNormal())
        case .normal(let mean, let sd):
            if sd <= 0 { return max(0, mean) }
            for _ in 0..<64 {
                let x = mean + sd * rng.standardNormal()
                if x >= 0 { return x }
            }
            return 0
        case .empirical(let values): return values.isEmpty ? 0 : values[rng.index(values.count)]
        }
    }

    /// Draws a duration in seconds and returns it as simulated microseconds.
    @inlinable @inline(__always)
    public func sampleTime(_ rng: inout RandomStream) -> SimTime {
        Time.fromSeconds(sample(&rng))
    }

    /// True when every draw is the same value.
    @inlinable public var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }

    /// The closed-form mean (for the truncated normal, the mean before truncation
    /// when truncation is negligible is not assumed: the exact truncated mean is used).
    public var mean: Double {
        switch self {
        case .constant(let c): return c
        case .exponential(let m): return m
        case .uniform(let lo, let hi): return (lo + hi) / 2
        case .lognormal(let mu, let sigma): return Math.exp(mu + sigma * sigma / 2)
        case .normal(let m, let sd):
            if sd <= 0 { return max(0, m) }
            let a = -m / sd
            let phi = Math.exp(-a * a / 2) / (2 * Double.pi).squareRoot()
            return m + sd * phi / (1 - StandardNormal.cdf(a))
        case .empirical(let v): return v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count)
        }
    }

}

/// The standard normal distribution's CDF, for closed forms in tests and in the truncated mean.
public enum StandardNormal {
    /// Φ(x), via a high-accuracy complementary error function (W. J. Cody's rational form is
    /// overkill here; Abramowitz–Stegun 7.1.26 gives 1.5e-7, enough for means and tests).
    public static func cdf(_ x: Double) -> Double {
        let z = abs(x) / 2.0.squareRoot()
        let t = 1 / (1 + 0.3275911 * z)
        let poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        let erfc = poly * Math.exp(-z * z)
        return x >= 0 ? 1 - erfc / 2 : erfc / 2
    }
}
