// The weights of a Poisson bootstrap: how many times a unit counts in one replicate.

/// The Poisson(1) bootstrap (Hanley & MacGibbon 2006, "Creating non-parametric bootstrap
/// samples using Poisson frequencies", *Computer Methods and Programs in Biomedicine* 83): each
/// unit (a replication) counts K ~ Poisson(1) times in each replicate, independently, instead of
/// a multinomial resample of fixed size; the replicates of independent parts then merge by
/// adding. The draws themselves come from the caller's random stream: this is the map from a
/// uniform draw to its weight.
public enum PoissonBootstrap {
    /// The largest weight: P(K > 12) ≈ 1.7e-10 is counted as 12.
    public static let largestWeight = 12

    /// Cumulative Poisson(1) probabilities P(K ≤ k) for k = 0…11 (summed from e⁻¹ = P(K = 0),
    /// each term the last over k + 1); k = 12 takes the rest.
    public static let cumulative: [Double] = {
        var table: [Double] = []
        var term = 0.36787944117144233  // e⁻¹ = P(K = 0)
        var total = 0.0
        for k in 0..<largestWeight {
            total += term
            table.append(total)
            term /= Double(k + 1)
        }
        return table
    }()

    /// The weight of a uniform draw `u` in [0, 1) by inversion: the first k with u < P(K ≤ k)
    /// (how many of the cumulative probabilities it reaches).
    public static func weight(of u: Double) -> Int {
        var k = 0
        while k < cumulative.count && u >= cumulative[k] { k += 1 }
        return k
    }

    /// Equal parts of [0, 1) in `weightOfPart`.
    public static let partCount = 256

    /// For each of `partCount` equal parts of [0, 1), the weight every draw in it has, or −1 for
    /// the parts a cumulative probability falls inside (5 of them): the weight only grows with
    /// the draw, so a part whose first and last values have the same weight has it throughout.
    /// A draw's part (its top 8 bits) gives its weight without a search for 98 % of draws.
    public static let weightOfPart: [Int8] = (0..<partCount).map { j in
        let first = weight(of: Double(j) / Double(partCount))
        let last = weight(of: (Double(j + 1) / Double(partCount)).nextDown)
        return first == last ? Int8(first) : -1
    }
}
