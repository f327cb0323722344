import SimKernel
import Platform

/// The user of the phone (SPEC §3.4, §4.1 `user.*`): opens the app at `user.appOpens`,
/// keeps it in the foreground for `user.sessionLength`, makes changes in it at
/// `user.inAppChanges` while it is open, and ends each session normally or with a
/// force-quit (`user.forceQuit`).
final class UserProcess: SimulatedProcess<Surfaces.Message> {
    typealias Message = Surfaces.Message
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    enum Tag: Int32 { case open = 1, end, edit, signOut, signOutNow }
    private var sessionEnd: SimTime = 0
    private var inSession = false
    /// The process index of the surface that opened this session (nil: the user did).
    private var sessionOpenedBy: Int? = nil

    init(world: World) { self.world = world }
    override func discardMemory() {}

    func start() {
        scheduleOpen()
        if let t = world.p.signout.at { at(.signOut, t) }
    }

    private func at(_ tag: Tag, _ t: SimTime) {
        if t < world.p.duration { world.engine.send(.timer(tag.rawValue), to: world.ids.user, at: t) }
    }

    private func scheduleOpen() {
        at(.open, PoissonArrivals.next(after: world.now, rate: world.p.user.appOpens, rng: &world.rng.user))
    }

    private func scheduleEdit() {
        let t = PoissonArrivals.next(after: world.now, rate: world.p.user.inAppChanges, rng: &world.rng.userEdits)
        if t < sessionEnd { at(.edit, t) }
    }

    /// Message tag: the app came to the foreground (by the user, a link, a share or an action).
    static let sessionStartedTag: Int32 = 70

    override func receive(_ message: Message, engine: Engine<Message>) {
        let w = world
        if case .surface(.tagValue(Self.sessionStartedTag, let bySurface)) = message {
            if !inSession {
                inSession = true
                sessionOpenedBy = bySurface > 0 ? Int(bySurface - 1) : nil
                let length = sessionOpenedBy.map { w.p.user.sessionLength.sampleTime(&w.rng.sessionsOpenedBy[$0]) }
                    ?? w.p.user.sessionLength.sampleTime(&w.rng.userSessions)
                sessionEnd = w.now + length
                at(.end, sessionEnd)
                scheduleEdit()
            }
            return
        }
        guard case .timer(let raw) = message, let tag = Tag(rawValue: raw) else { return }
        switch tag {
        case .open:
            if !inSession && !w.appInForeground { w.openAppInForeground(.user) }
            scheduleOpen()
        case .signOut:
            // The user opens the app and finds the account settings…
            w.openAppInForeground(.user)
            at(.signOutNow, w.now + World.signOutNavigation)
        case .signOutNow:
            // …and signs out there (reopening the app if the session ended meanwhile).
            if !w.appInForeground { w.openAppInForeground(.user) }
            w.engine.send(.surface(.tag(MainApp.signOutTag)), to: w.ids.app)
        case .edit:
            if inSession {
                w.engine.send(.userEdits, to: w.ids.app)
                scheduleEdit()
            }
        case .end:
            inSession = false
            let forceQuit = sessionOpenedBy.map { w.rng.sessionsOpenedBy[$0].bernoulli(w.p.user.forceQuit) }
                ?? w.rng.userSessions.bernoulli(w.p.user.forceQuit)
            if w.appInForeground {
                if w.engine.isRunning(w.ids.app) {
                    w.engine.send(.userEndsSession(forceQuit: forceQuit), to: w.ids.app)
                } else {
                    w.appInForeground = false   // the app died under the user (a restart)
                }
            }
        }
    }
}

/// The person looking (SPEC §2.4): glances at each surface as a point process of its
/// own, and at the app while it is in the foreground. Glances at the widget and the app
/// change nothing, so the world takes them without events (`catchUpWidgetGlances`,
/// `catchUpAppGlances`); this process keeps the looks that do something: glances at the
/// watch (a look may bring its app up) and the look at the home screen after leaving the app.
final class GlanceProcess: SimulatedProcess<Surfaces.Message> {
    typealias Message = Surfaces.Message
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// Timer tag: a glance at the watch.
    static let watchGlanceTag: Int32 = 3

    init(world: World) { self.world = world }
    override func discardMemory() {}

    func start() {
        world.startWidgetGlances()
        if world.p.watch.enabled { scheduleWatchGlance() }
    }

    private func scheduleWatchGlance() {
        let w = world
        w.scheduleArrival(rate: w.p.observe.watchGlances, rng: &w.rng.glancesWatch, .timer(Self.watchGlanceTag), to: w.ids.glances)
    }

    /// Message tag: the user looks at the home screen after leaving the app.
    static let homeScreenTag: Int32 = 51

    override func receive(_ message: Message, engine: Engine<Message>) {
        switch message {
        case .surface(.tag(Self.homeScreenTag)):
            world.compareWidgetWithApp()
        case .timer(Self.watchGlanceTag):
            world.glanceWatch()
            scheduleWatchGlance()
        default:
            break
        }
    }
}
