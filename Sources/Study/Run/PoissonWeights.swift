// The weights one replication carries into the bootstrap of a point's pooled
// quantiles: one Poisson(1) count per bootstrap replicate, drawn from a stream
// seeded by the replication's own seed, so they do not depend on the worker
// that ran it, the order results arrive in, or how the study is split into shards.
import SimKernel
import Statistics

/// Poisson(1) bootstrap weights of one replication: the Statistics module's `PoissonBootstrap`
/// weight of each uniform draw of the replication's own stream.
public enum PoissonWeights {
    /// The name of the random stream the weights are drawn from.
    public static let streamName = "study.bootstrap"

    /// The stream's name hash (`SeedMixer.nameHash(streamName)`), computed once rather than per
    /// replication.
    static let streamNameHash = SeedMixer.nameHash(streamName)

    /// `count` weights for the replication with seed `seed` (each 0…12, mean 1).
    ///
    /// A draw's part of [0, 1) (its top 8 bits) gives its weight from
    /// `PoissonBootstrap.weightOfPart`; only a draw in one of the 5 parts a cumulative
    /// probability divides (2% of draws) is compared with the table. The weights are
    /// `PoissonBootstrap.weight(of:)` of the draws either way.
    /// - Complexity: O(count).
    public static func draw(seed: UInt64, count: Int) -> [UInt8] {
        var stream = RandomStream(replicationSeed: seed, nameHash: streamNameHash)
        var weights = [UInt8](filledWith: 0, count: count)
        let partCount = PoissonBootstrap.partCount
        PoissonBootstrap.weightOfPart.withUnsafeBufferPointer { parts in
            weights.withUnsafeMutableBufferPointer { w in
                for r in w.indices {
                    let u = stream.uniform()
                    let known = parts[Int(u * Double(partCount))]
                    w[r] = known >= 0 ? UInt8(known) : UInt8(PoissonBootstrap.weight(of: u))
                }
            }
        }
        return weights
    }
}
