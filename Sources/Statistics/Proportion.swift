// A fraction of events pooled over replications: the ratio estimator where there are
// enough events, Wilson's score interval where there are few, an upper bound where none.

/// A fraction of events (lost shares of all shares, duplicated items of all items) pooled
/// over replications.
public enum PooledFraction {
    /// Below this many events (or non-events), counted as the effective number of independent
    /// trials the replications show, the cluster interval's normal approximation is poor and
    /// Wilson's interval is used instead.
    public static let fewEvents = 10.0

    /// Σ events / Σ trials with its interval: the ratio estimator with replications as
    /// clusters when both the events and the non-events number at least `fewEvents` among the
    /// effective number of trials; Wilson's score interval on the effective number of trials
    /// (Korn & Graubard 1998) when either is smaller; the exact one-sided upper bound when no trial had an event. Every
    /// end lies in [0, 1].
    public static func estimate(_ clusters: [Cluster], confidence: Double = 0.95) -> Estimate {
        let events = clusters.reduce(0) { $0 + $1.sum }, trials = clusters.reduce(0) { $0 + $1.count }
        return estimate(events: events, trials: trials, replications: clusters.count, confidence: confidence) {
            RatioEstimator.estimate(clusters, confidence: confidence)
        }
    }

    /// The same rule from the pooled counts, for a caller that keeps sums rather than every
    /// replication: `ratioInterval` gives the ratio estimator's interval over the `m`
    /// replications, not clamped (its half-width is t₍ₘ₋₁₎ standard errors), and is called only
    /// when some trial had an event.
    ///
    /// The effective number of trials is n_eff = min(n, p(1 − p)/se²), se the ratio estimator's
    /// standard error; with fewer than `fewEvents` events (or non-events) among them, p·n_eff,
    /// the interval is Wilson's on n* = n_eff·(z/t₍ₘ₋₁₎)² trials
    /// (Korn & Graubard 1998, "Confidence intervals for proportions with small expected number
    /// of positive counts estimated from survey data"): events that come in bunches within a
    /// few replications (a blank spell seen at many glances) count as fewer independent trials,
    /// and few replications widen it as Student's t does; events spread as independent trials
    /// give Wilson's interval on all the trials less the t correction.
    public static func estimate(events: Double, trials: Double, replications m: Int, confidence: Double = 0.95,
                                ratioInterval: () -> Estimate) -> Estimate {
        guard trials > 0 else { return Estimate(value: .nan, low: .nan, high: .nan, method: .none) }
        if events == 0 { return zeroEventsUpperBound(trials: trials, confidence: confidence) }
        let p = events / trials
        let ratio = ratioInterval()
        let clustered = ratio.method == .clusterRatio && m > 1 && ratio.halfWidth.isFinite && events < trials
        // Every trial an event, or no variance to read: the pooled counts as they are.
        guard clustered else {
            if events < fewEvents || trials - events < fewEvents { return wilson(events: events, trials: trials, confidence: confidence) }
            return Estimate(value: p, low: .nan, high: .nan, method: .none)
        }
        // The trials as many independent ones as the replications' variance shows (at most all).
        let t = StudentT.critical(confidence: confidence, degreesOfFreedom: m - 1)
        let se = ratio.halfWidth / t
        let effective = se > 0 ? Swift.min(trials, p * (1 - p) / (se * se)) : trials
        if p * effective < fewEvents || (1 - p) * effective < fewEvents {
            let z = NormalDistribution.quantile(0.5 + confidence / 2)
            let n = effective * (z / t) * (z / t)
            var e = wilson(events: p * n, trials: n, confidence: confidence)
            e.value = p
            return e
        }
        return Estimate(value: p, low: Swift.max(0, Swift.min(ratio.low, p)), high: Swift.min(1, Swift.max(ratio.high, p)),
                        method: .clusterRatio)
    }

    /// Wilson's score interval (Wilson 1927; Agresti & Coull 1998) for `events` of `trials`
    /// independent trials: never outside [0, 1], and good coverage with few events.
    public static func wilson(events x: Double, trials n: Double, confidence: Double = 0.95) -> Estimate {
        precondition(n > 0 && x >= 0 && x <= n, "Wilson's interval needs 0 ≤ events ≤ trials, trials > 0")
        let z = NormalDistribution.quantile(0.5 + confidence / 2), z2 = z * z
        let p = x / n
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return Estimate(value: p, low: Swift.max(0, Swift.min(p, centre - half)),
                        high: Swift.min(1, Swift.max(p, centre + half)), method: .wilson)
    }

    /// No event in `trials` trials: 0, with the exact one-sided upper bound 1 − (1 − c)^{1/n}
    /// (Clopper–Pearson's, about 3/n at 95 %: the "rule of three", Hanley & Lippman-Hand 1983).
    public static func zeroEventsUpperBound(trials n: Double, confidence: Double = 0.95) -> Estimate {
        precondition(n > 0, "an upper bound needs at least one trial")
        let upper = -expm1(CMath.log(1 - confidence) / n)
        return Estimate(value: 0, low: 0, high: upper, method: .zeroEventsUpperBound)
    }

    /// eˣ − 1, accurate for small x.
    private static func expm1(_ x: Double) -> Double {
        abs(x) < 1e-5 ? x + x * x / 2 + x * x * x / 6 : CMath.exp(x) - 1
    }
}
