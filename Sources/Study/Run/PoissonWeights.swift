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

    /// `count` weights for the replication with seed `seed` (each 0…12, mean 1).
    /// - Complexity: O(count).
    public static func draw(seed: UInt64, count: Int) -> [UInt8] {
        var stream = RandomStream(replicationSeed: seed, name: streamName)
        let table = cumulative  // read once, not once per comparison
        return (0..<count).map { _ in
            let u = stream.uniform()
            var k = 0
            while k < table.count && u >= table[k] { k += 1 }
            return UInt8(k)
        }
    }
}
