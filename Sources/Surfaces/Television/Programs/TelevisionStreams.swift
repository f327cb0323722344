import SimKernel
import SurfaceCore

/// The television app's own random stream (docs/model.md#randomness): its playbacks.
/// Held by the program that draws from it (`TelevisionApp`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct TelevisionStreams {
    /// The playbacks: when each begins and how long it lasts (`tv`).
    package var tv: RandomStream

    package init(replicationSeed seed: UInt64) {
        tv = RandomStream(replicationSeed: seed, nameHash: Self.tvName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let tvName = SeedMixer.nameHash("tv")
}
