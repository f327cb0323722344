// The weights one replication carries into the bootstrap of a point's pooled
// quantiles: one Poisson(1) count per bootstrap replicate, drawn from a stream
// seeded by the replication's own seed, so they do not depend on the worker
// that ran it, the order results arrive in, or how the study is split into shards.
import SimKernel

/// Poisson(1) bootstrap weights of one replication.
public enum PoissonWeights {
    /// The name of the random stream the weights are drawn from.
    public static let streamName = "study.bootstrap"

    /// Cumulative Poisson(1) probabilities P(K ≤ k) for k = 0…11; k = 12 takes the rest.
    static let cumulative: [Double] = {
        var table: [Double] = []
        var term = 0.36787944117144233  // e⁻¹ = P(K = 0)
        var total = 0.0
        for k in 0..<12 {
            total += term
            table.append(total)
            term /= Double(k + 1)
        }
        return table
    }()

    /// The stream's name hash (`SeedMixer.nameHash(streamName)`), computed once rather than per
    /// replication.
    static let streamNameHash = SeedMixer.nameHash(streamName)

    /// The weight of a uniform draw `u`: how many of the cumulative probabilities it reaches
    /// (the table ascends, so that is the first k with u < P(K ≤ k)).
    static func weight(of u: Double) -> Int {
        var k = 0
        while k < cumulative.count && u >= cumulative[k] { k += 1 }
        return k
    }

    /// For each of 256 equal parts of [0, 1), the weight every draw in it has, or −1 for the
    /// parts a cumulative probability falls inside (5 of them): the weight only grows with the
    /// draw, so a part whose first and last values have the same weight has it throughout.
    static let weightOfPart: [Int8] = (0..<partCount).map { j in
        let first = weight(of: Double(j) / Double(partCount))
        let last = weight(of: (Double(j + 1) / Double(partCount)).nextDown)
        return first == last ? Int8(first) : -1
    }
    static let partCount = 256

    /// `count` weights for the replication with seed `seed` (each 0…12, mean 1).
    ///
    /// A draw's part of [0, 1) (its top 8 bits) gives its weight from `weightOfPart`; only a
    /// draw in one of the 5 parts a cumulative probability divides (2% of draws) is compared
    /// with the table. The weights are `weight(of:)` of the draws either way.
    /// - Complexity: O(count).
    public static func draw(seed: UInt64, count: Int) -> [UInt8] {
        var stream = RandomStream(replicationSeed: seed, nameHash: streamNameHash)
        var weights = [UInt8](filledWith: 0, count: count)
        weightOfPart.withUnsafeBufferPointer { parts in
            weights.withUnsafeMutableBufferPointer { w in
                for r in w.indices {
                    let u = stream.uniform()
                    let known = parts[Int(u * Double(partCount))]
                    w[r] = known >= 0 ? UInt8(known) : UInt8(weight(of: u))
                }
            }
        }
        return weights
    }
}
