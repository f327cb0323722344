import SimKernel

/// The random streams the operating system draws from itself (docs/model.md#randomness): each
/// program's requests' round trips over the network, the time a suspended app lives before it
/// is reclaimed and when the system ends an app kept running for an activity, each program's
/// reads and writes of shared storage, and the seeds of the sessions a surface opens in the
/// app, and the push service's draws for each sending program's pushes. Each is seeded by its own stable name (`network.from.app`), never by a program's place
/// in the registration order, so adding a program reseeds no other.
public struct SystemStreams {
    public var app, liveTermination: RandomStream
    /// By process index, for every program the assembly names (and any added after).
    public var networkFrom, storageFrom, sessionsOpenedBy: ProgramStreams
    /// The push service's draws for each sending program's writes: the phone's pushes' loss and
    /// delay, whether their wake is refused, and a standalone watch's pushes.
    public var pushFrom, pushWakeFrom, pushWatchFrom: ProgramStreams

    init(_ n: Names, seed: UInt64) {
        func s(_ hash: UInt64) -> RandomStream { RandomStream(replicationSeed: seed, nameHash: hash) }
        app = s(n.app)
        liveTermination = s(n.liveTermination)
        networkFrom = ProgramStreams(n.networkFrom, replicationSeed: seed)
        storageFrom = ProgramStreams(n.storageFrom, replicationSeed: seed)
        sessionsOpenedBy = ProgramStreams(n.sessionsOpenedBy, replicationSeed: seed)
        pushFrom = ProgramStreams(n.pushFrom, replicationSeed: seed)
        pushWakeFrom = ProgramStreams(n.pushWakeFrom, replicationSeed: seed)
        pushWatchFrom = ProgramStreams(n.pushWatchFrom, replicationSeed: seed)
    }

    /// The streams' name hashes for the programs whose streams are named `programNames` (in
    /// registration order; a program's name unless it was renamed): made once, not per replication.
    public struct Names: Sendable {
        let app = SeedMixer.nameHash("app")
        let liveTermination = SeedMixer.nameHash("live.termination")
        let networkFrom, storageFrom, sessionsOpenedBy: ProgramStreams.Family
        let pushFrom, pushWakeFrom, pushWatchFrom: ProgramStreams.Family

        public init(programNames: [String]) {
            networkFrom = ProgramStreams.Family("network.from", programNames: programNames)
            storageFrom = ProgramStreams.Family("storage.from", programNames: programNames)
            sessionsOpenedBy = ProgramStreams.Family("user.sessions.openedBy", programNames: programNames)
            pushFrom = ProgramStreams.Family("push.from", programNames: programNames)
            pushWakeFrom = ProgramStreams.Family("push.wake.from", programNames: programNames)
            pushWatchFrom = ProgramStreams.Family("push.watch.from", programNames: programNames)
        }
    }
}
