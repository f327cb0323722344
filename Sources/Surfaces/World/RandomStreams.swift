import SimKernel
import Platform

/// The random streams the world's programs share (docs/model.md#randomness): one per source
/// of randomness, each seeded from the replication seed and its own stable name, so turning a
/// surface on or off, or changing a design, never changes the draws of the others. A surface's
/// own streams, drawn only by its programs, live in its folder and are held by those programs
/// (`CarStreams`, `TelevisionStreams`, `WatchStreams`, `WatchLinkStreams`, `ShareStreams`,
/// `InstantVersionStreams`, `LiveStatusStreams`, `WidgetHostStreams`, `WidgetProviderStreams`,
/// `BackendStreams`, `OtherDeviceStreams`, `DeviceStreams`); those the operating system draws are its own
/// (`SystemStreams`).
struct RandomStreams {
    /// The user's app opens (world); the seeds of the user's own sessions, one per scheduled open.
    var user, userSessions: RandomStream
    /// Glances at the watch (those at the widget and at the app are drawn by the measurement
    /// layer, which takes them without events: `DeferredGlances`).
    var glancesWatch: RandomStream
    /// Activities (world events, drawn by the user program; their delivery and the glances at
    /// them are the live status's own, `LiveStatusStreams`).
    var live: RandomStream
    /// The user's runs of actions, taps of widget buttons, approvals of a television's code.
    var action, widgetButtons, tvSignIn: RandomStream
    /// The seed of the user's visit to sign out.
    var signOutVisit: RandomStream

    init(seed: UInt64) {
        let n = StreamNameHashes.shared
        func s(_ hash: UInt64) -> RandomStream { RandomStream(replicationSeed: seed, nameHash: hash) }
        signOutVisit = s(n.signOutVisit)
        user = s(n.user)
        userSessions = s(n.userSessions)
        glancesWatch = s(n.glancesWatch)
        live = s(n.live)
        action = s(n.action)
        widgetButtons = s(n.widgetButtons)
        tvSignIn = s(n.tvSignIn)
    }
}

/// The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
/// `RandomStream(seed: mix(replicationSeed ^ hash))` is `RandomStream(replicationSeed:name:)`.
private struct StreamNameHashes {
    static let shared = StreamNameHashes()
    let user = SeedMixer.nameHash("user")
    let userSessions = SeedMixer.nameHash("user.sessions")
    let glancesWatch = SeedMixer.nameHash("glances.watch")
    let live = SeedMixer.nameHash("live")
    let action = SeedMixer.nameHash("action")
    let widgetButtons = SeedMixer.nameHash("widget.buttons")
    let tvSignIn = SeedMixer.nameHash("tv.signIn")
    let signOutVisit = SeedMixer.nameHash("user.signOutVisit")
}
