// Variance components of a nested (two-level) design: outer draws of uncertain platform
// figures, inner replications within each draw.

/// The one-way random-effects analysis of variance of a balanced nested design (a draws,
/// n replications in each), by the ANOVA (method-of-moments) estimators: Searle, Casella &
/// McCulloch, Variance Components (1992), section 3.5; Montgomery, Design and Analysis of
/// Experiments, section 3.9.
public struct VarianceComponents: Sendable, Equatable {
    /// Draws (groups) and replications per draw.
    public let draws: Int, replicationsPerDraw: Int
    /// The grand mean.
    public let mean: Double
    /// Mean squares between draws, n·Σ(ȳᵢ − ȳ)²/(a − 1), and within, ΣΣ(yᵢⱼ − ȳᵢ)²/(a(n − 1)).
    public let meanSquareBetween: Double, meanSquareWithin: Double

    /// `groups[i]` holds draw i's replications; every group the same size, at least two
    /// groups of at least two.
    public init(groups: [[Double]]) {
        precondition(groups.count >= 2, "variance components need at least two draws")
        let n = groups[0].count
        precondition(n >= 2 && groups.allSatisfy { $0.count == n }, "variance components need equal groups of at least two")
        let a = groups.count
        let means = groups.map { $0.reduce(0, +) / Double(n) }
        let grand = means.reduce(0, +) / Double(a)
        let between = Double(n) * means.reduce(0) { $0 + ($1 - grand) * ($1 - grand) } / Double(a - 1)
        var within = 0.0
        for (g, m) in zip(groups, means) { within += g.reduce(0) { $0 + ($1 - m) * ($1 - m) } }
        self.init(draws: a, replicationsPerDraw: n, mean: grand, meanSquareBetween: between,
                  meanSquareWithin: within / Double(a * (n - 1)))
    }

    public init(draws: Int, replicationsPerDraw: Int, mean: Double, meanSquareBetween: Double, meanSquareWithin: Double) {
        self.draws = draws
        self.replicationsPerDraw = replicationsPerDraw
        self.mean = mean
        self.meanSquareBetween = meanSquareBetween
        self.meanSquareWithin = meanSquareWithin
    }

    /// σ²_between = (MSB − MSW)/n, truncated at 0: the variance of the true mean across draws.
    public var betweenDraws: Double { Swift.max(0, (meanSquareBetween - meanSquareWithin) / Double(replicationsPerDraw)) }
    /// σ²_within = MSW: the replications' variance within one draw.
    public var withinDraws: Double { meanSquareWithin }

    /// The platform's share of the variance of one draw's inner mean: σ²_b / (σ²_b + σ²_w/n),
    /// which is (MSB − MSW)/MSB truncated to [0, 1]. The rest is Monte Carlo noise.
    public var betweenShareOfDrawMean: Double {
        guard meanSquareBetween > 0 else { return 0 }
        return Swift.min(1, Swift.max(0, (meanSquareBetween - meanSquareWithin) / meanSquareBetween))
    }
}

/// First-order sensitivity indices from an outer sample (one output per draw of the uncertain
/// figures): the correlation ratio Var(E[Y | Xⱼ]) / Var(Y), estimated by sorting the draws
/// by Xⱼ into equal-count bins and taking the variance of the bins' means, less its expected
/// value under no effect (McKay, "Evaluating prediction uncertainty", NUREG/CR-6311, 1995;
/// Plischke, Borgonovo & Smith 2013). Truncated to [0, 1].
public enum FirstOrderIndex {
    /// The bins for `count` draws: about √count, at least 2 and at most count/2 (two draws a bin).
    public static func bins(draws count: Int) -> Int {
        Swift.max(2, Swift.min(count / 2, Int(Double(count).squareRoot().rounded())))
    }

    /// The index of output `y` to input `x` over `bins` equal-count bins of the draws sorted by x.
    /// - Precondition: at least two draws per bin.
    public static func estimate(inputs x: [Double], outputs y: [Double], bins: Int) -> Double {
        precondition(x.count == y.count && bins >= 2 && x.count >= 2 * bins,
                     "first-order indices need at least two draws per bin")
        let n = y.count
        let mean = y.reduce(0, +) / Double(n)
        let total = y.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)
        guard total > 0 else { return 0 }
        let order = x.indices.sorted { (x[$0], $0) < (x[$1], $1) }
        var between = 0.0, within = 0.0
        for b in 0..<bins {
            let slice = order[(b * n / bins)..<((b + 1) * n / bins)]
            let binMean = slice.reduce(0) { $0 + y[$1] } / Double(slice.count)
            between += Double(slice.count) * (binMean - mean) * (binMean - mean)
            within += slice.reduce(0) { $0 + (y[$1] - binMean) * (y[$1] - binMean) }
        }
        // With no effect, E[between/(n−1)] = (bins − 1)/(n − bins) · within/(n−1) … subtract it.
        let explained = between / Double(n - 1) - Double(bins - 1) / Double(n - bins) * within / Double(n - 1)
        return Swift.min(1, Swift.max(0, explained / total))
    }
}
