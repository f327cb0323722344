import SimKernel

/// One random stream per source of randomness (docs/model.md#randomness), each seeded from the
/// replication seed and its own stable name, so turning a surface on or off, or
/// changing a design, never changes the draws of the others.
struct RandomStreams {
    /// The user's app opens (world); the seeds of the user's own sessions, one per scheduled open.
    var user, userSessions: RandomStream
    /// Delays of the television's own pushes, of the watch link, of transfers.
    var pushTV, networkWatch, networkShare: RandomStream
    var elsewhere, widget, app, scheduler: RandomStream
    /// The device's locks, restarts, offline periods and updates, each its own source.
    var deviceLock, deviceRestarts, deviceNetwork, deviceUpdates, devicePower: RandomStream
    /// Glances at each surface.
    var glancesWidget, glancesApp, glancesWatch: RandomStream
    /// Activities (world events) apart from their delivery (design), apart from glances at them.
    var live, liveDelivery, liveGlances: RandomStream
    /// The phone's reachability (world) apart from the user's writes on the watch.
    var watch, watchLink: RandomStream
    var share, action, widgetButtons, instant, car, tv, tvSignIn: RandomStream
    /// The seed of the user's visit to sign out; the other device's deletions
    /// apart from its edits; glances at the car apart from the drives; the system ending an
    /// app kept running for an activity, apart from its reclaiming a suspended app.
    var signOutVisit, elsewhereDeletes, glancesCar, liveTermination: RandomStream
    /// The other device's renames apart from its deletions; the user's opens of the widget gallery.
    var elsewhereRenames, widgetGallery: RandomStream
    /// Whether the locked phone moves (light Doze only) or lies still (docs/model.md#power).
    var deviceMotion: RandomStream
    /// Each process's own requests' round trips, by process index; each stream is seeded by
    /// the program's name (`network.from.app`), never by its place in the registration order,
    /// so adding a program reseeds no other: one program's traffic never shifts another's draws.
    var networkFrom: [RandomStream]
    /// The seeds of sessions a surface opened (their lengths, edits, force-quits), by that surface's process index.
    var sessionsOpenedBy: [RandomStream]
    /// Each process's reads and writes of shared storage, the backend's time applying each
    /// process's writes, the delivery (loss, delay) of the silent push each process's writes
    /// make the backend send, and whether that push's wake is refused, by process index.
    var storageFrom, backendFrom, pushFrom, pushWakeFrom: [RandomStream]
    /// The delivery (loss, delay) of the push a standalone watch gets for each process's
    /// writes, by process index (docs/model.md#watch-reachability).
    var pushWatchFrom: [RandomStream]
    /// The widget host's reload delays, by the reload's reason (a widget button's reloads
    /// never shift those the app asks for).
    var reloadDelayFor: [RandomStream]

    /// Processes with streams of their own in the per-process arrays above: every program
    /// of `Assembly.programNames`, in that order.
    static var processCapacity: Int { Assembly.programNames.count }

    /// Gives the program registered after the built-in ones, named `name`, its own streams
    /// in every per-process array, seeded by that name like a built-in program's, so an
    /// added program reseeds none of the others (docs/extending.md#programs).
    mutating func addProcess(named name: String, replicationSeed seed: UInt64) {
        func s(_ prefix: String) -> RandomStream { RandomStream(replicationSeed: seed, name: "\(prefix).\(name)") }
        networkFrom.append(s("network.from"))
        sessionsOpenedBy.append(s("user.sessions.openedBy"))
        storageFrom.append(s("storage.from"))
        backendFrom.append(s("backend.from"))
        pushFrom.append(s("push.from"))
        pushWakeFrom.append(s("push.wake.from"))
        pushWatchFrom.append(s("push.watch.from"))
    }

