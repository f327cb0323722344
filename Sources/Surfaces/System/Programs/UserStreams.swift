import SimKernel
import SurfaceCore

/// The user's own random streams (docs/model.md#randomness), each its own source, held by the
/// user program (`UserState.rng`) and seeded by its name.
package struct UserStreams {
    /// The user's app opens (`user`); the seeds of the user's own sessions, one per scheduled
    /// open (`user.sessions`).
    package var user, userSessions: RandomStream
    /// Activities: when the user places an order, each activity's plan and how it really runs
    /// (`live`; their delivery and the glances at them are the live status's own).
    package var live: RandomStream
    /// The user's runs of actions (`action`), taps of widget buttons (`widget.buttons`),
    /// approvals of a television's code (`tv.signIn`).
    package var action, widgetButtons, tvSignIn: RandomStream
    /// The seed of the user's visit to sign out (`user.signOutVisit`).
    package var signOutVisit: RandomStream

    package init(replicationSeed seed: UInt64) {
        let n = Self.names
        func s(_ hash: UInt64) -> RandomStream { RandomStream(replicationSeed: seed, nameHash: hash) }
        (user, userSessions, live) = (s(n.user), s(n.userSessions), s(n.live))
        (action, widgetButtons, tvSignIn, signOutVisit) = (s(n.action), s(n.widgetButtons), s(n.tvSignIn), s(n.signOutVisit))
    }

    /// The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let names = (
        user: SeedMixer.nameHash("user"), userSessions: SeedMixer.nameHash("user.sessions"), live: SeedMixer.nameHash("live"),
        action: SeedMixer.nameHash("action"), widgetButtons: SeedMixer.nameHash("widget.buttons"),
        tvSignIn: SeedMixer.nameHash("tv.signIn"), signOutVisit: SeedMixer.nameHash("user.signOutVisit"))
}
