// The spread of outer draws' inner means, split into the outer figures' share and the inner
// Monte Carlo noise, for draws crossed with common replications.

/// Outer draws of uncertain figures, each with the mean of the same inner replications (common
/// random numbers: replication r has the same seed in every draw, so the draws are crossed with
/// the replications). The noise a replication carries is then common to every draw and cancels
/// from the draws' spread: the draws' sample variance s²_between = Σ(ȳ_d − ȳ)²/(D − 1) is the
/// outer figures' (with the draw-by-replication interaction), and the noise of one draw's inner
/// mean is its squared standard error, averaged over the draws (s²_within). The between share
/// s²_between / (s²_between + s²_within) is the outer figures' part of the variance of one
/// draw's inner mean (the crossed analogue of `VarianceComponents.betweenShareOfDrawMean`;
/// Searle, Casella & McCulloch 1992, section 4.3, with one observation per cell: a draw's mean).
public enum DrawMeans {
    /// The draws' grand mean and the between share (0 when nothing varies).
    /// - Precondition: at least two draws; one squared standard error per draw.
    public static func split(means: [Double], squaredStandardErrors: [Double]) -> (mean: Double, betweenShare: Double) {
        precondition(means.count >= 2 && squaredStandardErrors.count == means.count,
                     "the split needs at least two draws, each with its squared standard error")
        let n = Double(means.count)
        let mean = means.reduce(0, +) / n
        let between = means.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let within = squaredStandardErrors.reduce(0, +) / n
        return (mean, between + within > 0 ? between / (between + within) : 0)
    }
}
