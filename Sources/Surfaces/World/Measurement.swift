import SimKernel
import Platform

/// What a program reports to the measurement layer that belongs to no one surface (docs/metrics.md):
/// which surfaces hold the account (the sign-out's leaks, by the registry of account holders)
/// and the names at the backend (what the widget's names are measured against, as the truth is
/// for data). Everything a surface does that its metrics count it emits into its own signals
/// (`SurfaceSignals`, in its `<Surface>Metrics.swift`).
package enum MeasuredEvent {
    /// A surface now holds the signed-in account, or no longer does.
    case holdsAccount(AccountHolder, Bool)
    /// The backend renamed object `object`: its name's version is now `version`.
    case renamed(object: Int32, version: Int32)
}

/// The measurement layer of one replication (docs/metrics.md): an observer of each registered
/// surface's screen (`ObservedSurface`), the truth they are measured against, the glances it
/// takes itself (the widget's and the app's, with the widget's counts), each surface's record
/// of its own signals (`signals(_:)`), which surfaces hold the account (for the sign-out's
/// leaks), the names at the backend, what the platform's mechanisms did and the backend's cost.
/// Programs report to it through `shows`, `glance`, `report` and their surface's
/// `signals(_:).emit`; the result builder (`Assembly+Report.swift`) reads it at the end. A
/// surface added from outside reaches it only through `signals(_:)`.
public final class Measurement {
    let truth: Truth
    /// The observers of every registered surface's screen (`ObservedSurface`), in the
    /// registry's order; a program resolves its own once (`observer(_:)`).
    @_spi(Assembly) public let observers: [SurfaceObserver]
    /// The same observers held unmanaged (`observers` keeps them): what the layer walks each
    /// time the truth changes, without retaining and releasing each observer on the way.
    private let observersInPlace: [Unmanaged<SurfaceObserver>]
    /// The widget's and the app's observers, whose glances the layer takes itself (`DeferredGlances`).
    @_spi(Assembly) public let widget: SurfaceObserver
    /// The object the person configured the widget to show (`ObservedSurface.configuredTarget`).
    let widgetTarget: Int32
    let app: SurfaceObserver
    private let engine: Engine
    @usableFromInline let p: Parameters
    /// The replication's seed, which seeds the glance streams (a surface's signals that take
    /// glances draw theirs from it: `LiveStatusSignals`).
    let seed: UInt64
    private let warmup: SimTime

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var result: ReplicationResult

