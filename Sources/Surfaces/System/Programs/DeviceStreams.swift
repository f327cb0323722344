import SimKernel
import SurfaceCore

/// The phone's own random streams (docs/model.md#randomness), each its own source, held by the
/// device program (`DeviceProcessState.rng`) and seeded by its name.
package struct DeviceStreams {
    /// Its locks and unlocks (`device.lock`).
    package var lock: RandomStream
    /// Its restarts (`device.restarts`), its offline periods (`device.network`), the app's
    /// updates (`device.updates`), its power-saving periods (`device.power`).
    package var restarts, network, updates, power: RandomStream
    /// Whether the locked phone moves (light Doze only) or lies still (`device.motion`,
    /// docs/model.md#power).
    package var motion: RandomStream
    /// The background scheduler's refreshes of the app (`scheduler`).
    package var scheduler: RandomStream

    package init(replicationSeed seed: UInt64) {
        let n = Self.names
        func s(_ hash: UInt64) -> RandomStream { RandomStream(replicationSeed: seed, nameHash: hash) }
        (lock, restarts, network, updates) = (s(n.lock), s(n.restarts), s(n.network), s(n.updates))
        (power, motion, scheduler) = (s(n.power), s(n.motion), s(n.scheduler))
    }

    /// The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let names = (
        lock: SeedMixer.nameHash("device.lock"), restarts: SeedMixer.nameHash("device.restarts"),
        network: SeedMixer.nameHash("device.network"), updates: SeedMixer.nameHash("device.updates"),
        power: SeedMixer.nameHash("device.power"), motion: SeedMixer.nameHash("device.motion"),
        scheduler: SeedMixer.nameHash("scheduler"))
}
