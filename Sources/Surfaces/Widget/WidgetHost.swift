import SimKernel
import Platform

/// What the widget host accepts (§25.4).
enum WidgetHostInput {
    /// A reload request from the app, a push-woken app, an action or a widget button (free or charged to the budget).
    case reloadRequest(free: Bool, reason: ReloadReason)
    /// The timeline's reload hint comes due (its own timer; a later hint supersedes it).
    case hintDue(generation: Int64)
    /// A scheduled provider run starts now.
    case runProvider(ReloadReason)
    /// The provider returned a timeline: a view (index into the world's views in flight), its
    /// reload hint, and the last slot of the data's schedule it holds an entry for (the view's
    /// own slot when it holds one entry).
    case timeline(view: Int32, nextReload: SimInstant, protectedData: Bool, lastSlot: Int32)
    /// The timeline's entry for `slot` becomes current (its own timer; a newer timeline supersedes it).
    case entryDue(timeline: Int64, slot: Int32)
    /// The provider was killed or crashed: the old views stay and the pending reload is over.
    case providerDied
    case deviceNotice(DeviceNotice)
}

/// The widget host (§25.4; docs/model.md#widget; docs/model.md#the-widgets-projection): the system part of a widget. It
/// stores the views a provider returned and shows them with no app code running — a
/// stored view is a picture, so clearing the data it came from does not change it. It
/// decides when the provider runs: on the app's reload request (a request, not a
/// command: delayed, coalesced, refused when the budget is spent, free while the app is
/// in the foreground), when the timeline's hint comes due and budget remains, on a
/// widget button (free), and after a restart or an app update.
final class WidgetHost: SimulatedProcess<WidgetHostInput> {
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var budget: RollingBudget
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// A provider run is scheduled (waiting for its delay): further requests coalesce into it.
    private var reloadPending = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// A provider run has started reading: a request now asks for one more run after it.
    private var providerRunning = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// One more run is owed after the one reading now, for this reason.
    private var reloadAgain: ReloadReason? = nil
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var nextHint: SimTime = Time.never
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var hintGeneration: Int64 = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The last timeline was built while its data was closed (before first unlock).
    private var builtWhileProtected = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The entries of the current timeline: the view they share, the last slot, the timeline's number.
    private var entries: (view: View, lastSlot: Int32, timeline: Int64)?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var timelines: Int64 = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Provider runs started after the warm-up (`widget.reloads`).
    private(set) var reloadsRun = 0

    init(world: World) {
        self.world = world
        budget = RollingBudget(limit: world.p.widget.budgetPerDay, window: Time.day)
    }
    override func discardMemory() {}

    func start() {
        world.widgetObserver.show(.blank(.placeholder), at: world.now, truth: world.truth)
        runProvider(.boot)
    }

    override func receive(_ input: WidgetHostInput, engine: Engine) {
        switch input {
        case .reloadRequest(let free, let reason):
            request(reason, free: free)
        case .hintDue(let generation):
            if generation == hintGeneration { hintDue() }
        case .entryDue(let timeline, let slot):
            // The system swaps in the next entry on time, with no code of the app running.
            guard let e = entries, e.timeline == timeline else { return }
            var v = e.view
            v.slot = slot
            world.showWidget(v)
            if slot < e.lastSlot { scheduleEntry(slot + 1) }
        case .runProvider(let reason):
            reloadPending = false
            providerRunning = true
            launchProvider(reason)
        case .timeline(let view, let next, let protectedData, let lastSlot):
            providerRunning = false
            builtWhileProtected = protectedData
            let shown = world.viewsInFlight[Int(view)]
            world.showWidget(shown)
            timelines += 1
            entries = nil
            if shown.slot >= 0 && lastSlot > shown.slot {
                entries = (shown, lastSlot, timelines)
                scheduleEntry(shown.slot + 1)
            }
            setHint(next.time)
            if let again = reloadAgain {
                reloadAgain = nil
                runProvider(again)
            }
        case .providerDied:
            // The old views stay; the old policy holds: the next reload follows the hint.
            providerRunning = false
            reloadAgain = nil
            setHint(world.now + world.p.widget.reloadAfter, keepEarlier: true)
        case .deviceNotice(let notice):
            switch notice {
            case .restarted:
                // The archived views survive the restart; the system asks for a new timeline,
                // which a provider that cannot read its data yet answers with a placeholder.
                providerRunning = false
                runProvider(.boot)
            case .appUpdated:
                providerRunning = false
                runProvider(.appUpdate)
            case .firstUnlock where builtWhileProtected:
                runProvider(.firstUnlock)
            default: break
            }
        }
    }

    /// A reload request from the app, a push-woken app, or a widget button.
    private func request(_ reason: ReloadReason, free: Bool) {
        if reloadPending { return }   // coalesced into the run that has not started yet
        if providerRunning {
            // The running provider may have read the old data: one more run after it.
            if reloadAgain == nil && (free || spendBudget()) { reloadAgain = reason }
            return
        }
        if !free && !spendBudget() {
            world.engine.log(world.ids.widgetHost, "reloadRefused", "budget spent")
            return
        }
        runProvider(reason)
    }

    /// Charges one reload to the rolling budget; Developer Mode lifts the budget (docs/model.md#power).
    private func spendBudget() -> Bool { world.p.device.developerAttached || budget.spend(at: world.now) }

    private func runProvider(_ reason: ReloadReason) {
        if reloadPending { return }
        reloadPending = true
        let delay = world.p.widget.reloadDelay.sampleTime(&world.rng.reloadDelayFor[Int(reason.rawValue)])
        world.engine.send(.runProvider(reason), to: world.ids.widgetHost, after: delay)
    }

    private func launchProvider(_ reason: ReloadReason) {
        let w = world
        if w.measuring { reloadsRun += 1 }
        if w.engine.isRunning(w.ids.provider) { w.engine.end(w.ids.provider, .normal) }
        w.engine.launch(w.ids.provider, by: .widgetHost,
                        limits: ProcessLimits(timeBudget: w.p.widget.providerTimeBudget,
                                             memoryLimit: w.p.device.developerAttached ? nil : w.p.widget.memoryLimit),
                        first: .buildTimeline(reason))
    }

    /// Arms the timer of the current timeline's entry for `slot`, at the slot's start.
    private func scheduleEntry(_ slot: Int32) {
        let at = SimTime(slot) * world.p.widget.slotEvery
        if let e = entries, at < world.p.duration {
            world.engine.send(.entryDue(timeline: e.timeline, slot: slot), to: world.ids.widgetHost, at: max(at, world.now))
        }
    }

    private func setHint(_ t: SimTime, keepEarlier: Bool = false) {
        if keepEarlier && nextHint > world.now && nextHint <= t { return }
        nextHint = t
        hintGeneration += 1
        if t < world.p.duration {
            world.engine.send(.hintDue(generation: hintGeneration), to: world.ids.widgetHost, at: t)
        }
    }

    /// The timeline's hint came due: reload if budget remains, else when it returns.
    private func hintDue() {
        let w = world
        if reloadPending || providerRunning { return }
        let available = budget.nextAvailable(at: w.now)   // never later than now while Developer Mode charges nothing
        if available > w.now {
            setHint(available)
            return
        }
        _ = spendBudget()
        runProvider(.hint)
    }
}
