// The fixed-sample procedure a sequential selection is measured against.

/// Rinott's two-stage procedure (Rinott 1978, "On two-stage selection procedures and related
/// probability-inequalities", Communications in Statistics A7): after a first stage of n₀
/// replications, design i gets Nᵢ = max{n₀, ⌈(h·Sᵢ/δ)²⌉} replications in all, where Sᵢ is its
/// first-stage standard deviation and h solves
///   ∫₀^∞ [∫₀^∞ Φ(h / √((n₀ − 1)(1/x + 1/y))) f(x) dx]^{k−1} f(y) dy = 1 − α,
/// f the χ² density on n₀ − 1 degrees of freedom. It guarantees the same probability of correct
/// selection as the sequential procedure without eliminating anyone early, so the sum of its
/// Nᵢ is what a fixed-sample study would spend.
public enum Rinott {
    /// Rinott's h for k ≥ 2 designs, a first stage of n₀ ≥ 2 and confidence 1 − α, by
    /// bisection on the double integral (Simpson's rule over √x, 200 panels).
    public static func constant(designs k: Int, firstStage n0: Int, confidence: Double) -> Double {
        precondition(k >= 2 && n0 >= 2 && confidence > 0 && confidence < 1)
        let grid = ChiSquareGrid(degreesOfFreedom: n0 - 1)
        var low = 0.0, high = 1.0
        while probability(h: high, k: k, grid: grid) < confidence { low = high; high *= 2 }
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if probability(h: mid, k: k, grid: grid) < confidence { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The total a fixed-sample procedure spends: Σᵢ max{n₀, ⌈(h·Sᵢ/δ)²⌉}, from each design's
    /// first-stage values.
    public static func totalReplications(firstStage values: [[Double]], indifference delta: Double, confidence: Double) -> Int {
        let k = values.count, n0 = values.first?.count ?? 0
        guard k >= 2 else { return n0 * k }
        let h = constant(designs: k, firstStage: n0, confidence: confidence)
        return values.reduce(0) { total, v in
            total + TwoStageCount.replications(critical: h, variance: SampleDeviation.variance(v), halfWidth: delta,
                                               firstStage: n0, ceiling: Int.max / (2 * k))
        }
    }

    /// The probability of correct selection at h (the left side of the equation above).
    static func probability(h: Double, k: Int, grid: ChiSquareGrid) -> Double {
        let nu = Double(grid.degreesOfFreedom)
        var outer = 0.0
        for (y, wy) in zip(grid.points, grid.weights) where wy > 0 {
            var inner = 0.0
            for (x, wx) in zip(grid.points, grid.weights) where wx > 0 {
                inner += wx * NormalDistribution.cdf(h / (nu * (1 / x + 1 / y)).squareRoot())
            }
            outer += wy * CMath.pow(Swift.min(1, inner), Double(k - 1))
        }
        return outer
    }
}

/// Quadrature nodes and weights for ∫₀^∞ g(x)·f(x) dx, f the χ² density on ν degrees of
/// freedom, by Simpson's rule in s = √x (smooth for every ν ≥ 1) up to far in the tail.
struct ChiSquareGrid {
    let degreesOfFreedom: Int
    let points: [Double]
    let weights: [Double]

    init(degreesOfFreedom nu: Int, panels: Int = 200) {
        degreesOfFreedom = nu
        let v = Double(nu)
        let top = (v + 40 * (2 * v).squareRoot() + 100).squareRoot()
        let step = top / Double(panels)
        let logNormaliser = (v / 2) * CMath.log(2) + CMath.logGamma(v / 2)
        var points: [Double] = [], weights: [Double] = []
        for j in 1...panels {
            let s = Double(j) * step
            // f(s²)·2s = 2·s^{ν−1}·e^{−s²/2} / (2^{ν/2} Γ(ν/2)); Simpson's weights 1, 4, 2, …, 4, 1.
            let density = 2 * CMath.exp((v - 1) * CMath.log(s) - s * s / 2 - logNormaliser)
            let simpson = j == panels ? 1.0 : (j % 2 == 1 ? 4.0 : 2.0)
            points.append(s * s)
            weights.append(density * simpson * step / 3)
        }
        // s = 0 adds nothing for ν > 1; for ν = 1 its density is finite but x = 0 sends the
        // integrand to Φ(0)·…, a set of measure zero: left out.
        self.points = points
        self.weights = weights
    }
}
