import SimKernel
import Platform

/// The user of the phone (SPEC §3.4, §4.1 `user.*`): opens the app at `user.appOpens`,
/// keeps it in the foreground for `user.sessionLength`, makes changes in it at
/// `user.inAppChanges` while it is open, and ends each session normally or with a
/// force-quit (`user.forceQuit`).
final class UserProcess: SimulatedProcess {
    typealias Message = Surfaces.Message
    /// The world outlives every program in it, so the reference is not counted.
    unowned(unsafe) let world: World
    enum Tag: Int32 { case open = 1, end, edit, signOut, signOutNow }
    private var sessionEnd: SimTime = 0
    private var inSession = false
    private var sessionOpenedBySurface = false

    init(world: World) { self.world = world }
    func discardMemory() {}

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

    func receive(_ message: Message, engine: Engine<Message>) {
        let w = world
        if case .surface(.tagValue(Self.sessionStartedTag, let bySurface)) = message {
            if !inSession {
                inSession = true
                sessionOpenedBySurface = bySurface != 0
                let length = sessionOpenedBySurface ? w.p.user.sessionLength.sampleTime(&w.rng.surfaceSessions)
                                                    : w.p.user.sessionLength.sampleTime(&w.rng.userSessions)
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
            let forceQuit = sessionOpenedBySurface ? w.rng.surfaceSessions.bernoulli(w.p.user.forceQuit)
                                                   : w.rng.userSessions.bernoulli(w.p.user.forceQuit)
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
/// own, and at the app while it is in the foreground.
final class GlanceProcess: SimulatedProcess {
    typealias Message = Surfaces.Message
    /// The world outlives every program in it, so the reference is not counted.
    unowned(unsafe) let world: World
    enum Tag: Int32 { case widget = 1, app, watch, live, car }

    init(world: World) { self.world = world }
    func discardMemory() {}

    func start() {
        let p = world.p
        world.startWidgetGlances()     // taken without events (World.catchUpWidgetGlances)
        if p.watch.enabled { schedule(.watch) }
    }

    private lazy var rates: [Rate] = {
        let o = world.p.observe
        return [o.widgetGlances, o.appGlances, o.watchGlances, o.liveGlances, o.carGlances]
    }()

    private func schedule(_ tag: Tag) {
        let w = world
        let rate = rates[Int(tag.rawValue) - 1]
        let t: SimTime
        switch tag {
        case .watch: t = PoissonArrivals.next(after: w.now, rate: rate, rng: &w.rng.glancesWatch)
        default: t = PoissonArrivals.next(after: w.now, rate: rate, rng: &w.rng.glancesApp)
        }
        if t < world.p.duration { world.engine.send(.timer(tag.rawValue), to: world.ids.glances, at: t) }
    }

    /// Message tags: the app came to the foreground, glances at it begin; the user looks at
    /// the home screen after leaving the app.
    static let appForegroundTag: Int32 = 50, homeScreenTag: Int32 = 51
    private var appGlancesScheduled = false

    func receive(_ message: Message, engine: Engine<Message>) {
        if case .surface(.tag(Self.homeScreenTag)) = message {
            world.compareWidgetWithApp()
            return
        }
        if case .surface(.tag(Self.appForegroundTag)) = message {
            if !appGlancesScheduled { appGlancesScheduled = true; schedule(.app) }
            return
        }
        guard case .timer(let raw) = message, let tag = Tag(rawValue: raw) else { return }
        let w = world
        switch tag {
        case .widget: return           // widget glances are not events (World.catchUpWidgetGlances)
        case .app:
            // Glances at the app happen only while it is in the foreground.
            guard w.appInForeground else { appGlancesScheduled = false; return }
            w.glance(w.appObserver)
        case .watch: w.glanceWatch()
        case .live, .car: break      // those surfaces schedule their own glances while shown
        }
        schedule(tag)
    }
}
