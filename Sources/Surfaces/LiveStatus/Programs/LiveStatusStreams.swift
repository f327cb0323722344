import SimKernel
import SurfaceCore

/// The live status's own random streams (docs/model.md#randomness): the delivery of its
/// updates apart from the glances at it. (The activities themselves are the user's: `live` in
/// `RandomStreams`, drawn by the user program.)
/// Held by the program that draws from them (`LiveStatus`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct LiveStatusStreams {
    /// The delivery (loss, delay) of each update (`live.delivery`).
    package var liveDelivery: RandomStream
    /// Glances at the live status (`glances.live`).
    package var liveGlances: RandomStream

    package init(replicationSeed seed: UInt64) {
        liveDelivery = RandomStream(replicationSeed: seed, nameHash: Self.liveDeliveryName)
        liveGlances = RandomStream(replicationSeed: seed, nameHash: Self.liveGlancesName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let liveDeliveryName = SeedMixer.nameHash("live.delivery")
    private static let liveGlancesName = SeedMixer.nameHash("glances.live")
}
