import SimKernel

/// The television app's own random stream (docs/model.md#randomness): its playbacks.
/// Held by the program that draws from it (`TelevisionApp`), seeded when the world is built
/// from the replication seed and the stream's own name, like the streams programs share
/// (`RandomStreams`): a design of the surface never shifts another source's draws.
struct TelevisionStreams {
    /// The playbacks: when each begins and how long it lasts (`tv`).
    var tv: RandomStream

    init(replicationSeed seed: UInt64) {
        tv = RandomStream(replicationSeed: seed, nameHash: Self.tvName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let tvName = SeedMixer.nameHash("tv")
}
