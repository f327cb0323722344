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

    /// `count` weights for the replication with seed `seed` (each 0…12, mean 1).
    ///
    /// A weight is how many of the cumulative probabilities a uniform draw reaches: the table
    /// ascends, so that count is the first k with u < P(K ≤ k). It is counted over the whole
    /// table, without a branch on the draw (one that stopped at k would go either way at random).
    /// - Complexity: O(count).
    public static func draw(seed: UInt64, count: Int) -> [UInt8] {
        var stream = RandomStream(replicationSeed: seed, nameHash: streamNameHash)
        var weights = [UInt8](filledWith: 0, count: count)
        cumulative.withUnsafeBufferPointer { table in
            weights.withUnsafeMutableBufferPointer { w in
                for r in w.indices {
                    let u = stream.uniform()
                    var k: UInt8 = 0
                    for p in table { k &+= u >= p ? 1 : 0 }
                    w[r] = k
                }
            }
        }
        return weights
    }
}
