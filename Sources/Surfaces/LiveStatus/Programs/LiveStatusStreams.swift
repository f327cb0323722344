import SimKernel
import SurfaceCore

/// The live status's own random stream (docs/model.md#randomness): the delivery of its
/// updates. (The activities themselves are the user's: `live` in `RandomStreams`, drawn by the
/// user program; the glances at the lock screen the measurement layer's: `glances.live` in
/// `LiveStatusSignals`.)
/// Held by the program that draws from them (`LiveStatus`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct LiveStatusStreams {
    /// The delivery (loss, delay) of each update (`live.delivery`).
    package var liveDelivery: RandomStream

    package init(replicationSeed seed: UInt64) {
        liveDelivery = RandomStream(replicationSeed: seed, nameHash: Self.liveDeliveryName)
    }

    // The stream's name hash (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let liveDeliveryName = SeedMixer.nameHash("live.delivery")
}
