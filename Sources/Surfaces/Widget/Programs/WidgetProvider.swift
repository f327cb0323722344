import SimKernel
import Platform
import SurfaceCore

/// What the widget's provider accepts: the host's request for a timeline, and the reply
/// to its own fetch.
package enum WidgetProviderInput {
    /// Build a timeline (the reason shows in traces; the build is the same).
    case buildTimeline(ReloadReason)
    /// Draw the widget gallery's preview (the snapshot, docs/model.md#the-gallery-preview).
    case buildPreview
    case reply(Reply)
}

/// The widget's provider (§25.4 `buildTimeline`; docs/model.md#widget): a short-lived process that
/// reads the shared storage area, in some designs calls the backend's compact endpoint,
/// and returns a timeline with a reload hint. It runs under a time budget and a memory
/// limit; past either it is killed and the host keeps the old views. Asked for the gallery's
/// preview, it draws fixture data or, in the leaking design, the account's data.
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context`, the widget host and the backend through its `ports`, and keeps everything in `state`.
package final class WidgetProvider: SurfaceProgram<WidgetProviderInput, WidgetProviderState, WidgetProviderPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let lists: ListNamesService
    package let sharedStorage: SharedStorageService
    package let device: DeviceService
    package let widgets: WidgetService
    /// The widget's parameters (`widget.*`).
    package let p: Parameters.Widget
    /// The replication's length (`duration`): scheduled entries run up to it at most.
    package let duration: SimTime

    /// The measurement layer's record of the widget's signals, which it only emits into
    /// (`WidgetMetrics.swift`).
    package let signals: WidgetSignals

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        lists = setup.platform.lists
        sharedStorage = setup.platform.sharedStorage
        device = setup.platform.device
        widgets = setup.platform.widgets
        signals = setup.measure.signals(WidgetSignals.self)
        p = setup.parameters.widget
        duration = setup.parameters.duration
        super.init(setup, state: WidgetProviderState(rng: WidgetProviderStreams(replicationSeed: setup.seed)))
    }

    /// A run's memory (what it builds) goes at its end.
    package override func discardMemory() { state.memory = WidgetProviderMemory() }

    package override func ended(_ reason: ProcessEnd) {
        if state.previewRun {
            // A preview run counts in no reload measure; one that died leaves the gallery the
            // platform's placeholder, and the widget's own views and hint are untouched.
            state.previewRun = false
            if reason != .normal { context.send(.preview(view: .noView), to: ports.widgetHost) }
            return
        }
        if reason == .killedForTime || reason == .killedForMemory {
            signals.emit(.providerKilled(forMemory: reason == .killedForMemory))
            widgets.providerDied()
        } else if reason == .crashed {
            signals.emit(.providerCrashed)
            widgets.providerDied()
        }
    }

    package override func receive(_ input: WidgetProviderInput) {
        switch input {
        case .buildPreview:
            state.previewRun = true
            guard context.allocate(bytes: p.providerMemory) else { return }
            let view = makePreview()
            context.send(.preview(view: network.enclose(view)), to: ports.widgetHost)
            context.end()
        case .buildTimeline:                 // the reason shows in traces; the build is the same
            state.previewRun = false
            signals.emit(.providerRun)
            guard context.allocate(bytes: p.providerMemory) else { return }
            let projection = sharedStorage.readProjection()
            // Its fields are read where the read left them (optional chaining), not bound to a copy.
            if let schema = projection?.schemaVersion, !decodes(schema) {
                context.end(.crashed)     // the host keeps the old picture
                return
            }
            let lookUp = sharedStorage.lookUpSession()
            var session: SessionToken? = nil
            if case .found(let token) = lookUp { session = token }
            if lookUp != .notFound { state.container.sessionEntrySeen = true }
            state.memory.sessionProtected = lookUp == .protected
            let age = (projection?.data.readAt).map { context.now - $0 } ?? Time.never
            let found = projection != nil
            state.memory.building = WidgetProviderBuild(projection: consume projection, session: session)    // what the run holds in memory
            if p.fetchesOwnData, session != nil, !found || age > p.maxAge {
                network.request(.compactFetch, from: context.me, to: ports.backend, credential: session!.id)
                return
            }
            finish()
        case .reply(let reply):
            if reply.status == .ok, let data = network.data(of: reply), var b = state.memory.building {
                let fresh = SharedStorageArea.Projection(data: data, schemaVersion: sharedStorage.schemaVersion)
                sharedStorage.writeProjection(fresh)
                b.projection = fresh
                state.memory.building = b
            }
            finish()
        }
    }

    /// Whether this version of the widget decodes the projection on disk, written with schema
    /// `schemaVersion` (docs/model.md#the-widgets-projection's projection contract). A versioned
    /// projection says which shape it is, so a reader of another version knows and decides
    /// (`versionedReadsOld` reads it, `versionedAppMigrates` waits for the app). An unversioned
    /// one written by another app version is read as if it were this version's shape, its
    /// fields do not match, decoding throws, and the provider dies: the host keeps the old
    /// picture until the app rewrites the projection.
    private func decodes(_ schemaVersion: Int32) -> Bool {
        schemaVersion == sharedStorage.schemaVersion || p.projectionSchema != .unversioned
    }

    /// Builds the view from what it has and hands the timeline to the host.
    private func finish() {
        // The run hands over what it built and ends: what it held is taken, not copied.
        var held: WidgetProviderBuild? = nil
        swap(&held, &state.memory.building)
        guard let b = held else { return }
        // Data or session closed until first unlock (or while locked): a placeholder, and the
        // host rebuilds at the first unlock.
        let protectedData = !device.state.canRead(sharedStorage.projectionProtection) || state.memory.sessionProtected
        let view = makeView(projection: b.projection, session: b.session, protectedData: protectedData)
        let next = nextReload()
        // Scheduled entries: one per slot of the data's own schedule until the next reload,
        // drawn now from the same data (docs/model.md#timelines).
        var lastSlot = view.slot
        if view.slot >= 0 && p.timeline == .scheduledEntries {
            lastSlot = max(view.slot, Int32(clamping: min(next, duration) / p.slotEvery))
        }
        context.send(.timeline(view: network.enclose(view), nextReload: SimInstant(next), protectedData: protectedData, lastSlot: lastSlot),
                     to: ports.widgetHost)
        context.end()
    }

    private func makeView(projection: SharedStorageArea.Projection?, session: SessionToken?, protectedData: Bool) -> View {
        if !sharedStorage.granted { return .blank(.nothingYet) }           // docs/model.md#app-group-refused: "Nothing yet"
        if protectedData { return .blank(.placeholder) }
        // A session entry it once read is gone: the account signed out. (With a session the app
        // keeps to itself there was never an entry, and the widget shows what the app projects.)
        if session == nil && state.container.sessionEntrySeen { return .blank(.signedOut) }
        // The projection's fields are read in place (`projection!.…`), not bound to a copy of it.
        guard projection != nil else { return .blank(.nothingYet) }
        if projection!.schemaVersion != sharedStorage.schemaVersion {
            switch p.projectionSchema {
            case .versionedAppMigrates: return .blank(.nothingYet)
            case .versionedReadsOld, .unversioned: break   // an unversioned one never decodes this far
            }
        }
        let object = resolveConfiguredTarget(in: lists[projection!.data.objects])
        if object < 0 { return .blank(.targetGone) }
        let slot = p.slotEvery > 0 ? Int32(clamping: context.now / p.slotEvery) : -1
        // The object's name as the data it read has it (docs/model.md#configured-targets).
        return View(kind: .data, account: projection!.data.account, changes: projection!.data.changes,
                    readAt: projection!.data.readAt, showsAge: p.showsDataAge, object: object, slot: slot,
                    name: lists.nameVersion(of: object, objects: projection!.data.objects, names: projection!.data.names))
    }

    /// The gallery's preview (docs/model.md#the-gallery-preview; the chapter's snapshot, "a realistic
    /// single entry for previews, gallery display"). With `widget.preview: fixture` it is drawn from
    /// representative fixture data bundled with the widget, whatever the account holds; with
    /// `accountData` the provider reads the projection and the session as for a timeline and
    /// draws the account's data into the gallery.
    private func makePreview() -> View {
        switch p.preview {
        case .fixture:
            return .blank(.fixture)
        case .accountData:
            let projection = sharedStorage.readProjection()
            // A projection it cannot decode: the gallery's placeholder.
            if let schema = projection?.schemaVersion, !decodes(schema) { return .blank(.placeholder) }
            let lookUp = sharedStorage.lookUpSession()
            var session: SessionToken? = nil
            if case .found(let token) = lookUp { session = token }
            let protectedData = !device.state.canRead(sharedStorage.projectionProtection) || lookUp == .protected
            return makeView(projection: projection, session: session, protectedData: protectedData)
        }
    }

    /// The reload hint: `widget.reloadAfter` from now, on a round clock time when
    /// reloads are aligned, plus a uniform jitter.
    private func nextReload() -> SimTime {
        let now = context.now
        let period = max(p.reloadAfter, 1)
        var t = now + period
        if p.alignReloads { t = (t / period) * period }
        if t <= now { t += period }
        if p.jitter > 0 { t += SimTime(state.rng.widget.uniform() * Double(p.jitter)) }
        return t
    }
}

/// Everything the widget provider keeps (`SurfaceProgram.state`): a run's memory, whether the
/// run draws the gallery's preview, the widget extension's container and its random stream.
package struct WidgetProviderState {
    /// A run's memory, gone when the run ends.
    package var memory = WidgetProviderMemory()
    /// This run draws the gallery's preview, not a timeline: kept past `discardMemory`, since
    /// what the run's end does depends on it (a preview run counts in no reload measure).
    package var previewRun = false
    /// The widget extension's own container: a provider run is short-lived, so what it learns
    /// for the next run is kept here (`discardMemory` leaves it), read and written by this program only.
    package var container = WidgetContainer()
    /// The provider's own random stream (reload jitter).
    package var rng: WidgetProviderStreams
}

/// What a provider run holds in memory (docs/model.md#widget).
package struct WidgetProviderMemory {
    /// What it builds: the projection and the session it read.
    fileprivate var building: WidgetProviderBuild? = nil
    /// This run found the shared session entry closed by its protection class.
    package var sessionProtected = false
}

/// The widget provider's peers: the widget host it hands timelines and previews to, and the
/// backend it fetches from in the designs where it fetches its own data.
package struct WidgetProviderPorts: ProgramPorts {
    package let widgetHost: Address<WidgetHostInput>
    package let backend: Address<BackendInput>
    package init(_ peers: Peers) {
        widgetHost = peers.peer()
        backend = peers.peer()
    }
}

/// What a provider run holds in memory while it builds: the projection and the session it read.
/// A named struct, not a tuple in an optional, so that the release build destroys it with
/// code specialised for it rather than through the optional's generic value witness.
private struct WidgetProviderBuild {
    package var projection: SharedStorageArea.Projection?
    package var session: SessionToken?
}

/// How the assembly wires the widgetProvider program (`AssembledProgram`).
extension WidgetProvider: AssembledProgram {
    package typealias Input = WidgetProviderInput
    package static var programName: String { "widgetProvider" }
    /// The widget host launches it for a timeline or the gallery's preview.
    package static func hears(_ system: inout SystemWiring, at address: Address<WidgetProviderInput>, _ p: Parameters) {
        guard p.widget.enabled else { return }
        system.widgetProvider = LaunchRoute(to: address, wrapping: WidgetBuildAsInput.self)
    }
    package static var endsWithThePhone: Bool { true }
    package static var requestsCountUnder: CostSurface? { .widget }
    /// At time 0: not started; the widget host launches it when a timeline is due.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

/// The widget extension's own container: a provider run is short-lived, so what it learns
/// for the next run is kept here.
package struct WidgetContainer {
    /// A provider run once found the shared session entry (so its absence means signed out).
    package var sessionEntrySeen = false
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension WidgetProviderInput: ReplyInput {}

/// What the widget host launches the provider for, as the provider's input.
package enum WidgetBuildAsInput: InputWrapping {
    package static func wrap(_ build: WidgetBuild) -> WidgetProviderInput {
        switch build {
        case .timeline(let reason): return .buildTimeline(reason)
        case .preview: return .buildPreview
        }
    }
}
