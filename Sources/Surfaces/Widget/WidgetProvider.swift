import SimKernel
import Platform

/// What the widget's provider accepts: the host's request for a timeline, and the reply
/// to its own fetch.
enum WidgetProviderInput {
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
final class WidgetProvider: SimulatedProcess<WidgetProviderInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The measurement layer it reports to and never reads, held strongly as the system is.
    let measure: Measurement
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// In memory during one run only.
    private var building: WidgetProviderBuild?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// This run found the shared session entry closed by its protection class.
    private var sessionProtected = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// This run draws the gallery's preview, not a timeline.
    private var previewRun = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The widget extension's own container: a provider run is short-lived, so what it learns
    /// for the next run is kept here (`discardMemory` leaves it).
    private var container = WidgetContainer()

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The provider's own random stream (reload jitter).
    private var rng: WidgetProviderStreams

    init(world: World) { self.world = world; os = world.os; measure = world.measure; rng = WidgetProviderStreams(replicationSeed: world.seed) }

    override func discardMemory() { building = nil }

    override func ended(_ reason: ProcessEnd, engine: Engine) {
        if previewRun {
            // A preview run counts in no reload measure; one that died leaves the gallery the
            // platform's placeholder, and the widget's own views and hint are untouched.
            previewRun = false
            if reason != .normal { engine.send(.preview(view: .noView), to: world.ids.widgetHost) }
            return
        }
        if reason == .killedForTime || reason == .killedForMemory {
            measure.report(.providerKilled(forMemory: reason == .killedForMemory))
            os.widgetHostProviderDied()
        } else if reason == .crashed {
            measure.report(.providerCrashed)
            os.widgetHostProviderDied()
        }
    }

