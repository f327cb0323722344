// The percentile interval of a bootstrap: the quantiles of the replicates' estimates.

/// Efron's percentile interval (Efron & Tibshirani, *An Introduction to the Bootstrap*, 1993,
/// chapter 13): the 2.5 % and 97.5 % sample quantiles (`SampleQuantile.type7`) of the estimate
/// over the bootstrap replicates, for a 95 % interval.
public enum BootstrapPercentile {
    /// The interval from the replicates' estimates (in any order; those not finite, a replicate
    /// that resampled nothing, are left out), or nil with fewer than two finite ones.
    public static func interval(_ replicates: [Double], lower: Double = 0.025, upper: Double = 0.975) -> (low: Double, high: Double)? {
        interval(sorted: replicates.filter(\.isFinite).sorted(), lower: lower, upper: upper)
    }

    /// The interval from finite estimates already sorted ascending; nil with fewer than two.
    public static func interval(sorted: [Double], lower: Double = 0.025, upper: Double = 0.975) -> (low: Double, high: Double)? {
        guard sorted.count >= 2 else { return nil }
        return (SampleQuantile.type7(sorted, lower), SampleQuantile.type7(sorted, upper))
    }

    /// The interval moved by `shift` at both ends: the estimate of record minus the replicates'
    /// own centre (where the replicates are computed on a coarser scale than the estimate, as
    /// the pooled quantiles' coarse histograms are), so the coarseness moves neither end.
    public static func interval(sorted: [Double], movedBy shift: Double) -> (low: Double, high: Double)? {
        interval(sorted: sorted).map { ($0.low + shift, $0.high + shift) }
    }

    /// The interval of a ratio scaled at both ends by `factor` (the estimate of record over the
    /// replicates' own centre).
    public static func interval(sorted: [Double], scaledBy factor: Double) -> (low: Double, high: Double)? {
        interval(sorted: sorted).map { ($0.low * factor, $0.high * factor) }
    }
}
