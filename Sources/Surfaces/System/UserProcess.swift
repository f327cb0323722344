import SimKernel
import Platform

/// What the user program accepts: its own timers, and word that the app came to the
/// foreground (a session starts).
enum UserInput {
    case open, end, edit, signOut, signOutNow
    /// Someone else opens the app on this phone (`signout.nextAccountAfter`), and signs in
    /// once they have typed their account's details.
    case signInAsSomeoneElse, signInAsSomeoneElseNow
    /// The television shows a sign-in code; later the user enters it in the phone's app.
    case seesTelevisionCode(Int32), entersTelevisionCode(Int32)
    /// The app came to the foreground (by the user, a link, a share or an action):
    /// `surfaceSeed` is nil for the user's own opens, else the seed of a session a surface opened.
    case sessionStarted(surfaceSeed: UInt64?)
    /// The user starts a drive (`car.lifetime = whileConnected`: the car's program is not
    /// running between drives, so the drives are the user's; the connection launches it).
    case drive
    /// The user starts a playback on the television from the phone (`tv.lifetime =
    /// whilePlaying`: the television's program is not running between playbacks; it launches it).
    case playback
    /// The user makes a change on the watch (`watch.lifetime = whenLooked`: the write launches the watch app).
    case watchWrite
    /// The user places an order in the app, which starts a live activity (its own timer,
    /// `live.activitiesPerDay`).
    case placesOrder
    /// The user taps a button in the widget (its own timer, `widget.buttonTaps.perDay`).
    case tapsWidgetButton
    /// An automation the user set up, or the user's spoken request, runs one of the app's
    /// actions (its own timer, `action.perDay`).
    case runsAction
}

/// The user of the phone (docs/model.md#main-app, `user.*`): opens the app at `user.appOpens`,
/// keeps it in the foreground for `user.sessionLength`, makes changes in it at
/// `user.inAppChanges` while it is open, and ends each session normally or with a
/// force-quit (`user.forceQuit`).
final class UserProcess: SimulatedProcess<UserInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var sessionEnd: SimTime = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var inSession = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// This session's own stream: its length, its edits and whether it ends in a force-quit.
    /// Each of the user's scheduled opens takes one seed from `rng.userSessions`, taken or not
    /// (an open is skipped while a surface holds the app in front), and each session a surface
    /// opens one from that surface's stream: no design shifts the draws of another's sessions.
    private var session = RandomStream(seed: 0)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The seed of the session the user's last scheduled open would start.
    private var nextOwnSessionSeed: UInt64? = nil
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The user signed out of the app (docs/model.md#sign-out): what they know, and so what they
    /// no longer do with it. Someone who signed out places no order, taps no widget button and
    /// asks for none of the app's actions; an automation they set up still runs on its own.
    private var hasSignedOut = false

    init(world: World) { self.world = world; os = world.os }
    override func discardMemory() {}

    func start() {
        scheduleOpen()
        if let t = world.p.signout.at { at(.signOut, t) }
        if world.p.live.enabled { scheduleOrder() }
        if world.p.widget.enabled && world.p.widget.buttonTapsPerDay > 0 { scheduleButtonTap() }
        if world.p.action.enabled { scheduleAction() }
    }

    /// The next order, from the activities' own stream (`rng.live`, which also draws each
    /// activity's plan and how it really runs).
    private func scheduleOrder() {
        world.scheduleArrival(perDay: world.p.live.activitiesPerDay, rng: &world.rng.live, .placesOrder, to: world.ids.user)
    }

    private func scheduleButtonTap() {
        world.scheduleArrival(perDay: world.p.widget.buttonTapsPerDay, rng: &world.rng.widgetButtons, .tapsWidgetButton, to: world.ids.user)
    }

    private func scheduleAction() {
        world.scheduleArrival(perDay: world.p.action.perDay, rng: &world.rng.action, .runsAction, to: world.ids.user)
    }

    /// The user places an order in the app: the order's planned length, and how long the
    /// activity behind it really takes (early or late against the plan, which a clock cannot
    /// know), go to the live status with the account the order is placed under: the user's own.
    func placeOrder() {
        guard !hasSignedOut else { return }
        let w = world
        let planned = max(Time.minute, w.p.live.activityLength.sampleTime(&w.rng.live))
        let actual = SimTime(Double(planned) * Math.exp(0.25 * w.rng.live.standardNormal()))
        w.send(.begin(ActivityPlan(planned: planned, actual: actual, account: .first)), to: w.ids.liveStatus)
    }

    /// The user asks for one of the app's actions, or an automation they left behind after
    /// signing out runs one with nobody there to continue in the app.
    func runAction() {
        world.send(.run(attended: !hasSignedOut), to: world.ids.automations)
    }

    private func at(_ event: UserInput, _ t: SimTime) {
        if t < world.p.duration { world.send(event, to: world.ids.user, at: t) }
    }

    private func scheduleOpen() {
        at(.open, PoissonArrivals.next(after: world.now, rate: world.p.user.appOpens, rng: &world.rng.user))
    }

    private func scheduleEdit() {
        let t = PoissonArrivals.next(after: world.now, rate: world.p.user.inAppChanges, rng: &session)
        if t < sessionEnd { at(.edit, t) }
    }

    override func receive(_ input: UserInput, engine: Engine) {
        let w = world
        switch input {
        case .drive:
            os.launchOrDeliver(.drive, to: w.ids.car, by: .system)   // the car connection launches the car's program
        case .playback:
            os.launchOrDeliver(.playback, to: w.ids.television, by: .user)   // the playback launches the television's program
        case .watchWrite:
            os.launchOrDeliver(.write, to: w.ids.watchApp, by: .user)   // the watch's system launches its app
        case .placesOrder:
            placeOrder()
            scheduleOrder()
        case .tapsWidgetButton:
            if !hasSignedOut { w.send(.buttonTap, to: w.ids.automations) }
            scheduleButtonTap()
        case .runsAction:
            runAction()
            scheduleAction()
        case .sessionStarted(let surfaceSeed):
            if !inSession {
                inSession = true
                let seed: UInt64
                if let surfaceSeed {
                    seed = surfaceSeed                    // a surface opened it (its own stream)
                } else if let own = nextOwnSessionSeed {
                    seed = own
                } else {
                    seed = w.rng.signOutVisit.next()       // the sign-out's own visit
                }
                nextOwnSessionSeed = nil
                session = RandomStream(seed: SeedMixer.mix(seed))
                let length = w.p.user.sessionLength.sampleTime(&session)
                sessionEnd = w.now + length
                at(.end, sessionEnd)
                scheduleEdit()
            }
        case .open:
            let seed = w.rng.userSessions.next()
            if !inSession && !os.appInForeground {
                nextOwnSessionSeed = seed
                os.openAppInForeground(.user)
            }
            scheduleOpen()
        case .signOut:
            // The user opens the app and finds the account settings…
            os.openAppInForeground(.user)
            at(.signOutNow, w.now + MainApp.signOutNavigation)
        case .signOutNow:
            // …and signs out there (reopening the app if the session ended meanwhile).
            if !os.appInForeground { os.openAppInForeground(.user) }
            hasSignedOut = true
            w.send(.signOut, to: w.ids.app)
            if let after = w.p.signout.nextAccountAfter { at(.signInAsSomeoneElse, w.now + after) }
        case .signInAsSomeoneElse:
            // Someone else opens the app and signs in with their own account (a family member,
            // a second account of the user's): docs/model.md#a-second-account.
            os.openAppInForeground(.user)
            at(.signInAsSomeoneElseNow, w.now + MainApp.signInNavigation)
        case .signInAsSomeoneElseNow:
            if !os.appInForeground { os.openAppInForeground(.user) }
            w.send(.signIn(account: .second), to: w.ids.app)
        case .seesTelevisionCode(let code):
            at(.entersTelevisionCode(code), w.now + w.p.tv.approvalDelay.sampleTime(&w.rng.tvSignIn))
        case .entersTelevisionCode(let code):
            // The user opens the app to approve the television (a session the television opened).
            if !os.appInForeground { os.openAppInForeground(.user, bySurface: w.ids.television.process) }
            w.send(.approveTelevisionCode(code), to: w.ids.app)
        case .edit:
            if inSession {
                w.send(.userEdits, to: w.ids.app)
                scheduleEdit()
            }
        case .end:
            inSession = false
            let forceQuit = session.bernoulli(w.p.user.forceQuit)
            os.userLeavesApp(endSession: .userEndsSession(forceQuit: forceQuit), at: w.ids.app)
        }
    }
}

