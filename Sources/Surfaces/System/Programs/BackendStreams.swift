import SimKernel
import Platform
import SurfaceCore

/// The backend's own random streams (docs/model.md#randomness), held by the backend
/// (`BackendState.rng`), seeded like every stream from the replication seed and a name.
package struct BackendStreams {
    /// The delay of the revocation the backend's connection to the television carries (`push.tv`).
    package var pushTV: RandomStream
    /// The backend's time applying each process's writes, by process index (`backend.from.<program>`).
    package var backendFrom: ProgramStreams

    package init(replicationSeed seed: UInt64) {
        pushTV = RandomStream(replicationSeed: seed, nameHash: Self.pushTVName)
        backendFrom = ProgramStreams(Self.backendFromNames, replicationSeed: seed)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let pushTVName = SeedMixer.nameHash("push.tv")
    private static let backendFromNames = ProgramStreams.Family("backend.from", programNames: SurfaceRegistry.streamNames)
}
