import SimKernel

/// The watch app's own random stream (docs/model.md#randomness): the user's writes on the watch.
/// Held by the program that draws from it (`WatchApp`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
struct WatchStreams {
    /// The user's writes on the watch (`watch`).
    var watch: RandomStream

    init(replicationSeed seed: UInt64) {
        watch = RandomStream(replicationSeed: seed, nameHash: Self.watchName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let watchName = SeedMixer.nameHash("watch")
}

/// The watch link's own random streams (docs/model.md#watch-reachability): the phone's
/// reachability from the watch apart from the delay of each hop over the link.
/// Held by the program that draws from them (`WatchLink`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
struct WatchLinkStreams {
    /// When the phone goes out of the watch's reach and for how long (`watch.link`).
    var watchLink: RandomStream
    /// The delay of one hop over the link, either way (`network.watch`).
    var networkWatch: RandomStream

    init(replicationSeed seed: UInt64) {
        watchLink = RandomStream(replicationSeed: seed, nameHash: Self.watchLinkName)
        networkWatch = RandomStream(replicationSeed: seed, nameHash: Self.networkWatchName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let watchLinkName = SeedMixer.nameHash("watch.link")
    private static let networkWatchName = SeedMixer.nameHash("network.watch")
}