    init(seed: UInt64) {
        let n = StreamNameHashes.shared
        func s(_ hash: UInt64) -> RandomStream { RandomStream(seed: SeedMixer.mix(seed ^ hash)) }
        signOutVisit = s(n.signOutVisit)
        elsewhereDeletes = s(n.elsewhereDeletes)
        glancesCar = s(n.glancesCar)
        liveTermination = s(n.liveTermination)
        elsewhereRenames = s(n.elsewhereRenames)
        widgetGallery = s(n.widgetGallery)
        deviceMotion = s(n.deviceMotion)
        networkFrom = n.networkFrom.map(s)
        sessionsOpenedBy = n.sessionsOpenedBy.map(s)
        storageFrom = n.storageFrom.map(s)
        backendFrom = n.backendFrom.map(s)
        pushFrom = n.pushFrom.map(s)
        pushWakeFrom = n.pushWakeFrom.map(s)
        pushWatchFrom = n.pushWatchFrom.map(s)
        reloadDelayFor = n.reloadDelayFor.map(s)
        user = s(n.user)
        userSessions = s(n.userSessions)
        pushTV = s(n.pushTV)
        networkWatch = s(n.networkWatch)
        networkShare = s(n.networkShare)
        elsewhere = s(n.elsewhere)
        widget = s(n.widget)
        app = s(n.app)
        scheduler = s(n.scheduler)
        deviceLock = s(n.deviceLock)
        deviceRestarts = s(n.deviceRestarts)
        deviceNetwork = s(n.deviceNetwork)
        deviceUpdates = s(n.deviceUpdates)
        devicePower = s(n.devicePower)
        glancesWidget = s(n.glancesWidget)
        glancesApp = s(n.glancesApp)
        glancesWatch = s(n.glancesWatch)
        live = s(n.live)
        liveDelivery = s(n.liveDelivery)
        liveGlances = s(n.liveGlances)
        watch = s(n.watch)
        watchLink = s(n.watchLink)
        share = s(n.share)
        action = s(n.action)
        widgetButtons = s(n.widgetButtons)
        instant = s(n.instant)
        car = s(n.car)
        tv = s(n.tv)
        tvSignIn = s(n.tvSignIn)
    }
}

/// The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
/// `RandomStream(seed: mix(replicationSeed ^ hash))` is `RandomStream(replicationSeed:name:)`.
private struct StreamNameHashes {
    static let shared = StreamNameHashes()
    let user = SeedMixer.nameHash("user")
    let userSessions = SeedMixer.nameHash("user.sessions")
    let pushTV = SeedMixer.nameHash("push.tv")
    let networkWatch = SeedMixer.nameHash("network.watch")
    let networkShare = SeedMixer.nameHash("network.share")
    let elsewhere = SeedMixer.nameHash("elsewhere")
    let widget = SeedMixer.nameHash("widget")
    let app = SeedMixer.nameHash("app")
    let scheduler = SeedMixer.nameHash("scheduler")
    let deviceLock = SeedMixer.nameHash("device.lock")
    let deviceRestarts = SeedMixer.nameHash("device.restarts")
    let deviceNetwork = SeedMixer.nameHash("device.network")
    let deviceUpdates = SeedMixer.nameHash("device.updates")
    let devicePower = SeedMixer.nameHash("device.power")
    let deviceMotion = SeedMixer.nameHash("device.motion")
    let glancesWidget = SeedMixer.nameHash("glances.widget")
    let glancesApp = SeedMixer.nameHash("glances.app")
    let glancesWatch = SeedMixer.nameHash("glances.watch")
    let live = SeedMixer.nameHash("live")
    let liveDelivery = SeedMixer.nameHash("live.delivery")
    let liveGlances = SeedMixer.nameHash("glances.live")
    let watch = SeedMixer.nameHash("watch")
    let watchLink = SeedMixer.nameHash("watch.link")
    let share = SeedMixer.nameHash("share")
    let action = SeedMixer.nameHash("action")
    let widgetButtons = SeedMixer.nameHash("widget.buttons")
    let instant = SeedMixer.nameHash("instant")
    let car = SeedMixer.nameHash("car")
    let tv = SeedMixer.nameHash("tv")
    let tvSignIn = SeedMixer.nameHash("tv.signIn")
    let signOutVisit = SeedMixer.nameHash("user.signOutVisit")
    let elsewhereDeletes = SeedMixer.nameHash("elsewhere.deletes")
    let glancesCar = SeedMixer.nameHash("glances.car")
    let liveTermination = SeedMixer.nameHash("live.termination")
    let elsewhereRenames = SeedMixer.nameHash("elsewhere.renames")
    let widgetGallery = SeedMixer.nameHash("widget.gallery")
    let networkFrom = perProcess("network.from")
    let sessionsOpenedBy = perProcess("user.sessions.openedBy")
    let storageFrom = perProcess("storage.from")
    let backendFrom = perProcess("backend.from")
    let pushFrom = perProcess("push.from")
    let pushWakeFrom = perProcess("push.wake.from")
    let pushWatchFrom = perProcess("push.watch.from")
    let reloadDelayFor = ReloadReason.allCases.map { SeedMixer.nameHash("widget.reloadDelay.\($0)") }

    /// `prefix.backend`, `prefix.pushService`, … for every program, by its process index.
    private static func perProcess(_ prefix: String) -> [UInt64] {
        Assembly.programNames.map { SeedMixer.nameHash("\(prefix).\($0)") }
    }
}
