import SimKernel
import Platform

/// An order the user placed in the app (`UserProcess.placeOrder`): its planned length, how
/// long the activity behind it really takes, and the account it was placed under.
struct ActivityPlan: CustomStringConvertible {
    var planned: SimTime
    var actual: SimTime
    var account: Account

    /// As the event log prints it, the durations in seconds.
    var description: String {
        "ActivityPlan(planned: \(Time.seconds(planned)) s, actual: \(Time.seconds(actual)) s, account: \(account))"
    }
}

/// What the live-status program accepts: its own timers, pushes the system draws, the
/// app's drawing calls, and the app's and sign-out's notices (§25.5).
enum LiveStatusInput {
    /// The user placed an order in the app: an activity begins.
    case begin(ActivityPlan)
    /// The backend moves activity `activity` to its next stage (its own timer).
    case stage(activity: Int32)
    /// The platform removes activity `activity`'s status: 8 h active, then the linger on the lock screen.
    case platformRemove(activity: Int32)
    /// An update arrives on the activity's push token (the system draws it, no app code).
    case pushArrives(LiveUpdate)
    /// A glance at the lock screen (its own timer).
    case glance
    /// Whether the app is still kept running for an activity (its own timer, after the final update).
    case keepAliveCheck
    /// The app's own code draws an update it heard of.
    case appDraws(LiveUpdate)
    /// The app runs: it brings its statuses up to date.
    case appRuns
    /// Sign-out: the app ends every status.
    case endAll
}

/// The live status (§25.5; docs/model.md#live-status) and the activities behind it. An activity (a
/// delivery, a ride) starts when the user places it in the app — a live status can only
/// be started by the app in the foreground — and moves through `live.stages` stages
/// driven by the backend. The status the system draws is updated by the app's own
/// process while it runs (`app`), by a per-activity push drawn with no app code (`push`,
/// with the push service's delay and loss and an hourly budget), or by the clock
/// between the planned times (`clock`). It ends by a final update; if that is lost it
/// stays until the app's next run ends it or the platform removes it (8 h active, then
/// up to 4 h more on the lock screen).
final class LiveStatus: SurfaceProgram<LiveStatusInput, LiveStatusState, LiveStatusPorts>, SetUpProgram {
    /// The live status's parameters (`live.*`).
    let p: Parameters.Live
    /// The push service's (`push.*`): a pushed update's delay and loss.
    let push: Parameters.Push
    /// The network's latency (`network.latency`): an update reaching the app over its connection.
    let latency: Distribution
    /// How often someone glances at the lock screen while a status shows (`observe.liveGlances`).
    let glances: Rate
    /// The measurement layer's record of the live status's signals, which it only emits into
    /// (`LiveStatusSignals.swift`).
    let signals: LiveStatusSignals

    struct Activity {
        var start: SimTime
        var plannedEnd: SimTime
        var end: SimTime
        var stageTimes: [SimTime]
        /// The stage the backend has reached (stages.count means ended).
        var stage = 0
        /// The status shown: nil when removed; `shownStage` the stage drawn.
        var shown = true
        var shownStage = 0
        /// The account the order was placed under (it came with the order).
        var account: Account
        /// When the data behind `shownStage` was produced: the plan at the start, the stage's
        /// beginning for an update the backend sent (a push, or the app's connection), the
        /// app's run for its own catch-up. Measurement only (`live.age`).
        var dataAt: SimTime
    }

    init(_ setup: ProgramSetup) {
        p = setup.parameters.live
        push = setup.parameters.push
        latency = setup.parameters.network.latency
        glances = setup.parameters.observe.liveGlances
        signals = setup.measure.signals(LiveStatusSignals.self)
        super.init(setup, state: LiveStatusState(pushBudget: RollingBudget(limit: setup.parameters.live.pushBudgetPerHour, window: Time.hour),
                                                 rng: LiveStatusStreams(replicationSeed: setup.seed)))
    }
    override func discardMemory() {}

    /// Nothing runs until an activity begins: the user's orders start them (`UserInput.placesOrder`).
    func start() {}

    /// Every activity begun, by number.
    var activities: [Activity] { state.activities }

    /// The index of the activity currently shown or running, if any.
    var current: Int? { activities.indices.last.flatMap { activities[$0].shown || activities[$0].stage < activities[$0].stageTimes.count ? $0 : nil } }

    override func receive(_ input: LiveStatusInput) {
        switch input {
        case .begin(let plan):
            begin(plan)
        case .stage(let index):
            advance(Int(index))
        case .appDraws(let update):
            drawUpdate(update)
        case .appRuns:
            appRuns()
        case .endAll:
            endAll()
        case .keepAliveCheck:
            updateKeepAlive()
        case .glance:
            glance()
            scheduleGlance()
        case .platformRemove(let index):
            remove(Int(index))
        case .pushArrives(let update):
            drawUpdate(update)
        }
    }

