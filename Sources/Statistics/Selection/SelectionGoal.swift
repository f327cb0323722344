// What "best" means for a selection among designs.

/// Whether the best design has the smallest or the largest mean.
public enum SelectionGoal: String, Sendable, Equatable {
    case minimize = "min"
    case maximize = "max"

    /// The value as the procedures see it: they always look for the largest mean.
    func oriented(_ x: Double) -> Double { self == .maximize ? x : -x }
}

/// The constant η of Kim & Nelson's triangular continuation region for `comparisons`
/// comparisons sharing the error `alpha` with a first stage of n₀ replications:
/// η = ½[(2α/comparisons)^{−2/(n₀−1)} − 1] (Kim & Nelson 2001, section 2). The region's half-height
/// at r replications is max{0, h²S²/(2δ) − δr/2}, with h² = 2η(n₀ − 1).
func triangularRegionH2(alpha: Double, comparisons: Int, firstStage n0: Int) -> Double {
    precondition(n0 >= 2 && comparisons >= 1 && alpha > 0 && alpha < 1)
    let eta = 0.5 * (CMath.pow(2 * alpha / Double(comparisons), -2 / Double(n0 - 1)) - 1)
    return 2 * eta * Double(n0 - 1)
}
