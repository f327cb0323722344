import SimKernel
import SurfaceCore

/// The car surface's own random stream (docs/model.md#randomness): its drives. (The glances
/// at its screen during them draw from `glances.car`, the measurement layer's: `ObservedSurface.car`.)
/// Held by the program that draws from them (`CarSurface`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct CarStreams {
    /// The drives: when each begins and how long it lasts (`car`).
    package var car: RandomStream

    package init(replicationSeed seed: UInt64) {
        car = RandomStream(replicationSeed: seed, nameHash: Self.carName)
    }

    // The streams' name hash (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let carName = SeedMixer.nameHash("car")
}