    /// The user placed an order in the app, which starts the activity and its status.
    private func begin(_ plan: ActivityPlan) {
        let now = context.now
        os.openAppInForeground(.user, bySurface: context.me.process)
        // The real activity runs early or late against its plan (what a clock cannot know).
        let n = max(1, p.stages)
        let times = (1...n).map { now + plan.actual * SimTime($0) / SimTime(n) }
        state.activities.append(Activity(start: now, plannedEnd: now + plan.planned, end: times.last!, stageTimes: times,
                                         account: plan.account, dataAt: now))
        let i = state.activities.count - 1
        signals.emit(.began(activity: Int32(i), plannedEnd: now + plan.planned, stageTimes: times))
        context.send(.activityStage(activity: Int32(i), stage: 0), to: ports.backend)
        for t in times {
            context.at(t, .stage(activity: Int32(i)))
        }
        context.after(p.maxActive + p.lingerAfterEnd, .platformRemove(activity: Int32(i)))
        measure.report(.holdsAccount(.liveStatus, true))
        updateKeepAlive()
        if !state.glancing { state.glancing = true; scheduleGlance() }
    }

    /// Glances at the lock screen happen while an activity runs or its status shows.
    private func scheduleGlance() {
        guard current != nil else { state.glancing = false; return }
        if !os.scheduleArrival(rate: glances, rng: &state.rng.liveGlances, .glance, to: context.me) { state.glancing = false }
    }

    /// The backend moves the activity to its next stage and sends the update its design uses.
    private func advance(_ i: Int) {
        let now = context.now
        state.activities[i].stage += 1
        signals.emit(.stageBegan(activity: Int32(i)))
        let stage = state.activities[i].stage
        context.send(.activityStage(activity: Int32(i), stage: Int32(stage)), to: ports.backend)
        let final = stage == state.activities[i].stageTimes.count
        switch p.updates {
        case .push, .clock:
            if p.updates == .clock && !final { return }    // the clock draws the stages
            let loss = final ? p.finalUpdateLoss : push.loss
            if state.rng.liveDelivery.bernoulli(loss) { return }
            if !final && !state.pushBudget.spend(at: now) { return }   // past the hourly budget
            let delay = push.delay.sampleTime(&state.rng.liveDelivery)
            if final { signals.emit(.finalUpdateOnItsWay(activity: Int32(i), arrivesAt: now + delay)) }
            context.send(.liveUpdateArrives(LiveUpdate(activity: Int32(i), stage: Int32(stage))), to: ports.pushService, after: delay)
        case .app:
            // The app's own process hears of it over its connection, if it is running.
            let lost = final && state.rng.liveDelivery.bernoulli(p.finalUpdateLoss)
            let delay = latency.sampleTime(&state.rng.liveDelivery)
            // The app stops being kept running for the activity only after its final update
            // had time to arrive (it draws it first).
            if final { context.after(delay + 1, .keepAliveCheck) }
            if lost { return }
            // Over the phone's network: a phone offline or switched off does not hear it (the
            // app catches up at its next run, or at the next stage's update).
            guard os.device.online, os.device.poweredOn else { return }
            // The final update is on its way if the app runs to hear it: the measurement layer
            // tells (the program sends it to the app either way and never asks).
            if final { signals.emit(.finalUpdateSentToTheApp(activity: Int32(i), arrivesAt: now + delay, app: ports.app.process)) }
            context.send(.liveActivityMoved(LiveUpdate(activity: Int32(i), stage: Int32(stage))), to: ports.app, after: delay)
        }
    }

    /// An app-driven status asks the system to keep the app running while an activity is under
    /// way, and gives the keep-alive back once none is (the app is told: it suspends once idle).
    private func updateKeepAlive() {
        let running = state.activities.contains { $0.stage < $0.stageTimes.count }
        if p.updates == .app && running {
            os.requestKeepAlive(.liveActivity)
        } else {
            os.releaseKeepAlive(.liveActivity)
        }
    }

    /// An update the backend sent when the activity reached a stage (a push, or the app's
    /// connection). Its data is the backend's as the stage began.
    private func drawUpdate(_ update: LiveUpdate) {
        let i = Int(update.activity), stage = Int(update.stage)
        guard i < state.activities.count, stage >= 1 else { return }
        draw(i, stage: stage, readAt: state.activities[i].stageTimes[stage - 1])
    }

