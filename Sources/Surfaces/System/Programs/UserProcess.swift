import SimKernel
import Platform
import SurfaceCore

/// The user of the phone (docs/model.md#main-app, `user.*`): opens the app at `user.appOpens`,
/// keeps it in the foreground for `user.sessionLength`, makes changes in it at
/// `user.inAppChanges` while it is open, and ends each session normally or with a
/// force-quit (`user.forceQuit`).
package final class UserProcess: SurfaceProgram<UserInput, UserState, UserPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let appLaunch: AppLaunchService
    package let device: DeviceService
    package let arrivals: WorldArrivals
    package let personAndPhone: PersonAndPhone
    /// The study's parameters: the user's habits (`user.*`) and what they do with each surface
    /// the app has (orders, widget buttons, actions, the television's code, signing out):
    /// its setup's, read in place (a copy would retain and release every reference they hold).
    package var p: Parameters {
        _read { yield setup.parameters }
    }
    private let setup: ProgramSetup

    package init(_ setup: ProgramSetup) {
        appLaunch = setup.platform.appLaunch
        device = setup.platform.device
        arrivals = setup.platform.arrivals
        personAndPhone = setup.platform.personAndPhone
        self.setup = setup
        super.init(setup, state: UserState(rng: UserStreams(replicationSeed: setup.seed)))
    }
    package override func discardMemory() {}

    /// Time the user takes from opening the app to the sign-out button.
    package static let signOutNavigation: SimTime = 30 * Time.second
    /// Time someone else takes from opening the signed-out app to being signed in with their
    /// own account (docs/model.md#a-second-account).
    package static let signInNavigation: SimTime = 30 * Time.second

    package func start() {
        scheduleOpen()
        if let t = p.signout.at { at(.signOut, t) }
        if p.live.enabled { scheduleOrder() }
        if p.widget.enabled && p.widget.buttonTapsPerDay > 0 { scheduleButtonTap() }
        if p.action.enabled { scheduleAction() }
    }

    /// The next order, from the activities' own stream (`rng.live`, which also draws each
    /// activity's plan and how it really runs).
    private func scheduleOrder() {
        arrivals.schedule(perDay: p.live.activitiesPerDay, rng: &state.rng.live, .placesOrder, to: context.me)
    }

    private func scheduleButtonTap() {
        arrivals.schedule(perDay: p.widget.buttonTapsPerDay, rng: &state.rng.widgetButtons, .tapsWidgetButton, to: context.me)
    }

    private func scheduleAction() {
        arrivals.schedule(perDay: p.action.perDay, rng: &state.rng.action, .runsAction, to: context.me)
    }

    /// The user places an order in the app: the order's planned length, and how long the
    /// activity behind it really takes (early or late against the plan, which a clock cannot
    /// know), go to the live status with the account the order is placed under: the user's own.
    package func placeOrder() {
        guard !state.hasSignedOut else { return }
        let planned = max(Time.minute, p.live.activityLength.sampleTime(&state.rng.live))
        let actual = SimTime(Double(planned) * Math.exp(0.25 * state.rng.live.standardNormal()))
        context.send(.begin(ActivityPlan(planned: planned, actual: actual, account: .first)), to: ports.liveStatus)
    }

    /// The user asks for one of the app's actions, or an automation they left behind after
    /// signing out runs one with nobody there to continue in the app.
    package func runAction() {
        context.send(.run(attended: !state.hasSignedOut), to: ports.automations)
    }

    private func at(_ event: UserInput, _ t: SimTime) {
        if t < p.duration { context.at(t, event) }
    }

    private func scheduleOpen() {
        at(.open, PoissonArrivals.next(after: context.now, rate: p.user.appOpens, rng: &state.rng.user))
    }

    private func scheduleEdit() {
        let t = PoissonArrivals.next(after: context.now, rate: p.user.inAppChanges, rng: &state.session)
        if t < state.sessionEnd { at(.edit, t) }
    }

    package override func receive(_ input: UserInput) {
        switch input {
        case .drive:
            appLaunch.launchOrDeliver(.drive, to: ports.car, by: .system)   // the car connection launches the car's program
        case .playback:
            appLaunch.launchOrDeliver(.playback, to: ports.television, by: .user)   // the playback launches the television's program
        case .watchWrite:
            appLaunch.launchOrDeliver(.write, to: ports.watchApp, by: .user)   // the watch's system launches its app
        case .placesOrder:
            placeOrder()
            scheduleOrder()
        case .tapsWidgetButton:
            if !state.hasSignedOut { context.send(.buttonTap, to: ports.automations) }
            scheduleButtonTap()
        case .runsAction:
            runAction()
            scheduleAction()
        case .sessionStarted(let surfaceSeed):
            if !state.inSession {
                state.inSession = true
                let seed: UInt64
                if let surfaceSeed {
                    seed = surfaceSeed                    // a surface opened it (its own stream)
                } else if let own = state.nextOwnSessionSeed {
                    seed = own
                } else {
                    seed = state.rng.signOutVisit.next()       // the sign-out's own visit
                }
                state.nextOwnSessionSeed = nil
                state.session = RandomStream(seed: SeedMixer.mix(seed))
                let length = p.user.sessionLength.sampleTime(&state.session)
                state.sessionEnd = context.now + length
                at(.end, state.sessionEnd)
                scheduleEdit()
            }
        case .open:
            let seed = state.rng.userSessions.next()
            if !state.inSession && !device.appInForeground {
                state.nextOwnSessionSeed = seed
                appLaunch.openAppInForeground(.user)
            }
            scheduleOpen()
        case .signOut:
            // The user opens the app and finds the account settings…
            appLaunch.openAppInForeground(.user)
            at(.signOutNow, context.now + Self.signOutNavigation)
        case .signOutNow:
            // …and signs out there (reopening the app if the session ended meanwhile).
            if !device.appInForeground { appLaunch.openAppInForeground(.user) }
            state.hasSignedOut = true
            context.send(.signOut, to: ports.app)
            if let after = p.signout.nextAccountAfter { at(.signInAsSomeoneElse, context.now + after) }
        case .signInAsSomeoneElse:
            // Someone else opens the app and signs in with their own account (a family member,
            // a second account of the user's): docs/model.md#a-second-account.
            appLaunch.openAppInForeground(.user)
            at(.signInAsSomeoneElseNow, context.now + Self.signInNavigation)
        case .signInAsSomeoneElseNow:
            if !device.appInForeground { appLaunch.openAppInForeground(.user) }
            context.send(.signIn(account: .second), to: ports.app)
        case .seesTelevisionCode(let code):
            at(.entersTelevisionCode(code), context.now + p.tv.approvalDelay.sampleTime(&state.rng.tvSignIn))
        case .entersTelevisionCode(let code):
            // The user opens the app to approve the television (a session the television opened).
            if !device.appInForeground { appLaunch.openAppInForeground(.user, bySurface: ports.television.process) }
            context.send(.approveTelevisionCode(code), to: ports.app)
        case .edit:
            if state.inSession {
                context.send(.userEdits, to: ports.app)
                scheduleEdit()
            }
        case .end:
            state.inSession = false
            let forceQuit = state.session.bernoulli(p.user.forceQuit)
            personAndPhone.userLeavesApp(endSession: .userEndsSession(forceQuit: forceQuit), at: ports.app)
        }
    }
}

