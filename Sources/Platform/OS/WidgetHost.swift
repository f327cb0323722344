import SimKernel

/// What the widget host accepts (§25.4).
public enum WidgetHostInput: Sendable {
    /// A reload request from the app, a push-woken app, an action or a widget button (free or charged to the budget).
    case reloadRequest(free: Bool, reason: ReloadReason)
    /// The timeline's reload hint comes due (its own timer; a later hint supersedes it).
    case hintDue(generation: Int64)
    /// A scheduled provider run starts now.
    case runProvider(ReloadReason)
    /// The provider returned a timeline: a view (its entry in the system's views in flight, `OperatingSystem.viewsInFlight`), its
    /// reload hint, and the last slot of the data's schedule it holds an entry for (the view's
    /// own slot when it holds one entry).
    case timeline(view: ViewID, nextReload: SimInstant, protectedData: Bool, lastSlot: Int32)
    /// The timeline's entry for `slot` becomes current (its own timer; a newer timeline supersedes it).
    case entryDue(timeline: Int64, slot: Int32)
    /// The provider was killed or crashed: the old views stay and the pending reload is over.
    case providerDied
    case deviceNotice(DeviceNotice)
    /// The user opens the widget gallery (its own timer): the system asks the provider for a preview.
    case galleryOpened
    /// The provider returned the gallery's preview (its entry in the system's views in flight;
    /// `noView`: the run died, and the gallery shows the platform's placeholder).
    case preview(view: ViewID)
    /// The phone locked or unlocked (with `widget.redactsWhenLocked`): the system redacts the
    /// stored view while locked and shows it again when unlocked.
    case lockChanged
}

/// The widget host (§25.4; docs/model.md#widget; docs/model.md#the-widgets-projection): the system part of a widget. It
/// stores the views a provider returned and shows them with no app code running — a
/// stored view is a picture, so clearing the data it came from does not change it. It
/// decides when the provider runs: on the app's reload request (a request, not a
/// command: delayed, coalesced, refused when the budget is spent, free while the app is
/// in the foreground), when the timeline's hint comes due and budget remains, on a
/// widget button (free), and after a restart or an app update. It also asks the provider
/// for the gallery's preview when the user opens the widget gallery
/// (docs/model.md#the-gallery-preview), and with `widget.redactsWhenLocked` draws the
/// redacted view in place of data while the phone is locked
/// (docs/model.md#lock-screen-redaction).
///
/// A system process of the platform: it launches the widget extension's provider along the
/// launch route the provider gave the system (`SystemWiring.widgetProvider`, a `WidgetBuild`
/// turned into the provider's input), and reports what it shows to the measurement layer
/// (`PlatformObserver`).
public final class WidgetHost: SimulatedProcess<WidgetHostInput> {
    /// The operating system it is part of, held strongly (no reference counting per call);
    /// unregistering the processes breaks the cycle through the engine at the end.
    let os: OperatingSystem
    /// The widget's figures, read once (`PlatformSettings.widget`).
    private let widget: WidgetSettings
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
    /// The hint's alarm went off in a deep Doze idle window and waits for its end (`alarmsWait`).
    private var hintWaitsForDoze = false
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
    /// The view of the current timeline entry, which the host shows (redacted while locked).
    private var stored: View = .blank(.placeholder)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Gallery opens waiting for the provider to finish a timeline before it draws their preview.
    private var previewsOwed = 0

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The host's own random streams (gallery opens, reload delays).
    private var rng: WidgetHostStreams

    /// The widget host of the system `os` in the replication seeded `seed` (its own streams).
    init(os: OperatingSystem, seed: UInt64) {
        rng = WidgetHostStreams(replicationSeed: seed)
        self.os = os
        widget = os.settings.widget
        budget = RollingBudget(limit: widget.budgetPerDay, window: Time.day)
    }
    /// The widget host of the system whose capabilities are `platform`, seeded `seed`.
    public convenience init(platform: PlatformCapabilities, seed: UInt64) {
        self.init(os: platform.system.takeUnretainedValue(), seed: seed)
    }
    override public func discardMemory() {}

