import SimKernel
import Platform
import SurfaceCore

/// The live status (§25.5; docs/model.md#live-status): the app's part of it, and the activities
/// behind it. An activity (a delivery, a ride) starts when the user places it in the app — the
/// app starts its live activity from the foreground (`activityKit.request`) — and moves
/// through `live.stages` stages driven by the backend. The status is updated by the app's own
/// process while it runs (`app`, `activityKit.update`), by a per-activity push ActivityKit
/// applies with no app code (`push`, with the push service's delay and loss and ActivityKit's
/// hourly budget), or by the clock between the planned times (`clock`: the widget extension's
/// drawing moves on the plan). It ends by a final update; if that is lost it stays until the
/// app's next run ends it or ActivityKit removes it (8 h active, then up to 4 h more on the
/// lock screen). What ActivityKit does — the content it keeps, the budget, the time limit — is
/// the platform's (`Platform/OS/ActivityKit.swift`); this program keeps the backend's stages,
/// the app's calls, and the drawing of what ActivityKit holds. The glances at the lock screen
/// are the measurement layer's (`LiveStatusSignals`), taken from what this program emits.
package final class LiveStatus: SurfaceProgram<LiveStatusInput, LiveStatusState, LiveStatusPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let keepAlive: KeepAliveService
    package let appLaunch: AppLaunchService
    package let device: DeviceService
    package let activityKit: ActivityKitService
    /// The live status's parameters (`live.*`).
    package let p: Parameters.Live
    /// The push service's (`push.delay`, `push.loss`): a pushed update's delay and loss.
    package let pushDelay: Distribution
    package let pushLoss: Double
    /// The network's latency (`network.latency`): an update reaching the app over its connection.
    package let latency: Distribution
    /// The measurement layer's record of the live status's signals, which it only emits into
    /// (`LiveStatusSignals.swift`).
    package let signals: LiveStatusSignals

    /// An activity as the app and its backend know it (its status is ActivityKit's:
    /// `activityKit.activity(number)`).
    package struct Activity {
        /// Its number in ActivityKit (`activityKit.request`).
        package var number: Int32
        package var start: SimTime
        package var plannedEnd: SimTime
        package var end: SimTime
        package var stageTimes: [SimTime]
        /// The stage the backend has reached (stages.count means ended).
        package var stage = 0
        /// The account the order was placed under (it came with the order).
        package var account: Account
    }

    package init(_ setup: ProgramSetup) {
        keepAlive = setup.platform.keepAlive
        appLaunch = setup.platform.appLaunch
        device = setup.platform.device
        activityKit = setup.platform.activityKit
        p = setup.parameters.live
        (pushDelay, pushLoss) = (setup.parameters.push.delay, setup.parameters.push.loss)
        latency = setup.parameters.network.latency
        signals = setup.measure.signals(LiveStatusSignals.self)
        super.init(setup, state: LiveStatusState(rng: LiveStatusStreams(replicationSeed: setup.seed)))
    }
    package override func discardMemory() {}

    /// Nothing runs until an activity begins: the user's orders start them (`UserInput.placesOrder`).
    package func start() {}

    /// Every activity begun, by number.
    package var activities: [Activity] { state.activities }

    /// Activity `i`'s status is on the lock screen now (ActivityKit's record).
    package func isShown(_ i: Int) -> Bool { activityKit.activity(activities[i].number).isShown(at: context.now) }

    package override func receive(_ input: LiveStatusInput) {
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
        case .activityKit(.pushed(let activity, let change)):
            drawn(Int(activity), change)
        case .activityKit(.timeLimit(let activity)):
            // Gone now, unless its final update or the app ended it before.
            if activityKit.activity(activity).endedAt == nil { removed(Int(activity)) }
        }
    }

    /// The user placed an order in the app, which starts the activity and its status.
    private func begin(_ plan: ActivityPlan) {
        let now = context.now
        appLaunch.openAppInForeground(.user, bySurface: context.me.process)
        // The real activity runs early or late against its plan (what a clock cannot know).
        let n = max(1, p.stages)
        let times = (1...n).map { now + plan.actual * SimTime($0) / SimTime(n) }
        let i = state.activities.count
        state.activities.append(Activity(number: Int32(i), start: now, plannedEnd: now + plan.planned, end: times.last!,
                                         stageTimes: times, account: plan.account))
        signals.emit(.began(activity: Int32(i), plannedEnd: now + plan.planned, stageTimes: times, account: plan.account))
        context.send(.activityStage(activity: Int32(i), stage: 0), to: ports.backend)
        for t in times {
            context.at(t, .stage(activity: Int32(i)))
        }
        // The app starts its live activity, showing the plan made now (ActivityKit fixes its time limit).
        let number = activityKit.request(stages: n, content: LiveActivityContent(stage: 0, readAt: now))
        precondition(number == Int32(i), "ActivityKit numbers the activities in the order the app starts them")
        measure.report(.holdsAccount(.liveStatus, true))
        updateKeepAlive()
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
            let loss = final ? p.finalUpdateLoss : pushLoss
            if state.rng.liveDelivery.bernoulli(loss) { return }
            if !final && !activityKit.pushIsWithinBudget() { return }   // past ActivityKit's hourly budget
            let delay = pushDelay.sampleTime(&state.rng.liveDelivery)
            if final { signals.emit(.finalUpdateOnItsWay(activity: Int32(i), arrivesAt: now + delay)) }
            context.send(.liveUpdateArrives(LiveUpdate(activity: Int32(i), stage: Int32(stage), readAt: now)), to: ports.pushService, after: delay)
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
            guard device.state.online, device.state.poweredOn else { return }
            // The final update is on its way if the app runs to hear it: the measurement layer
            // tells (the program sends it to the app either way and never asks).
            if final { signals.emit(.finalUpdateSentToTheApp(activity: Int32(i), arrivesAt: now + delay, app: ports.app.process)) }
            context.send(.liveActivityMoved(LiveUpdate(activity: Int32(i), stage: Int32(stage), readAt: now)), to: ports.app, after: delay)
        }
    }

    /// An app-driven status asks the system to keep the app running while an activity is under
    /// way, and gives the keep-alive back once none is (the app is told: it suspends once idle).
    private func updateKeepAlive() {
        let running = state.activities.contains { $0.stage < $0.stageTimes.count }
        if p.updates == .app && running {
            keepAlive.request(.liveActivity)
        } else {
            keepAlive.release(.liveActivity)
        }
    }

    /// An update the backend sent when the activity reached a stage, heard over the app's
    /// connection: the app's process updates the activity with it (its data is the backend's as
    /// the stage began).
    private func drawUpdate(_ update: LiveUpdate) {
        let i = Int(update.activity), stage = Int(update.stage)
        guard i < state.activities.count, stage >= 1 else { return }
        updateStatus(i, LiveActivityContent(stage: stage, readAt: update.readAt))
    }

    /// The app updates activity `i` with `content` (ActivityKit applies it: a later stage is
    /// drawn, the final one ends the status, an earlier one changes nothing).
    private func updateStatus(_ i: Int, _ content: LiveActivityContent) {
        drawn(i, activityKit.update(state.activities[i].number, content))
    }

    /// The status of activity `i` changed by `change` (the app's update, or a push ActivityKit
    /// applied): the measurement layer hears what it holds now (a later stage drawn, or a later
    /// read of the stage it drew), and of the status's end.
    private func drawn(_ i: Int, _ change: LiveActivityChange) {
        signals.emit(.holds(activity: Int32(i), content: activityKit.activity(state.activities[i].number).content))
        if change.ended { removed(i) }
    }

    /// The app, at its next run, brings every status it owns up to date (reading the
    /// activity's stage from the backend now) and ends finished ones.
    package func appRuns() {
        for i in state.activities.indices where isShown(i) {
            updateStatus(i, LiveActivityContent(stage: state.activities[i].stage, readAt: context.now))
        }
    }

    /// Sign-out step 4: the app ends every live status.
    package func endAll() {
        for i in state.activities.indices where activityKit.end(state.activities[i].number) { removed(i) }
    }

    /// Activity `i`'s status left the lock screen now (its final update, the app's end, or
    /// ActivityKit's time limit).
    private func removed(_ i: Int) {
        signals.emit(.removed(activity: Int32(i)))
        measure.report(.holdsAccount(.liveStatus, anyShown))
        updateKeepAlive()
    }

    /// A live status of the account is still on screen.
    package var anyShown: Bool { activityKit.anyShown }

    /// The stage activity `i`'s status draws now (the widget extension's drawing of ActivityKit's
    /// content): the last update's, or for a clock-driven status the later of that and the stage
    /// its plan reaches by the clock.
    package func drawnStage(_ i: Int) -> Int {
        let a = state.activities[i], shown = activityKit.activity(a.number).content.stage
        return p.updates == .clock ? max(clockReached(a, at: context.now), shown) : shown
    }

    /// The stage a clock-driven status's plan reaches at `t` (it draws the later of this and
    /// the stage ActivityKit holds: `LiveStatusClock`).
    private func clockReached(_ a: Activity, at t: SimTime) -> Int {
        LiveStatusClock.stageReached(start: a.start, plannedEnd: a.plannedEnd, stages: a.stageTimes.count, at: t)
    }
}

