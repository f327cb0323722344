import SimKernel
import SurfaceCore

/// The random streams of the other device's user (docs/model.md#randomness): its edits, its
/// deletions and its renames, each a source of its own, held by the other device's program
/// (`OtherDeviceState.rng`).
package struct OtherDeviceStreams {
    /// When its user makes a change (`elsewhere`).
    package var edits: RandomStream
    /// When its user deletes an object, and which (`elsewhere.deletes`).
    package var deletes: RandomStream
    /// When its user renames an object, and which (`elsewhere.renames`).
    package var renames: RandomStream

    package init(replicationSeed seed: UInt64) {
        edits = RandomStream(replicationSeed: seed, nameHash: Self.editsName)
        deletes = RandomStream(replicationSeed: seed, nameHash: Self.deletesName)
        renames = RandomStream(replicationSeed: seed, nameHash: Self.renamesName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let editsName = SeedMixer.nameHash("elsewhere")
    private static let deletesName = SeedMixer.nameHash("elsewhere.deletes")
    private static let renamesName = SeedMixer.nameHash("elsewhere.renames")
}