    /// Its own address, and the provider's launch route (the system's wiring holds them).
    private var address: Address<WidgetHostInput> { os.wired(os._wiring.widgetHost, "widgetHost") }
    private var provider: LaunchRoute<WidgetBuild> { os.wired(os._wiring.widgetProvider, "widgetProvider") }

    /// Launches the provider for `build` under `limits` (its route's box read in place).
    private func launchProvider(for build: WidgetBuild, limits: ProcessLimits) {
        if os.providerCell == nil { os.providerCell = os.keep(RouteCell(provider)) }
        _ = os.providerCell.unsafelyUnwrapped._withUnsafeGuaranteedRef { cell in
            os.engineRef._withUnsafeGuaranteedRef { $0.launch(via: cell.route, for: build, by: .widgetHost, limits: limits) }
        }
    }
    /// The provider's process.
    private var providerProcess: ProcessID { os.wired(os._wiring.widgetProvider, "widgetProvider").process }

    /// The widget starts as the platform's placeholder; the first timeline is asked for at boot.
    public func start() {
        if let trace = os.engine.attachedTrace { trace.sample(os.now, Self.budgetCounter, Double(widget.budgetPerDay)) }
        os.observer.widgetStartsWithPlaceholder()
        runProvider(.boot)
        scheduleGalleryOpen()
    }