/// The person looking (docs/metrics.md): glances at each surface as a point process of its
/// own, and at the app while it is in the foreground. Glances at the widget and the app
/// change nothing, so the measurement layer takes them without events (`catchUpWidgetGlances`,
/// `catchUpAppGlances`); this process keeps the looks that do something: glances at the
/// watch (a look may bring its app up) and the look at the home screen after leaving the app.
package final class GlanceProcess: SurfaceProgram<GlanceInput, GlanceState, GlancePorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let appLaunch: AppLaunchService
    package let arrivals: WorldArrivals
    /// Whether there is a watch app (`watch.enabled`), whether a look launches it
    /// (`watch.lifetime = whenLooked`), and the rate of glances at it (`observe.watchGlances`).
    package let hasWatch: Bool
    package let lookLaunchesWatch: Bool
    package let watchGlances: Rate

    package init(_ setup: ProgramSetup) {
        appLaunch = setup.platform.appLaunch
        arrivals = setup.platform.arrivals
        (hasWatch, lookLaunchesWatch) = (setup.parameters.watch.enabled, setup.parameters.watch.lifetime == .whenLooked)
        watchGlances = setup.parameters.observe.watchGlances
        super.init(setup, state: GlanceState(replicationSeed: setup.seed))
    }
    package override func discardMemory() {}

    package func start() {
        measure.startWidgetGlances()
        if hasWatch { scheduleWatchGlance() }
    }

    private func scheduleWatchGlance() {
        arrivals.schedule(rate: watchGlances, rng: &state.glancesWatch, .watchGlance, to: context.me)
    }

    package override func receive(_ input: GlanceInput) {
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
        guard hasWatch else { return }
        if lookLaunchesWatch {
            appLaunch.launchOrDeliver(.glance, to: ports.watchApp, by: .user)     // a look brings the app up
        } else {
            context.send(.glance, to: ports.watchApp)
        }
    }
}

