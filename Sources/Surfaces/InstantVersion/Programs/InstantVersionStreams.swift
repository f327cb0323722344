import SimKernel
import SurfaceCore

/// The instant version's own random stream (docs/model.md#randomness): its uses, and whether
/// and when a use leads to installing the full app.
/// Held by the program that draws from it (`InstantVersion`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct InstantVersionStreams {
    /// The uses, the installs after a use and their delays (`instant`).
    package var instant: RandomStream

    package init(replicationSeed seed: UInt64) {
        instant = RandomStream(replicationSeed: seed, nameHash: Self.instantName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let instantName = SeedMixer.nameHash("instant")
}
