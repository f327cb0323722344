import SimKernel

/// One random stream per program for one source of randomness, by process index: stream k is
/// seeded by the name `prefix.<program k's name>` (`network.from.app`), so a program's draws
/// never depend on its place in the registration order and a program added after the
/// built-in ones reseeds no other (docs/model.md#randomness).
struct ProgramStreams {
    /// A source of per-program streams: its name prefix and the name hashes of the built-in
    /// programs' streams (`Assembly.programNames`, in order), computed once.
    struct Family: Sendable {
        let prefix: String
        let builtInHashes: [UInt64]

        init(_ prefix: String) {
            self.prefix = prefix
            builtInHashes = Assembly.programNames.map { SeedMixer.nameHash("\(prefix).\($0)") }
        }
    }

    private let prefix: String
    private var streams: [RandomStream]

    /// The built-in programs' streams of `family` in the replication seeded `seed`.
    init(_ family: Family, replicationSeed seed: UInt64) {
        prefix = family.prefix
        streams = family.builtInHashes.map { RandomStream(replicationSeed: seed, nameHash: $0) }
    }

    /// Adds the stream of the program registered next, named `name` (docs/extending.md#programs).
    mutating func addProgram(named name: String, replicationSeed seed: UInt64) {
        streams.append(RandomStream(replicationSeed: seed, name: "\(prefix).\(name)"))
    }

    /// The stream of the program at process index `i`.
    subscript(_ i: Int) -> RandomStream {
        @inline(__always) get { streams[i] }
        @inline(__always) _modify { yield &streams[i] }
    }
}
