import SimKernel

/// The random streams the operating system draws from itself (docs/model.md#randomness): the
/// delays of the television's own pushes, the time a suspended app lives before it is reclaimed
/// and when the system ends an app kept running for an activity, each program's reads and writes
/// of shared storage, and the seeds of the sessions a surface opens in the app. Each is seeded by
/// its own stable name, as the world's are, so holding them here draws the same values.
struct SystemStreams {
    var pushTV, app, liveTermination: RandomStream
    /// By process index, for every program of `Assembly.programNames` (and any added after).
    var storageFrom, sessionsOpenedBy: [RandomStream]

    init(seed: UInt64) {
        let n = Names.shared
        func s(_ hash: UInt64) -> RandomStream { RandomStream(replicationSeed: seed, nameHash: hash) }
        pushTV = s(n.pushTV)
        app = s(n.app)
        liveTermination = s(n.liveTermination)
        storageFrom = n.storageFrom.map(s)
        sessionsOpenedBy = n.sessionsOpenedBy.map(s)
    }

    /// Gives the program registered after the built-in ones, named `name`, its own streams,
    /// seeded by that name like a built-in program's (docs/extending.md#programs).
    mutating func addProcess(named name: String, replicationSeed seed: UInt64) {
        storageFrom.append(RandomStream(replicationSeed: seed, name: "storage.from.\(name)"))
        sessionsOpenedBy.append(RandomStream(replicationSeed: seed, name: "user.sessions.openedBy.\(name)"))
    }

    /// The streams' name hashes, computed once rather than per replication.
    private struct Names {
        static let shared = Names()
        let pushTV = SeedMixer.nameHash("push.tv")
        let app = SeedMixer.nameHash("app")
        let liveTermination = SeedMixer.nameHash("live.termination")
        let storageFrom = Assembly.programNames.map { SeedMixer.nameHash("storage.from.\($0)") }
        let sessionsOpenedBy = Assembly.programNames.map { SeedMixer.nameHash("user.sessions.openedBy.\($0)") }
    }
}
