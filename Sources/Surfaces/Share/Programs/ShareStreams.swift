import SimKernel
import SurfaceCore

/// The share sheet's own random streams (docs/model.md#randomness): the user's shares (when,
/// and each item's size) apart from the transfers' upload times.
/// Held by the program that draws from them (`ShareSheet`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct ShareStreams {
    /// The user's shares: when each happens, its item's size (`share`).
    package var share: RandomStream
    /// The round trip of each transfer's upload (`network.share`).
    package var networkShare: RandomStream

    package init(replicationSeed seed: UInt64) {
        share = RandomStream(replicationSeed: seed, nameHash: Self.shareName)
        networkShare = RandomStream(replicationSeed: seed, nameHash: Self.networkShareName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let shareName = SeedMixer.nameHash("share")
    private static let networkShareName = SeedMixer.nameHash("network.share")
}
