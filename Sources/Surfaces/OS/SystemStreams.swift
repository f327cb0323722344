import SimKernel

/// The random streams the operating system draws from itself (docs/model.md#randomness): each
/// program's requests' round trips over the network, the delays of the television's own pushes, the time a suspended app lives before it is reclaimed
/// and when the system ends an app kept running for an activity, each program's reads and writes
/// of shared storage, and the seeds of the sessions a surface opens in the app. Each is seeded by
/// its own stable name (`network.from.app`), never by a program's place in the registration
/// order, so adding a program reseeds no other.
struct SystemStreams {
    var pushTV, app, liveTermination: RandomStream
    /// By process index, for every program of `Assembly.programNames` (and any added after).
    var networkFrom, storageFrom, sessionsOpenedBy: ProgramStreams

    init(seed: UInt64) {
        let n = Names.shared
        func s(_ hash: UInt64) -> RandomStream { RandomStream(replicationSeed: seed, nameHash: hash) }
        pushTV = s(n.pushTV)
        app = s(n.app)
        liveTermination = s(n.liveTermination)
        networkFrom = ProgramStreams(n.networkFrom, replicationSeed: seed)
        storageFrom = ProgramStreams(n.storageFrom, replicationSeed: seed)
        sessionsOpenedBy = ProgramStreams(n.sessionsOpenedBy, replicationSeed: seed)
    }

    /// Gives the program registered after the built-in ones, named `name`, its own streams,
    /// seeded by that name like a built-in program's (docs/extending.md#programs).
    mutating func addProcess(named name: String) {
        networkFrom.addProgram(named: name)
        storageFrom.addProgram(named: name)
        sessionsOpenedBy.addProgram(named: name)
    }

    /// The streams' name hashes, computed once rather than per replication.
    private struct Names {
        static let shared = Names()
        let pushTV = SeedMixer.nameHash("push.tv")
        let app = SeedMixer.nameHash("app")
        let liveTermination = SeedMixer.nameHash("live.termination")
        let networkFrom = ProgramStreams.Family("network.from")
        let storageFrom = ProgramStreams.Family("storage.from")
        let sessionsOpenedBy = ProgramStreams.Family("user.sessions.openedBy")
    }
}