    override func receive(_ input: WidgetProviderInput, engine: Engine) {
        let w = world
        switch input {
        case .buildPreview:
            previewRun = true
            guard engine.allocate(w.ids.widgetProvider, bytes: w.p.widget.providerMemory) else { return }
            let view = makePreview()
            w.send(.preview(view: os.enclose(view)), to: w.ids.widgetHost)
            w.withEngine { $0.end(w.ids.widgetProvider, .normal) }
        case .buildTimeline:                 // the reason shows in traces; the build is the same
            previewRun = false
            measure.report(.providerRun)
            guard engine.allocate(w.ids.widgetProvider, bytes: w.p.widget.providerMemory) else { return }
            let projection = os.readSharedProjection()
            // Its fields are read where the read left them (optional chaining), not bound to a copy.
            if let schema = projection?.schemaVersion, !decodes(schema) {
                engine.end(w.ids.widgetProvider, .crashed)     // the host keeps the old picture
                return
            }
            let lookUp = os.lookUpSharedSession()
            var session: SessionToken? = nil
            if case .found(let token) = lookUp { session = token }
            if lookUp != .notFound { container.sessionEntrySeen = true }
            sessionProtected = lookUp == .protected
            let age = (projection?.data.readAt).map { w.now - $0 } ?? Time.never
            let found = projection != nil
            building = WidgetProviderBuild(projection: consume projection, session: session)    // what the run holds in memory
            if w.p.widget.fetchesOwnData, session != nil, !found || age > w.p.widget.maxAge {
                os.request(.compactFetch, from: w.ids.widgetProvider, to: w.ids.backend, credential: session!.id)
                return
            }
            finish()
        case .reply(let reply):
            if reply.status == .ok, let data = os.data(of: reply), var b = building {
                let fresh = SharedStorageArea.Projection(data: data, schemaVersion: os.schemaVersion)
                os.writeSharedProjection(fresh)
                b.projection = fresh
                building = b
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
        schemaVersion == os.schemaVersion || world.p.widget.projectionSchema != .unversioned
    }

    /// Builds the view from what it has and hands the timeline to the host.
    private func finish() {
        let w = world
        // The run hands over what it built and ends: what it held is taken, not copied.
        var held: WidgetProviderBuild? = nil
        swap(&held, &building)
        guard let b = held else { return }
        // Data or session closed until first unlock (or while locked): a placeholder, and the
        // host rebuilds at the first unlock.
        let protectedData = !os.device.canRead(os.shared.projectionProtection) || sessionProtected
        let view = makeView(projection: b.projection, session: b.session, protectedData: protectedData)
        let next = nextReload()
        // Scheduled entries: one per slot of the data's own schedule until the next reload,
        // drawn now from the same data (docs/model.md#timelines).
        var lastSlot = view.slot
        if view.slot >= 0 && w.p.widget.timeline == .scheduledEntries {
            lastSlot = max(view.slot, Int32(clamping: min(next, w.p.duration) / w.p.widget.slotEvery))
        }
        w.send(.timeline(view: os.enclose(view), nextReload: SimInstant(next), protectedData: protectedData, lastSlot: lastSlot),
                      to: w.ids.widgetHost)
        w.withEngine { $0.end(w.ids.widgetProvider, .normal) }
    }

    private func makeView(projection: SharedStorageArea.Projection?, session: SessionToken?, protectedData: Bool) -> View {
        let w = world
        if !os.shared.granted { return .blank(.nothingYet) }           // docs/model.md#app-group-refused: "Nothing yet"
        if protectedData { return .blank(.placeholder) }
        // A session entry it once read is gone: the account signed out. (With a session the app
        // keeps to itself there was never an entry, and the widget shows what the app projects.)
        if session == nil && container.sessionEntrySeen { return .blank(.signedOut) }
        // The projection's fields are read in place (`projection!.…`), not bound to a copy of it.
        guard projection != nil else { return .blank(.nothingYet) }
        if projection!.schemaVersion != os.schemaVersion {
            switch w.p.widget.projectionSchema {
            case .versionedAppMigrates: return .blank(.nothingYet)
            case .versionedReadsOld, .unversioned: break   // an unversioned one never decodes this far
            }
        }
        let object = resolveConfiguredTarget(in: os.lists[projection!.data.objects])
        if object < 0 { return .blank(.targetGone) }
        let slot = w.p.widget.slotEvery > 0 ? Int32(clamping: w.now / w.p.widget.slotEvery) : -1
        // The object's name as the data it read has it (docs/model.md#configured-targets).
        return View(kind: .data, account: projection!.data.account, changes: projection!.data.changes,
                    readAt: projection!.data.readAt, showsAge: w.p.widget.showsDataAge, object: object, slot: slot,
                    name: os.lists.nameVersion(of: object, objects: projection!.data.objects, names: projection!.data.names))
    }

    /// The gallery's preview (docs/model.md#the-gallery-preview; the chapter's snapshot, "a realistic
    /// single entry for previews, gallery display"). With `widget.preview: fixture` it is drawn from
    /// representative fixture data bundled with the widget, whatever the account holds; with
    /// `accountData` the provider reads the projection and the session as for a timeline and
    /// draws the account's data into the gallery.
    private func makePreview() -> View {
        let w = world
        switch w.p.widget.preview {
        case .fixture:
            return .blank(.fixture)
        case .accountData:
            let projection = os.readSharedProjection()
            // A projection it cannot decode: the gallery's placeholder.
            if let schema = projection?.schemaVersion, !decodes(schema) { return .blank(.placeholder) }
            let lookUp = os.lookUpSharedSession()
            var session: SessionToken? = nil
            if case .found(let token) = lookUp { session = token }
            let protectedData = !os.device.canRead(os.shared.projectionProtection) || lookUp == .protected
            return makeView(projection: projection, session: session, protectedData: protectedData)
        }
    }

    /// The reload hint: `widget.reloadAfter` from now, on a round clock time when
    /// reloads are aligned, plus a uniform jitter.
    private func nextReload() -> SimTime {
        let w = world
        let period = max(w.p.widget.reloadAfter, 1)
        var t = w.now + period
        if w.p.widget.alignReloads { t = (t / period) * period }
        if t <= w.now { t += period }
        if w.p.widget.jitter > 0 { t += SimTime(rng.widget.uniform() * Double(w.p.widget.jitter)) }
        return t
    }
}

/// What a provider run holds in memory while it builds: the projection and the session it read.
/// A named struct, not a tuple in an optional, so that the release build destroys it with
/// code specialised for it rather than through the optional's generic value witness.
private struct WidgetProviderBuild {
    var projection: SharedStorageArea.Projection?
    var session: SessionToken?
}

/// How the assembly wires the widgetProvider program (`AssembledProgram`).
extension WidgetProvider: AssembledProgram {
    typealias Input = WidgetProviderInput
    static var programName: String { "widgetProvider" }
    /// The widget host launches it for a timeline or the gallery's preview.
    static func hears(_ system: inout SystemWiring, at address: Address<WidgetProviderInput>, _ p: Parameters) {
        guard p.widget.enabled else { return }
        system.widgetProvider = LaunchRoute(to: address, wrapping: WidgetBuildAsInput.self)
    }
    static var endsWithThePhone: Bool { true }
    static var requestsCountUnder: CostSurface? { .widget }
    /// At time 0: not started; the widget host launches it when a timeline is due.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

/// The widget extension's own container: a provider run is short-lived, so what it learns
/// for the next run is kept here.
struct WidgetContainer {
    /// A provider run once found the shared session entry (so its absence means signed out).
    var sessionEntrySeen = false
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension WidgetProviderInput: ReplyInput {}

/// What the widget host launches the provider for, as the provider's input.
enum WidgetBuildAsInput: InputWrapping {
    static func wrap(_ build: WidgetBuild) -> WidgetProviderInput {
        switch build {
        case .timeline(let reason): return .buildTimeline(reason)
        case .preview: return .buildPreview
        }
    }
}
