import SimKernel

/// One random stream per source of randomness (SPEC §2.2), each seeded from the
/// replication seed and its own stable name, so turning a surface on or off, or
/// changing a design, never changes the draws of the others.
struct RandomStreams {
    /// The user's app opens (world) apart from what happens in a session, apart from edits.
    var user, userSessions, userEdits, surfaceSessions: RandomStream
    /// Delays of the watch's and the television's own pushes, of the watch link, of transfers.
    var pushWatch, pushTV, networkWatch, networkShare: RandomStream
    var elsewhere, network, push, widget, app, storage, scheduler: RandomStream
    /// The device's locks, restarts, offline periods and updates, each its own source.
    var deviceLock, deviceRestarts, deviceNetwork, deviceUpdates: RandomStream
    /// Glances at each surface.
    var glancesWidget, glancesApp, glancesWatch: RandomStream
    /// Activities (world events) apart from their delivery (design), apart from glances at them.
    var live, liveDelivery, liveGlances: RandomStream
    /// The phone's reachability (world) apart from the user's writes on the watch.
    var watch, watchLink: RandomStream
    var share, action, widgetButtons, instant, car, tv, backend: RandomStream

    init(seed: UInt64) {
        func s(_ name: String) -> RandomStream { RandomStream(replicationSeed: seed, name: name) }
        user = s("user"); userSessions = s("user.sessions"); userEdits = s("user.edits")
        surfaceSessions = s("user.sessions.bySurface")
        pushWatch = s("push.watch"); pushTV = s("push.tv"); networkWatch = s("network.watch"); networkShare = s("network.share")
        elsewhere = s("elsewhere"); network = s("network"); push = s("push")
        widget = s("widget"); app = s("app"); storage = s("storage"); scheduler = s("scheduler")
        deviceLock = s("device.lock"); deviceRestarts = s("device.restarts")
        deviceNetwork = s("device.network"); deviceUpdates = s("device.updates")
        glancesWidget = s("glances.widget"); glancesApp = s("glances.app"); glancesWatch = s("glances.watch")
        live = s("live"); liveDelivery = s("live.delivery"); liveGlances = s("glances.live")
        watch = s("watch"); watchLink = s("watch.link"); share = s("share"); action = s("action"); widgetButtons = s("widget.buttons")
        instant = s("instant"); car = s("car"); tv = s("tv"); backend = s("backend")
    }
}
