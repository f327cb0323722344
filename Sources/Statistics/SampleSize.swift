// The replications an interval needs to shrink to a target half-width.

/// Sample sizes from the 1/√n law: an interval's half-width over n replications is about
/// t·s/√n, so with s and t about steady a half-width h over n replications shrinks to a target
/// h* after n·(h/h*)² replications (the second-stage rule of Stein 1945 and of
/// Chow & Robbins 1965, "On the asymptotic theory of fixed-width sequential confidence
/// intervals for the mean", *Annals of Mathematical Statistics* 36).
public enum SampleSize {
    /// ⌈n·r²⌉, r = half-width / target half-width: the replications after which the half-width
    /// meets the target if it shrinks as 1/√n; +∞ for a ratio that is not finite or not above 0
    /// (no interval yet, or one of no width, says nothing of the count).
    public static func projected(from n: Int, halfWidthRatio r: Double) -> Double {
        r.isFinite && r > 0 ? (Double(n) * r * r).rounded(.up) : .infinity
    }

    /// The half-width ratio whose projection from `n` is `count`: √(count/n).
    public static func halfWidthRatio(reaching count: Int, from n: Int) -> Double {
        (Double(count) / Double(n)).squareRoot()
    }
}
