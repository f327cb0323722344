import SimKernel
import SurfaceCore

/// The watch app's own random stream (docs/model.md#randomness): the user's writes on the watch.
/// Held by the program that draws from it (`WatchApp`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct WatchStreams {
    /// The user's writes on the watch (`watch`).
    package var watch: RandomStream

    package init(replicationSeed seed: UInt64) {
        watch = RandomStream(replicationSeed: seed, nameHash: Self.watchName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let watchName = SeedMixer.nameHash("watch")
}
