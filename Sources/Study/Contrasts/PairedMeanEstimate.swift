// The estimate of a mean's contrast and its intervals, from one set of paired replications
// (docs/output.md#contrasts, "Mean"). The difference, the ratio and their intervals all come
// from the same pairs, so an interval always holds its estimate: a contrast whose pairs all
// differ by one constant has that constant as its difference and a zero-width interval
// around it, never around a figure computed from other data (summary.csv's pooled means).
// Changing the estimator (a ratio estimator over the replications' sums and counts) is a
// change to this file alone.
import Statistics

/// The paired estimate of value − baseline and value / baseline for one metric.
struct PairedMeanEstimate: Equatable {
    /// ā − b̄ over the pairs (the mean of the pairs' differences) and its 95 % interval,
    /// ± t₀.₉₇₅,ₙ₋₁ · sd(a − b)/√n; NaN where it does not exist (no pairs; one pair for the interval).
    var difference = Double.nan, differenceLow = Double.nan, differenceHigh = Double.nan
    /// ā / b̄ (NaN unless b̄ > 0 and ā ≥ 0) and its 95 % interval by the delta method on its
    /// logarithm, ratio · exp(±t · sd(a/ā − b/b̄)/√n) (only where both means are above 0).
    var ratio = Double.nan, ratioLow = Double.nan, ratioHigh = Double.nan
    /// (var a + var b)/var(a − b): +∞ when every pair differs by the same amount but the
    /// values vary, NaN when nothing varies or with fewer than two pairs.
    var varianceReduction = Double.nan

    /// The estimate from `pairs` (b the baseline's per-replication value, a the point's): the
    /// difference's and the ratio's intervals are the Statistics module's `PairedMeanContrast`.
    init(_ pairs: PairedMoments) {
        guard pairs.count >= 1 else { return }
        let contrast = PairedMeanContrast(count: pairs.count, meanValue: pairs.meanValue, meanBaseline: pairs.meanBaseline,
                                          varianceOfDifference: pairs.count >= 2 ? pairs.varianceOfDifference : .nan,
                                          varianceOfRelativeDifference: pairs.count >= 2 ? pairs.varianceOfRelativeDifference : .nan)
        (difference, differenceLow, differenceHigh) = (contrast.difference.value, contrast.difference.low, contrast.difference.high)
        (ratio, ratioLow, ratioHigh) = (contrast.ratio.value, contrast.ratio.low, contrast.ratio.high)
        varianceReduction = pairs.varianceReduction
    }
}
