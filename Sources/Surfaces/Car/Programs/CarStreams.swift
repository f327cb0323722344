import SimKernel
import SurfaceCore

/// The car surface's own random streams (docs/model.md#randomness): its drives apart from
/// the glances at the car's screen during them.
/// Held by the program that draws from them (`CarSurface`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct CarStreams {
    /// The drives: when each begins and how long it lasts (`car`).
    package var car: RandomStream
    /// Glances at the car's screen during a drive (`glances.car`).
    package var glancesCar: RandomStream

    package init(replicationSeed seed: UInt64) {
        car = RandomStream(replicationSeed: seed, nameHash: Self.carName)
        glancesCar = RandomStream(replicationSeed: seed, nameHash: Self.glancesCarName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let carName = SeedMixer.nameHash("car")
    private static let glancesCarName = SeedMixer.nameHash("glances.car")
}
