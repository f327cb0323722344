import SimKernel

/// One random stream per program for one source of randomness, by process index: stream k is
/// seeded by the name `prefix.<program k's name>` (`network.from.app`), so a program's draws
/// never depend on its place in the registration order and a program added after the
/// built-in ones reseeds no other (docs/model.md#randomness).
///
/// A program's stream is seeded when it is first drawn from: most programs never
/// draw from most families (a replication has seven families of nineteen streams), and a
/// stream's draws depend only on its seed, so seeding it later gives the same draws.
public struct ProgramStreams {
    /// A source of per-program streams: its name prefix and the name hashes of the registered
    /// programs' streams (in registration order, added surfaces' programs last), computed once.
    public struct Family: Sendable {
        let prefix: String
        @usableFromInline let hashes: [UInt64]

        public init(_ prefix: String, programNames: [String]) {
            self.prefix = prefix
            hashes = programNames.map { SeedMixer.nameHash("\(prefix).\($0)") }
        }
    }

    @usableFromInline let family: Family
    @usableFromInline let replicationSeed: UInt64
    /// By process index; nil until the stream is first drawn from (`subscript`).
    @usableFromInline var streams: [RandomStream?]

    /// The registered programs' streams of `family` in the replication seeded `seed`.
    public init(_ family: Family, replicationSeed seed: UInt64) {
        self.family = family
        replicationSeed = seed
        streams = Array(filledWith: nil, count: family.hashes.count)
    }

    /// The stream of the program at process index `i`.
    @inlinable
    public subscript(_ i: Int) -> RandomStream {
        @inline(__always) get { streams[i] ?? seeded(i) }
        @inline(__always) _modify {
            if streams[i] == nil { streams[i] = seeded(i) }
            yield &streams[i]!
        }
    }

    /// The stream of built-in program `i` as seeded at the start of the replication.
    @usableFromInline func seeded(_ i: Int) -> RandomStream {
        RandomStream(replicationSeed: replicationSeed, nameHash: family.hashes[i])
    }
}