/// What the person looking does that takes an event of its own.
enum GlanceInput {
    /// A glance at the watch (its own timer).
    case watchGlance
    /// The user looks at the home screen after leaving the app.
    case homeScreen
}

/// The person looking (docs/metrics.md): glances at each surface as a point process of its
/// own, and at the app while it is in the foreground. Glances at the widget and the app
/// change nothing, so the measurement layer takes them without events (`catchUpWidgetGlances`,
/// `catchUpAppGlances`); this process keeps the looks that do something: glances at the
/// watch (a look may bring its app up) and the look at the home screen after leaving the app.
final class GlanceProcess: SimulatedProcess<GlanceInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The measurement layer it reports to and never reads, held strongly as the world is.
    let measure: Measurement

    init(world: World) { self.world = world; measure = world.measure }
    override func discardMemory() {}

    func start() {
        measure.startWidgetGlances()
        if world.p.watch.enabled { scheduleWatchGlance() }
    }

    private func scheduleWatchGlance() {
        let w = world
        w.scheduleArrival(rate: w.p.observe.watchGlances, rng: &w.rng.glancesWatch, .watchGlance, to: w.ids.glances)
    }

    override func receive(_ input: GlanceInput, engine: Engine) {
        switch input {
        case .homeScreen:
            measure.compareWidgetWithApp()   // does the widget show older data than the app just did?
        case .watchGlance:
            glanceWatch()
            scheduleWatchGlance()
        }
    }

    /// Someone looks at the watch.
    private func glanceWatch() {
        let w = world
        guard w.p.watch.enabled else { return }
        if w.p.watch.lifetime == .whenLooked {
            w.os.launchOrDeliver(.glance, to: w.ids.watchApp, by: .user)     // a look brings the app up
        } else {
            w.send(.glance, to: w.ids.watchApp)
        }
    }
}

/// How the assembly wires the user program (`AssembledProgram`).
extension UserProcess: AssembledProgram {
    typealias Input = UserInput
    static var programName: String { "user" }
    /// The person's session with the app begins when the app is opened.
    static func hears(_ system: inout SystemWiring, at address: Address<UserInput>, _ p: Parameters) {
        system.sessionStarted = Route(to: address, as: { UserInput.sessionStarted(surfaceSeed: $0.surfaceSeed) })
    }
    /// At time 0: the user is there from time 0.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

extension Assembly {
    /// The user of this world (for its metrics and the chapter's probes).
    var user: UserProcess { program(UserProcess.self) }
}

/// How the assembly wires the glances program (`AssembledProgram`).
extension GlanceProcess: AssembledProgram {
    typealias Input = GlanceInput
    static var programName: String { "glances" }
    /// At time 0: the glances run from time 0.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}