/// Everything the live-status program keeps (`SurfaceProgram.state`): it runs all day, so
/// nothing of it is a run's memory.
package struct LiveStatusState {
    /// Every activity begun, by number (their statuses are ActivityKit's).
    package var activities: [LiveStatus.Activity] = []
    /// The live status's own random stream (its updates' delivery).
    package var rng: LiveStatusStreams
}

/// The live status's peers: the backend that moves the activities' stages, the push service
/// that carries a pushed update, and the app whose connection hears an app-driven one.
package struct LiveStatusPorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package let pushService: Address<PushServiceInput>
    package let app: Address<MainAppInput>
    package init(_ peers: Peers) {
        backend = peers.peer()
        pushService = peers.peer()
        app = peers.peer()
    }
}

/// How the assembly wires the liveStatus program (`AssembledProgram`).
extension LiveStatus: AssembledProgram {
    package typealias Input = LiveStatusInput
    package static var programName: String { "liveStatus" }
    /// ActivityKit tells it what changed with no app code: a pushed update, the time limit.
    package static func hears(_ system: inout SystemWiring, at address: Address<LiveStatusInput>, _ p: Parameters) {
        if p.live.enabled { system.liveActivities = Route(to: address, as: LiveStatusInput.activityKit) }
    }
    /// Present when the app has live statuses (`live.enabled`): the app's port to it is
    /// connected only then.
    package static func isPresent(_ p: Parameters) -> Bool { p.live.enabled }
    /// At time 0: running all day when the app has live statuses.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.live.enabled ? .launched : .notStarted }
}
