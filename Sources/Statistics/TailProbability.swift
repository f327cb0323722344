// A tail probability of a sampled metric pooled over replications, P(X > x): the share of
// all samples above a threshold, with the replications as clusters.

/// P(X > threshold) for a metric sampled many times per replication (a staleness at every
/// glance), pooled over replications.
///
/// Estimator (docs/statistics.md#tail-probability): with eᵢ the samples of replication i above
/// the threshold and nᵢ its samples, p̂ = Σeᵢ / Σnᵢ, the share of all samples above it,
/// which is what the pooled distribution (summary.csv's quantiles, distributions.csv) says.
/// Samples of one replication are not independent (glances a minute apart see the same stale
/// view), so the replications are the independent units: p̂ is a ratio of sums over
/// clusters, and its variance by the delta method is Σ(eᵢ − p̂·nᵢ)² / (m(m − 1)·n̄²)
/// (`RatioEstimator`, Cochran 1977, section 6.4), with Student's t on m − 1 degrees of freedom and
/// the interval clamped to [0, 1]. A binomial interval on the pooled counts would treat
/// every sample as independent and be too narrow by the design effect.
///
/// With fewer than `PooledFraction.fewEvents` samples above (or below) the threshold the
/// normal approximation is poor: the estimate then carries Wilson's interval on the pooled
/// counts (method `.wilson`, optimistic by the design effect) or, with none above, the
/// exact upper bound (`.zeroEventsUpperBound`); only the cluster interval
/// (`isClusterInterval`) is fit to certify a precision.
public enum TailProbability {
    /// One replication's cluster: its samples above `threshold` (strictly) and its samples.
    public static func cluster(_ samples: [Double], above threshold: Double) -> Cluster {
        var above = 0
        for x in samples where x > threshold { above += 1 }
        return Cluster(sum: Double(above), count: Double(samples.count))
    }

    /// p̂ = Σeᵢ / Σnᵢ with its interval at `confidence` (see the type's comment for which).
    public static func estimate(_ clusters: [Cluster], confidence: Double = 0.95) -> Estimate {
        PooledFraction.estimate(clusters, confidence: confidence)
    }

    /// Whether `estimate` carries the cluster interval (enough samples on both sides of the
    /// threshold), the only one a precision target may be certified by.
    public static func isClusterInterval(_ estimate: Estimate) -> Bool { estimate.method == .clusterRatio }
}
