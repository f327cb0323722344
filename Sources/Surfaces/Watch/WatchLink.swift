import SimKernel
import Platform

/// What the watch link service accepts: its own timers (the phone going out of reach and
/// back, messages and queued writes on their way to the phone, what is on its way to the
/// watch), word that the phone was switched on, and the platform's notices.
enum WatchLinkInput {
    /// The phone goes out of the watch's reach (its own timer).
    case goAway
    /// The phone is back within reach (its own timer).
    case comeBack
    /// The phone was switched on again.
    case phonePoweredOn
    /// The phone woke (a power-saving period ended, a Doze window): transfers waiting go through.
    case deviceNotice(DeviceNotice)
    /// An immediate message reaches the phone after its hop.
    case deliverToPhone(WatchRequest)
    /// A queued write reaches the phone after its hop.
    case deliverQueuedToPhone(change: Int32)
    /// Something for the watch app reaches the watch after its hop (`watch.lifetime =
    /// whenLooked`: the system takes it whether the app runs or not).
    case toWatch(WatchAppInput)
}

/// The link between phone and watch (§25.6; docs/platform-facts.md#watch-connectivity, WatchConnectivity):
/// immediate messages fail when the counterpart is unreachable; queued transfers are
/// delivered in order when it is reachable again and survive both apps exiting; the
/// application context keeps only the latest value. The phone is unreachable during
/// periods that begin at `watch.phoneUnreachable.perDay` while it is reachable, and
/// whenever it is switched off.
final class WatchLink: SimulatedProcess<WatchLinkInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The changes' journeys it records (made, handed on, let go), held strongly as the system is.
    let changes: ChangeJourneys
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var away = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Watch writes queued for the phone, in order.
    private(set) var toPhone: [Int32] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The latest application context for the watch (a snapshot index), if not yet delivered.
    private var context: Int32? = nil
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Notices queued for the watch (sign-out), in order.
    private var notices: [WatchNotice] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// On the watch, for an app that was not running when they came (`whenLooked`): the
    /// latest context and the notices, handed to its next run as it launches.
    private var waiting: (context: Int32?, notices: [WatchNotice]) = (nil, [])

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The link's own random streams (the phone's reachability, each hop's delay).
    private var rng: WatchLinkStreams

    init(world: World) { self.world = world; os = world.os; changes = world.changes; rng = WatchLinkStreams(replicationSeed: world.seed) }
    override func discardMemory() {}

    func start() { scheduleAway() }

    /// Whether the watch can reach the phone now.
    var reachable: Bool { !away && os.device.poweredOn }

    private func scheduleAway() {
        world.scheduleArrival(perDay: world.p.watch.phoneUnreachablePerDay, rng: &rng.watchLink, .goAway, to: world.ids.watchLink)
    }

    /// One hop over the link, either way: half a network round trip, from the link's own stream.
    func drawHop() -> SimTime { world.p.network.latency.sampleTime(&rng.networkWatch) / 2 }

    override func receive(_ input: WatchLinkInput, engine: Engine) {
        let w = world
        switch input {
        case .goAway:
            away = true
            engine.send(.comeBack, to: w.ids.watchLink, after: w.p.watch.phoneUnreachableDuration.sampleTime(&rng.watchLink))
        case .comeBack:
            away = false
            flush()
            // A standalone watch without a network of its own has the phone's again: a push
            // held for it can go (docs/model.md#watch-reachability).
            if w.p.watch.level == .standalone { engine.send(.phoneInWatchReach, to: w.ids.pushService) }
            scheduleAway()
        case .phonePoweredOn, .deviceNotice(.powerRestored), .deviceNotice(.dozeWindow):
            flush()
        case .deviceNotice:
            break
        case .deliverToPhone(let request):
            arrive(request, queued: false)
        case .deliverQueuedToPhone(let change):
            arrive(.write(change: change), queued: true)
        case .toWatch(let input):
            onWatch(input)
        }
    }

    /// Something for the watch app is on the watch: the running app gets it; for an app that
    /// is not running the system keeps the latest context and the notices for its next launch,
    /// and a standalone watch's push launches it. A reply to a run that ended is lost.
    private func onWatch(_ input: WatchAppInput) {
        let w = world
        if w.engine.isRunning(w.ids.watch) { w.send(input, to: w.ids.watch); return }
        switch input {
        case .context(let snapshot): waiting.context = snapshot
        case .notice(let n): waiting.notices.append(n)
        case .push: os.launchWatchApp(by: .pushWake, for: .push)
        default: break
        }
    }

    /// What came for the app while it was not running, taken by its new run.
    func takeWaiting() -> (context: Int32?, notices: [WatchNotice]) {
        defer { waiting = (nil, []) }
        return waiting
    }

    /// Delivers what waited, in order, when the phone is reachable.
    private func flush() {
        guard reachable else { return }
        if os.appCanRunForWatch {
            let queued = toPhone
            toPhone = []
            for change in queued { world.send(.deliverQueuedToPhone(change: change), to: world.ids.watchLink, after: drawHop()) }
        }
        if let snapshot = context {
            os.sendToWatch(.context(snapshot: snapshot), after: drawHop())
            context = nil
        }
        for n in notices { os.sendToWatch(.notice(n), after: drawHop()) }
        notices = []
    }

    // MARK: What the two apps call

    /// Delivers a message from the watch to the phone app after `delay`; the system wakes
    /// the app when it arrives. A write on its way is held by the message (the queue's hold
    /// passes to it).
    private func deliverToPhone(_ request: WatchRequest, after delay: SimTime) {
        world.send(.deliverToPhone(request), to: world.ids.watchLink, after: delay)
    }

    /// A message from the watch reaches the phone: the system wakes the phone app for it
    /// (one rule for every background launch, `OperatingSystem.wakeAppInBackground`). If it cannot, a
    /// queued transfer waits in the queue for the next delivery; an immediate message fails,
    /// and a write it carried had no other holder.
    private func arrive(_ request: WatchRequest, queued: Bool) {
        // A sleeping phone launches no app for the watch (`appCanRunForWatch`): a transfer waits.
        if os.appCanRunForWatch && os.wakeAppInBackground(.watch, for: .watchRequest(request)) { return }   // the app lets go once it has it
        guard case .write(let change) = request else { return }
        if queued { toPhone.append(change) } else { changes.letGo(change) }
    }

    /// `sendMessage` from the watch: delivered now (waking the phone app), or fails at once
    /// when the phone, or an app the system would launch there, cannot be reached.
    func sendImmediate(_ request: WatchRequest) -> Bool {
        guard reachable && os.appCanRunForWatch else { return false }
        if case .write(let change) = request { changes.hold(change) }
        deliverToPhone(request, after: drawHop())
        return true
    }

    /// `transferUserInfo` from the watch: queued, delivered in order when reachable.
    func queueToPhone(_ change: Int32) {
        changes.hold(change)
        toPhone.append(change)
        flush()
    }

    /// The phone app activated its link session (the user opened it): transfers that could
    /// not wake it are delivered now.
    func phoneAppActivated() { flush() }

    /// `updateApplicationContext` from the phone: the latest value replaces any pending one.
    func updateContext(_ snapshot: Int32) {
        context = snapshot
        flush()
    }

    /// `transferUserInfo` from the phone (a sign-out notice): queued until reachable.
    func queueNotice(_ notice: WatchNotice) {
        notices.append(notice)
        flush()
    }

    /// Writes waiting in the relay queue.
    var queueLength: Int { toPhone.count }
}

/// How the assembly wires the watchLink program (`AssembledProgram`).
extension WatchLink: AssembledProgram {
    typealias Input = WatchLinkInput
    static var programName: String { "watchLink" }
    /// A sleeping phone's wake lets the watch's waiting transfers through.
    static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> WatchLinkInput)? {
        guard p.watch.enabled && (p.device.lowPowerPerDay > 0 || p.device.doze) else { return nil }
        return WatchLinkInput.deviceNotice
    }
    /// At time 0: the link runs all day when the app has a watch app.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.watch.enabled ? .launched : .notStarted }
}