/// What the glances program keeps: the stream of glances at the watch (`glances.watch`; those at
/// the widget and at the app are the measurement layer's, `DeferredGlances`).
package struct GlanceState {
    package var glancesWatch: RandomStream
    package init(replicationSeed seed: UInt64) { glancesWatch = RandomStream(replicationSeed: seed, nameHash: Self.glancesWatchName) }
    private static let glancesWatchName = SeedMixer.nameHash("glances.watch")
}

/// The glances' peer: the watch app, which a look reaches (or brings up).
package struct GlancePorts: ProgramPorts {
    package let watchApp: Address<WatchAppInput>
    package init(_ peers: Peers) { watchApp = peers.peer() }
}

/// Everything the user program keeps: the session under way, what the user has done, and
/// their streams.
package struct UserState {
    package var sessionEnd: SimTime = 0
    package var inSession = false
    /// This session's own stream: its length, its edits and whether it ends in a force-quit.
    /// Each of the user's scheduled opens takes one seed from `rng.userSessions`, taken or not
    /// (an open is skipped while a surface holds the app in front), and each session a surface
    /// opens one from that surface's stream: no design shifts the draws of another's sessions.
    package var session = RandomStream(seed: 0)
    /// The seed of the session the user's last scheduled open would start.
    package var nextOwnSessionSeed: UInt64? = nil
    /// The user signed out of the app (docs/model.md#sign-out): what they know, and so what they
    /// no longer do with it. Someone who signed out places no order, taps no widget button and
    /// asks for none of the app's actions; an automation they set up still runs on its own.
    package var hasSignedOut = false
    package var rng: UserStreams
}

/// The user's peers: the app they use, and each surface they act on from the phone (the car's
/// drives, the television's playbacks and code, the watch's writes, orders with a live status,
/// actions and widget buttons through the automations).
package struct UserPorts: ProgramPorts {
    package let app: Address<MainAppInput>
    package let car: Address<CarInput>
    package let television: Address<TelevisionInput>
    package let watchApp: Address<WatchAppInput>
    package let liveStatus: Address<LiveStatusInput>
    package let automations: Address<AutomationsInput>
    package init(_ peers: Peers) {
        (app, car, television) = (peers.peer(), peers.peer(), peers.peer())
        (watchApp, liveStatus, automations) = (peers.peer(), peers.peer(), peers.peer())
    }
}

/// How the assembly wires the user program (`AssembledProgram`).
extension UserProcess: AssembledProgram {
    package typealias Input = UserInput
    package static var programName: String { "user" }
    /// The person's session with the app begins when the app is opened.
    package static func hears(_ system: inout SystemWiring, at address: Address<UserInput>, _ p: Parameters) {
        system.sessionStarted = Route(to: address, as: { UserInput.sessionStarted(surfaceSeed: $0.surfaceSeed) })
    }
    /// At time 0: the user is there from time 0.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}

/// How the assembly wires the glances program (`AssembledProgram`).
extension GlanceProcess: AssembledProgram {
    package typealias Input = GlanceInput
    package static var programName: String { "glances" }
    /// At time 0: the glances run from time 0.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .system }
}