    override public func receive(_ input: WidgetHostInput, engine: Engine) {
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
            display(v)
            if slot < e.lastSlot { scheduleEntry(slot + 1) }
        case .runProvider(let reason):
            reloadPending = false
            providerRunning = true
            launchProvider(reason)
        case .timeline(let view, let next, let protectedData, let lastSlot):
            providerRunning = false
            builtWhileProtected = protectedData
            let slot = os.viewsInFlight[view.index].slot
            timelines += 1
            if slot >= 0 && lastSlot > slot {
                entries = (os.viewsInFlight[view.index], lastSlot, timelines)
            } else {
                entries = nil
            }
            // The view is read where the message left it and handed on, not copied out first.
            display(os.viewsInFlight[view.index])
            if entries != nil { scheduleEntry(slot + 1) }
            setHint(next.time)
            if let again = reloadAgain {
                reloadAgain = nil
                runProvider(again)
            }
            drawPreviewsOwed()
        case .providerDied:
            // The old views stay; the old policy holds: the next reload follows the hint.
            providerRunning = false
            reloadAgain = nil
            setHint(os.now + widget.reloadAfter, keepEarlier: true)
            drawPreviewsOwed()
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
            case .dozeWindow where hintWaitsForDoze:
                // The idle window that held the hint's alarm is over: it goes off now.
                hintWaitsForDoze = false
                hintDue()
            default: break
            }
        case .galleryOpened:
            scheduleGalleryOpen()
            if engine.isRunning(providerProcess) {
                previewsOwed += 1           // a timeline run is reading: the preview after it
            } else {
                launchPreview()
            }
        case .preview(let view):
            os.observer.galleryShowsPreview(!view.holdsView ? .blank(.placeholder) : os.viewsInFlight[view.index])
        case .lockChanged:
            display(stored)
        }
    }

    /// Shows the current entry's view: the system's redacted view in its place while the phone is
    /// locked, when the widget redacts (a view without data has nothing to redact). No code of
    /// the app runs (docs/model.md#lock-screen-redaction).
    private func display(_ view: consuming View) {
        let redacted = widget.redactsWhenLocked && os.device.locked && view.kind == .data
        stored = copy view
        os.observer.widgetShows(view, redacted: redacted)
    }

    /// The user's next open of the widget gallery (`widget.galleryOpens.perDay`).
    private func scheduleGalleryOpen() {
        os.scheduleArrival(perDay: widget.galleryOpensPerDay, rng: &rng.widgetGallery, .galleryOpened, to: address)
    }

    /// Runs the provider for one gallery preview: no budget, not a reload.
    private func launchPreview() {
        launchProvider(for: .preview, limits: ProcessLimits(timeBudget: widget.providerTimeBudget, memoryLimit: widget.memoryLimit))
    }

    /// Draws the previews of gallery opens that came while a timeline run was reading.
    private func drawPreviewsOwed() {
        while previewsOwed > 0 && !os.engineRef._withUnsafeGuaranteedRef({ $0.isRunning(providerProcess) }) {
            previewsOwed -= 1
            launchPreview()
        }
    }

    /// A reload request from the app, a push-woken app, or a widget button.
    private func request(_ reason: ReloadReason, free: Bool) {
        if reloadPending { return }   // coalesced into the run that has not started yet
        if providerRunning {
            // The running provider may have read the old data: one more run after it.
            if reloadAgain == nil {
                if free || spendBudget() {
                    reloadAgain = reason
                } else {
                    os.observer.platformDid(.widgetReloadRefused)
                    os.engine.log(address, "refused", "reload after the running one (\(reason)): budget spent")
                }
            }
            return
        }
        if !free && !spendBudget() {
            os.engine.log(address, "reloadRefused", "budget spent")
            os.observer.platformDid(.widgetReloadRefused)
            return
        }
        runProvider(reason)
    }

    /// Charges one reload to the rolling budget; Developer Mode lifts the budget (docs/model.md#power).
    @inline(__always)
    private func spendBudget() -> Bool {
        if os.settings.developerAttached { return true }
        guard budget.spend(at: os.now) else { return false }
        // The reload that spends the last use left tells the measurement layer the budget ran out.
        if budget.remaining(at: os.now) == 0 { os.observer.platformDid(.widgetBudgetExhausted) }
        if let trace = os.engine.attachedTrace { traceBudgetSpent(trace) }
        return true
    }

    /// The trace's budget counter: one use less now, given back when it leaves the rolling day.
    private func traceBudgetSpent(_ trace: TraceLog) {
        trace.sample(os.now, Self.budgetCounter, -1, .add)
        if os.now + Time.day < os.settings.duration { trace.sample(os.now + Time.day, Self.budgetCounter, 1, .add) }
    }

    /// The trace's counter of the reloads left in the rolling day (docs/cli.md#trace).
    public static let budgetCounter = "widget budget left"


    private func runProvider(_ reason: ReloadReason) {
        if reloadPending { return }
        reloadPending = true
        let delay = widget.reloadDelay.sampleTime(&rng.reloadDelayFor[Int(reason.rawValue)])
        os.send(.runProvider(reason), to: address, after: delay)
    }

    private func launchProvider(_ reason: ReloadReason) {
        os.observer.platformDid(.widgetReloadRan)
        let process = providerProcess
        os.engineRef._withUnsafeGuaranteedRef { if $0.isRunning(process) { $0.end(process, .normal) } }
        launchProvider(for: .timeline(reason),
                       limits: os.settings.extensionRun(ProcessLimits(timeBudget: widget.providerTimeBudget, memoryLimit: widget.memoryLimit)))
    }

    /// Arms the timer of the current timeline's entry for `slot`, at the slot's start.
    private func scheduleEntry(_ slot: Int32) {
        let at = SimTime(slot) * widget.slotEvery
        if let e = entries, at < os.settings.duration {
            os.send(.entryDue(timeline: e.timeline, slot: slot), to: address, after: max(at, os.now) - os.now)
        }
    }

    private func setHint(_ t: SimTime, keepEarlier: Bool = false) {
        if keepEarlier && (hintWaitsForDoze || nextHint > os.now) && nextHint <= t { return }
        nextHint = t
        hintWaitsForDoze = false
        hintGeneration += 1
        if t < os.settings.duration {
            os.send(.hintDue(generation: hintGeneration), to: address, after: t - os.now)
        }
    }

    /// The timeline's hint came due: reload if budget remains, else when it returns. The hint's
    /// timer is a standard alarm (Android's periodic widget update): in a deep Doze idle window
    /// it waits for the window's end (docs/model.md#power).
    private func hintDue() {
        if reloadPending || providerRunning { return }
        if os.alarmsWait {
            hintWaitsForDoze = true
            os.engine.log(address, "alarmDeferred", "doze")
            return
        }
        let now = os.now
        let available = budget.nextAvailable(at: now)   // never later than now while Developer Mode charges nothing
        if available > now {
            os.engine.log(address, "refused", "hint reload: budget spent until \(Time.seconds(available)) s")
            setHint(available)
            return
        }
        _ = spendBudget()
        runProvider(.hint)
    }
}