    /// The system draws stage `stage` of activity `i` (a push, the app's update call, or the
    /// app's catch-up at its next run), with data read from the backend at `readAt`; the
    /// final stage ends the status. An update carrying an earlier stage than the one shown
    /// (a reordered push) changes nothing.
    func draw(_ i: Int, stage: Int, readAt: SimTime) {
        guard i < state.activities.count, state.activities[i].shown else { return }
        if stage >= state.activities[i].shownStage { state.activities[i].dataAt = max(state.activities[i].dataAt, readAt) }
        if stage > state.activities[i].shownStage {
            signals.emit(.draws(activity: Int32(i), stage: stage))
            state.activities[i].shownStage = stage
        }
        if stage >= state.activities[i].stageTimes.count { remove(i) }
    }

    /// The app, at its next run, brings every status it owns up to date (reading the
    /// activity's stage from the backend now) and ends finished ones.
    func appRuns() {
        for i in state.activities.indices where state.activities[i].shown {
            draw(i, stage: state.activities[i].stage, readAt: context.now)
        }
    }

    /// Sign-out step 4: the app ends every live status.
    func endAll() {
        for i in state.activities.indices where state.activities[i].shown { remove(i) }
    }

    private func remove(_ i: Int) {
        guard state.activities[i].shown else { return }
        state.activities[i].shown = false
        signals.emit(.removed(activity: Int32(i)))
        measure.report(.holdsAccount(.liveStatus, anyShown))
        updateKeepAlive()
    }

    /// A live status of the account is still on screen.
    var anyShown: Bool { state.activities.contains { $0.shown } }

    /// Someone looks at the lock screen while an activity runs or its status shows: the
    /// measurement layer hears the stage the status draws, when what it draws was read, and
    /// whose account it shows (how stale that is, against the stages the activity really
    /// reached, is its to say: `LiveStatusSignals`; a glance in the warm-up it does not count).
    private func glance() {
        guard let i = current else { return }
        let a = state.activities[i]
        guard a.shown else {
            signals.emit(.seenNothing)
            return
        }
        let now = context.now
        let clock = p.updates == .clock ? clockReached(a, at: now) : 0
        // A stage the clock draws ahead of every update comes from the plan made at the start.
        let readAt = clock > a.shownStage ? a.start : a.dataAt
        signals.emit(.seen(activity: Int32(i), drawnStage: drawnStage(a), readAt: readAt, account: a.account))
    }

    /// The stage the status draws now: the last update's, or for a clock-driven status the
    /// later of that and the stage its plan reaches by the clock.
    func drawnStage(_ a: Activity) -> Int {
        p.updates == .clock ? max(clockReached(a, at: context.now), a.shownStage) : a.shownStage
    }

    /// The stage a clock-driven status's plan reaches at `t` (it draws the later of this and
    /// `shownStage`): by the planned times, never past the last before the end.
    private func clockReached(_ a: Activity, at t: SimTime) -> Int {
        let n = a.stageTimes.count
        let span = max(a.plannedEnd - a.start, 1)
        return Int(min((t - a.start) * SimTime(n) / span, SimTime(n - 1)))
    }
}

/// Everything the live-status program keeps (`SurfaceProgram.state`): it runs all day, so
/// nothing of it is a run's memory.
struct LiveStatusState {
    /// Every activity begun, by number, and its status.
    var activities: [LiveStatus.Activity] = []
    /// Pushed updates drawn in the last hour (`live.pushBudgetPerHour`).
    var pushBudget: RollingBudget
    /// A glance at the lock screen is scheduled.
    var glancing = false
    /// The live status's own random streams (updates' delivery, glances).
    var rng: LiveStatusStreams
}

/// The live status's peers: the backend that moves the activities' stages, the push service
/// that carries a pushed update, and the app whose connection hears an app-driven one.
struct LiveStatusPorts: ProgramPorts {
    let backend: Address<BackendInput>
    let pushService: Address<PushServiceInput>
    let app: Address<MainAppInput>
    init(_ peers: Peers) {
        backend = peers.peer()
        pushService = peers.peer()
        app = peers.peer()
    }
}

/// How the assembly wires the liveStatus program (`AssembledProgram`).
extension LiveStatus: AssembledProgram {
    typealias Input = LiveStatusInput
    static var programName: String { "liveStatus" }
    /// The push service draws its updates on the lock screen.
    static func hears(_ system: inout SystemWiring, at address: Address<LiveStatusInput>, _ p: Parameters) {
        if p.live.enabled { system.liveUpdates = Route(to: address, as: LiveStatusInput.pushArrives) }
    }
    /// Present when the app has live statuses (`live.enabled`): the app's port to it is
    /// connected only then.
    static func isPresent(_ p: Parameters) -> Bool { p.live.enabled }
    /// At time 0: running all day when the app has live statuses.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.live.enabled ? .launched : .notStarted }
}

extension Assembly {
    /// The live status of this world (for its metrics and the chapter's probes).
    var live: LiveStatus { program(LiveStatus.self) }
}
