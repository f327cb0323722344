import SimKernel
import Platform

/// The link between phone and watch (§25.6; docs/platform-facts.md#watch-connectivity, WatchConnectivity):
/// immediate messages fail when the counterpart is unreachable; queued transfers are
/// delivered in order when it is reachable again and survive both apps exiting; the
/// application context keeps only the latest value. The phone is unreachable during
/// periods that begin at `watch.phoneUnreachable.perDay` while it is reachable, and
/// whenever it is switched off.
final class WatchLink: SimulatedProcess<Surfaces.Message> {
    typealias Message = Surfaces.Message
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    enum Tag: Int32 { case goAway = 1, comeBack, deliverToPhone, deliverQueuedToPhone }
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
    private var context: Int32 = -1
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Notices queued for the watch (sign-out), in order.
    private var notices: [Int32] = []

    init(world: World) { self.world = world }
    override func discardMemory() {}

    func start() { scheduleAway() }

    /// Whether the watch can reach the phone now.
    var reachable: Bool { !away && world.device.poweredOn }

    private func scheduleAway() {
        world.scheduleArrival(perDay: world.p.watch.phoneUnreachablePerDay, rng: &world.rng.watchLink, .timer(Tag.goAway.rawValue), to: world.ids.watchLink)
    }

    private var hop: SimTime { world.p.network.latency.sampleTime(&world.rng.networkWatch) / 2 }

    override func receive(_ message: Message, engine: Engine<Message>) {
        let w = world
        switch message {
        case .timer(Tag.goAway.rawValue):
            away = true
            engine.send(.timer(Tag.comeBack.rawValue), to: w.ids.watchLink, after: w.p.watch.phoneUnreachableDuration.sampleTime(&w.rng.watchLink))
        case .timer(Tag.comeBack.rawValue):
            away = false
            flush()
            scheduleAway()
        case .surface(.tag(WatchLink.phonePowerTag)):
            flush()
        case .timerWithValue(Tag.deliverToPhone.rawValue, let value):
            arrive(Int32(truncatingIfNeeded: value), queued: false)
        case .timerWithValue(Tag.deliverQueuedToPhone.rawValue, let value):
            arrive(Int32(truncatingIfNeeded: value), queued: true)
        default:
            break
        }
    }

    /// Message tag: the phone was switched on again.
    static let phonePowerTag: Int32 = 20

    /// Delivers what waited, in order, when the phone is reachable.
    private func flush() {
        guard reachable else { return }
        let w = world
        if w.appCanRunForWatch {
            let queued = toPhone
            toPhone = []
            for change in queued { deliverToPhone(change, queued: true, after: hop) }
        }
        if context >= 0 {
            w.engine.send(.surface(.tagValue(WatchApp.contextTag, Int64(context))), to: w.ids.watch, after: hop)
            context = -1
        }
        for n in notices { w.engine.send(.surface(.tagValue(WatchApp.noticeTag, Int64(n))), to: w.ids.watch, after: hop) }
        notices = []
    }

    // MARK: What the two apps call

    /// Delivers a message from the watch to the phone app after `delay`; the system wakes
    /// the app when it arrives. A write on its way is held by the message (the queue's hold
    /// passes to it).
    private func deliverToPhone(_ value: Int32, queued: Bool, after delay: SimTime) {
        let tag = queued ? Tag.deliverQueuedToPhone : Tag.deliverToPhone
        world.engine.send(.timerWithValue(tag.rawValue, Int64(value)), to: world.ids.watchLink, after: delay)
    }

    /// A message from the watch reaches the phone: the system wakes the phone app for it
    /// (one rule for every background launch, `World.wakeAppInBackground`). If it cannot, a
    /// queued transfer waits in the queue for the next delivery; an immediate message fails,
    /// and a write it carried had no other holder.
    private func arrive(_ value: Int32, queued: Bool) {
        let w = world
        if w.wakeAppInBackground(.watch, for: .watchRequest(value)) { return }   // the app lets go once it has it
        guard value >= 0 else { return }
        if queued { toPhone.append(value) } else { w.letGo(value) }
    }

    /// `sendMessage` from the watch: delivered now (waking the phone app), or fails at once
    /// when the phone, or an app the system would launch there, cannot be reached.
    func sendImmediate(_ value: Int32) -> Bool {
        guard reachable && world.appCanRunForWatch else { return false }
        if value >= 0 { world.hold(value) }
        deliverToPhone(value, queued: false, after: hop)
        return true
    }

    /// `transferUserInfo` from the watch: queued, delivered in order when reachable.
    func queueToPhone(_ change: Int32) {
        world.hold(change)
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
    func queueNotice(_ notice: Int32) {
        notices.append(notice)
        flush()
    }

    /// Writes waiting in the relay queue.
    var queueLength: Int { toPhone.count }
}