    /// Hands the replication's result over to the report, keeping none of it: copied instead,
    /// the lists would be shared, and the report's first write to a metric would copy every
    /// metric's list over again. Called once, at the end of the replication: nothing records
    /// into the result after it.
    @_spi(Assembly) public func takeResult() -> ReplicationResult {
        let taken = result
        (result.samples, result.values, result.requestsPerMinute) = ([], [], [])
        return taken
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var counters = Counters()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The backend's requests and bytes after the warm-up, by surface and endpoint
    /// (docs/model.md#backend-and-push).
    private(set) var backendCost = BackendCost()
    /// `CostSurface.placeOfBuiltInProcess`, held here: read on every request, the shared table
    /// would be read through its once-only-initialisation check each time.
    private let costSurfacePlaceOfBuiltIn = CostSurface.placeOfBuiltInProcess
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// What the surfaces report holding, for the sign-out's leak measures.
    private(set) var holders = AccountHolders()
    /// `AccountHolder.leaks`, held here: read on a report, the shared table would be read
    /// through its once-only-initialisation check each time.
    private let holderLeaks = AccountHolder.leaks
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When the first account signed out (`Time.never`: it has not).
    private(set) var signedOutAt: SimTime = Time.never
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When each sign-out leak ended (nil: not yet), by metric.
    private var leakEnded: [SimTime?] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Whether the shared storage area's session entry, and its projection, hold the first
    /// account, as of its latest write.
    private var sharedHoldsFirst = (session: false, data: false)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The version of each object's name at the backend, by identifier (`widget.staleName`).
    private var namesAtBackend: [Int32] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// What the app showed when the user last left it, until the look at the widget.
    private var appViewAtReturn: ChangeSet?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// What the platform's mechanisms did (`platformDid`; docs/metrics.md#mechanism-diagnostics).
    /// A surface's signals add what they count of a mechanism to it (a provider killed).
    var mechanisms: MechanismRecord
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Glances at the widget, taken without events (see `DeferredGlances`;
    /// `catchUpWidgetGlances`), drawn from the stream `glances.widget`.
    var widgetGlances: DeferredGlances
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Glances at the app, taken without events (`catchUpAppGlances`), drawn from the stream `glances.app`.
    var appGlances: DeferredGlances
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The bins of the time series a study asked for (`recordSeries`, `Measurement+Series.swift`);
    /// nil, and never read past that check, when it asked for none.
    @_spi(Assembly) public var series: SeriesRecorder?

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Each surface's record of its own signals, with its type's identity (`signals(_:)`): a
    /// handful, found by comparing identities (no hashing, no table to grow).
    private var surfaceSignals: [(type: ObjectIdentifier, record: SurfaceSignals)] = []

    /// The glance streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let widgetGlancesName = SeedMixer.nameHash("glances.widget")
    private static let appGlancesName = SeedMixer.nameHash("glances.app")

    /// The measurement layer of the replication seeded `seed` (which seeds the glance streams).
    package init(_ p: Parameters, engine: Engine, truth: Truth, seed: UInt64) {
        self.engine = engine
        self.seed = seed
        self.truth = truth
        self.p = p
        warmup = p.observe.warmup
        // Each starts with room for a day's glances (a day looks at the widget about a hundred
        // times by default), none for a surface that is off.
        observers = Self.observedSurfaces.map { SurfaceObserver($0, p, seed: seed) }
        observersInPlace = observers.map { Unmanaged.passUnretained($0) }
        surfaceSignals.reserveCapacity(Self.surfaceCount)
        widget = Self.observer(.widget, in: observers)
        widgetTarget = ObservedSurface.widget.configuredTarget ?? -1
        app = Self.observer(.app, in: observers)
        mechanisms = MechanismRecord(warmup: p.observe.warmup)
        result = ReplicationResult(minutes: Int((p.duration + Time.minute - 1) / Time.minute))
        widgetGlances = DeferredGlances(rate: p.observe.widgetGlances, end: p.duration,
                                        rng: RandomStream(replicationSeed: seed, nameHash: Self.widgetGlancesName))
        appGlances = DeferredGlances(rate: p.observe.appGlances, end: p.duration,
                                     rng: RandomStream(replicationSeed: seed, nameHash: Self.appGlancesName))
    }

    @inline(__always) var now: SimTime { engine.now }
    @inline(__always) private var measuring: Bool { engine.now >= warmup }

    /// How many surfaces are registered (each has at most one record of signals), read once.
    private static let surfaceCount = SurfaceRegistry.all.count
    /// Every registered surface's screen, in the registry's order, read once.
    private static let observedSurfaces = SurfaceRegistry.all.flatMap { $0.views }
    /// What each registered surface that hears the widget gallery's previews does with one
    /// (`SurfaceDescriptor.galleryPreviews`), in the registry's order, read once.
    @_spi(Assembly) public static let galleryPreviewHearers = SurfaceRegistry.all.compactMap { $0.galleryPreviews }

    /// The observer of surface `s`'s screen, found by its name: a program resolves it once, as
    /// it is made, not per view. Stops the program when no registered surface declares `s`.
    package func observer(_ s: ObservedSurface) -> SurfaceObserver { Self.observer(s, in: observers) }

    private static func observer(_ s: ObservedSurface, in observers: [SurfaceObserver]) -> SurfaceObserver {
        guard let o = observers.first(where: { $0.name == s.name }) else {
            preconditionFailure("no registered surface declares the screen \(s.name) (SurfaceDescriptor.views)")
        }
        return o
    }

    /// What surface `s` shows now.
    @_spi(Assembly) public func current(_ s: ObservedSurface) -> View { observer(s).current }

    // MARK: What programs report

    /// The surface that `screen` watches shows `view` from now on. A surface showing data of
    /// another account than the first (a watch the phone's second account reached) no longer
    /// shows the first: the leak it declares for that ends (`ObservedSurface.leakEndsAtOtherAccount`).
    package func shows(_ screen: SurfaceObserver, _ view: consuming View) {
        // The view is handed on, not copied.
        if let leak = screen.leakEndsAtOtherAccount, view.kind == .data && view.account != .first { leakEnded(leak) }
        // Glances due before it see the old view.
        if screen.scheduledGlances != nil { catchUpGlances(at: screen, through: now) }
        screen.show(view, at: now, truth: truth)
    }

    /// The widget host now shows its stored picture `stored`, or the system's redacted view in
    /// its place while the phone is locked (docs/model.md#lock-screen-redaction). The sign-out's
    /// widget leak follows the stored picture: a redacted widget shows the account again at the
    /// next unlock, so only a picture without the first account ends it. Glances due before
    /// it see the old picture.
    @_spi(Assembly) public func showsWidget(_ stored: consuming View, redacted: Bool) {
        catchUpWidgetGlances(through: now)
        let leakEnds = stored.account != .first
        if redacted { shows(widget, .blank(.redacted)) } else { shows(widget, stored) }
        if leakEnds { leakEnded(.signoutWidgetLeak) }
    }

    /// Someone looks at the surface `o` watches, now or at a time not after now (seeing what it
    /// shows now): wrong account when it shows the first account once that signed out.
    @inline(__always) package func glance(_ o: SurfaceObserver, at t: SimTime? = nil) {
        let t = t ?? now
        let signedOutAccount = signedOutAt <= t && o.current.kind == .data && o.current.account == .first
        o.glance(at: t, truth: truth, signedOutAccount: signedOutAccount)
    }

    /// The record of the signals of the surface that declares `type` (made on first asking,
    /// one per replication): its programs emit into it, its metrics read it at the end.
    public func signals<S: SurfaceSignals>(_ type: S.Type) -> S {
        let key = ObjectIdentifier(type)
        if let kept = surfaceSignals.first(where: { $0.type == key }) { return unsafeDowncast(kept.record, to: S.self) }
        let made = S(p, engine: engine, measure: self)
        surfaceSignals.append((key, made))
        return made
    }

    /// Records what a platform mechanism did now (`PlatformObserver.platformDid`).
    @_spi(Assembly) public func recordMechanism(_ event: PlatformEvent) { mechanisms.record(event, at: now) }

    /// Records what a program reports.
    package func report(_ event: MeasuredEvent) {
        switch event {
        case .holdsAccount(let holder, let holds):
            let place = AccountHolder.place(of: holder)
            holders.set(place, holds)
            // A surface that lets go of the account after the sign-out ends its leak.
            if !holds { leakEnded(holderLeaks[place]) }
        case .renamed(let id, let version):
            // Glances due so far are taken first: each compares what the widget shows with the
            // names at the backend at its time (see `DeferredGlances`).
            if p.widget.enabled { catchUpWidgetGlances(through: now) }
            let i = Int(id)
            if namesAtBackend.count <= i { namesAtBackend.append(contentsOf: repeatElement(0, count: i + 1 - namesAtBackend.count)) }
            namesAtBackend[i] = version
        }
    }

    /// The truth gains or loses a change now: each observer integrates up to now first.
    func truthWillChange() {
        let t = now
        for o in observersInPlace { o._withUnsafeGuaranteedRef { $0.truthWillChange(at: t, truth: truth) } }
    }

    /// With a trace attached, samples each shown surface's staleness into its counter (after
    /// the truth or what the surface shows changed).
    @_spi(Assembly) public func sampleStaleness() {
        let t = now
        for o in observers { o.sampleStaleness(at: t, truth: truth) }
    }

    // MARK: The widget and the person looking

    /// The version of object `id`'s name at the backend (0 until it is renamed).
    private func nameAtBackend(of id: Int32) -> Int32 { Int(id) < namesAtBackend.count ? namesAtBackend[Int(id)] : 0 }

    /// Someone looks at the widget at `t` (not after now), seeing what it shows now; it was
    /// configured to show object `widgetTarget` (its declaration's `configuredTarget`).
    func glanceWidget(at t: SimTime) {
        // What the widget shows is read in place (`widget.current.…`), not copied out.
        let (kind, account, object, name) = (widget.current.kind, widget.current.account, widget.current.object, widget.current.name)
        let measuring = t >= warmup
        if measuring && kind != .data, let trace = engine.trace { trace.record(t, "glances", "blankWidget", "\(kind)") }
        // The configured target and its name are the first account's: a glance at the second
        // account's data is not one of these (docs/model.md#a-second-account).
        if measuring && kind == .data && account != .second {
            counters.widgetGlancesData += 1
            if object != widgetTarget { counters.widgetWrongTarget += 1 }
            // The object shown has a newer name at the backend than the one drawn.
            if object >= 0 && name >= 0 && nameAtBackend(of: object) > name { counters.widgetStaleName += 1 }
        }
        glance(widget, at: t)
    }

    /// The user leaves the app for the home screen, remembering what it showed, if it showed
    /// data of the first account (else there is nothing to compare the widget with, and the
    /// look at the widget compares nothing).
    package func userLeavesApp() {
        guard measuring, app.current.kind == .data, app.current.account != .second else { return }
        appViewAtReturn = app.current.changes
    }

    /// The look at the widget on return: does it show older data than the app just did?
    /// (Changes that arrived after the user left may reach the two at different moments in any
    /// design; a change the app showed and the widget lacks is the failure.) Nothing is compared
    /// when nothing was remembered; a widget that differs is logged in the trace.
    package func compareWidgetWithApp() {
        guard let a = appViewAtReturn else { return }
        appViewAtReturn = nil
        let w = widget.current
        counters.homeReturns += 1
        var missing = 0
        if w.kind == .data { a.forEachMissing(from: w.changes) { _ in missing += 1 } }
        let differs = w.kind != .data || missing > 0
        guard differs else { return }
        counters.homeReturnsDiffer += 1
        engine.trace?.record(now, "glances", "widgetDiffersFromApp", "widget \(w.kind) lacks \(missing) of the app's changes")
    }

    // MARK: The backend

    /// Counts one backend request in its minute, and under its sender's surface and its
    /// endpoint (`withData`: its reply carries the account's data), once the warm-up is over.
    package func countRequest(_ r: Request, withData: Bool) {
        guard measuring else { return }     // the warm-up's requests are not counted
        let m = Int(now / Time.minute)
        // Counted where `backend.requests` counts it, so the breakdowns sum to it exactly.
        guard m < result.requestsPerMinute.count else { return }
        result.requestsPerMinute[m] &+= 1
        // The surface's place, not the surface: a copy of it would retain and release its fields.
        let place = CostSurface.placeOfProcess(Int(r.from.index), in: costSurfacePlaceOfBuiltIn)
        backendCost.count(r.kind, fromSurfaceAt: place, withData: withData)
        if let series { series.countRequest(r.kind, fromSurfaceAt: place, at: now) }
    }

    // MARK: Sign-out

    /// The first account signs out now (docs/model.md#sign-out). A leak whose surface does not
    /// hold the account at that moment (or that the app does not have) is zero: the widget's
    /// picture, a live status, the watch, the television and a car's own client as they last
    /// reported, the share extension's and the actions' session entry and the share sheet's
    /// projection as the shared storage area last held them.
    package func signOut() {
        let w = widget.current
        let holding: [(Metric, Bool)] = [
            (.signoutWidgetLeak, p.widget.enabled && w.kind == .data && w.account == .first),
            (.signoutShareLeak, p.share.enabled && sharedHoldsFirst.session),
            (.signoutShareDataLeak, p.share.enabled && sharedHoldsFirst.data),
            (.signoutActionsLeak, p.action.enabled && p.action.background && sharedHoldsFirst.session),
        ] + AccountHolder.allCases.map { h in (h.leak, h.counts(p) && holders.holds[h.index]) }
        signedOutAt = now
        leakEnded = Array(filledWith: nil, count: Metric.allCases.count)
        for (m, holds) in holding where !holds { leakEnded[m.rawValue] = now }
    }

    /// A sign-out leak of metric `m` ended now (only the first end counts).
    private func leakEnded(_ m: Metric) {
        guard signedOutAt != Time.never, leakEnded[m.rawValue] == nil else { return }
        leakEnded[m.rawValue] = now
    }

    /// The shared storage area was written: whether its session entry and its projection still
    /// hold the first account. The share extension and actions act as the first account while
    /// the entry does, and the share sheet lists its data while the projection does; a sign-out
    /// that clears them, or a second account's session and data replacing them, ends the leaks.
    @_spi(Assembly) public func sharedStorageHolds(firstAccountSession: Bool, firstAccountData: Bool) {
        sharedHoldsFirst = (firstAccountSession, firstAccountData)
        guard signedOutAt != Time.never else { return }
        if !firstAccountSession {
            leakEnded(.signoutShareLeak)
            leakEnded(.signoutActionsLeak)
        }
        if !firstAccountData { leakEnded(.signoutShareDataLeak) }
    }

    /// Leak of metric `m` in seconds (NaN when no sign-out happened after the warm-up).
    func leak(_ m: Metric, end: SimTime) -> Double {
        guard signedOutAt != Time.never, signedOutAt >= warmup else { return .nan }
        return Time.seconds((leakEnded[m.rawValue] ?? end) - signedOutAt)
    }
}

/// Which surfaces hold the signed-in account, as they report it for measurement (the
/// sign-out's leak measures read it; no program does): by `AccountHolder.index`.
struct AccountHolders {
    /// Whether each registered holder holds the account now.
    private(set) var holds = [Bool](filledWith: false, count: AccountHolder.allCases.count)

    /// The holder at `place` in `AccountHolder.allCases` holds the account, or no longer does.
    mutating func set(_ place: Int, _ holding: Bool) { holds[place] = holding }
}

/// Counts of items and events that become per-replication fractions.
struct Counters {
    var homeReturns = 0, homeReturnsDiffer = 0
    var widgetGlancesData = 0, widgetWrongTarget = 0, widgetStaleName = 0
}
