import SimKernel

/// The instant version's own random stream (docs/model.md#randomness): its uses, and whether
/// and when a use leads to installing the full app.
/// Held by the program that draws from it (`InstantVersion`), seeded when the world is built
/// from the replication seed and the stream's own name, like the streams programs share
/// (`RandomStreams`): a design of the surface never shifts another source's draws.
struct InstantVersionStreams {
    /// The uses, the installs after a use and their delays (`instant`).
    var instant: RandomStream

    init(replicationSeed seed: UInt64) {
        instant = RandomStream(replicationSeed: seed, nameHash: Self.instantName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let instantName = SeedMixer.nameHash("instant")
}
