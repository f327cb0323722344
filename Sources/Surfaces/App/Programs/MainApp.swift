import SimKernel
import Platform
@_spi(AppDesign) import SurfaceCore

/// The main app (docs/model.md#main-app): opened by the user, woken in the background by pushes,
/// background refresh, the watch or a finished transfer. While it runs it syncs with
/// the backend, sends its outbox, writes the widget projection from the points where
/// domain data changes, requests widget reloads and answers the watch. Its memory
/// (the loaded store, requests in flight) is gone when it ends; the next launch starts
/// from its own container and the shared storage area only.
package final class MainApp: SurfaceProgram<MainAppInput, MainAppState, MainAppPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let sharedStorage: SharedStorageService
    package let secureStorage: SecureStorageService
    package let appLifecycle: AppLifecycleService
    package let watchLink: WatchLinkService
    package let device: DeviceService
    package let widgets: WidgetService
    package let alarms: AlarmService
    package let transfers: BackgroundTransferService
    /// The app's parameters (`app.*`).
    package let p: Parameters.App
    /// The other parameters the app's own code reads: where it stores its session (`session.*`),
    /// its share extension's design (`share.*`), the sign-out's steps (`signout.*`), whether it
    /// has a widget (`widget.enabled`) and its watch app (`watch.*`).
    package let session: Parameters.Session
    package let share: Parameters.Share
    package let signout: Parameters.Signout
    package let hasWidget: Bool
    package let watch: Parameters.Watch
    /// The changes' journeys it records (made, handed on, let go).
    package let changes: ChangeJourneys

    /// The measurement layer's record of the app's signals, which it only emits into
    /// (`AppMetrics.swift`).
    package let signals: AppSignals

    /// The measurement layer's observer of its screen, which it reports each glance at an opening to.
    package let screen: SurfaceObserver

    /// The measurement layer's observer of the car screen, which it reports the templates it hands the car to.
    package let carScreen: SurfaceObserver

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        sharedStorage = setup.platform.sharedStorage
        secureStorage = setup.platform.secureStorage
        appLifecycle = setup.platform.appLifecycle
        watchLink = setup.platform.watchLink
        device = setup.platform.device
        widgets = setup.platform.widgets
        alarms = setup.platform.alarms
        transfers = setup.platform.transfers
        carScreen = setup.measure.observer(.car)
        screen = setup.measure.observer(.app)
        signals = setup.measure.signals(AppSignals.self)
        let all = setup.parameters
        p = all.app
        session = all.session
        share = all.share
        signout = all.signout
        hasWidget = all.widget.enabled
        watch = all.watch
        changes = setup.changes
        let container = AppContainer(lifetime: all.app.keepReadingsFor, canKeep: all.device.hasSecureStorage,
                                     deleteExpiredAtOnce: all.app.deleteExpiredReadings == .atOnce, signals: signals)
        self.container = container
        super.init(setup, state: MainAppState())
        appLifecycle.holdSettings(of: container)
    }

    /// Its own container on the phone (`AppContainer`), which outlives its runs: made with the
    /// app, read and written by the app alone; the system holds it only to write into it the
    /// user's settings. A constant of the program rather than a field of its state: read out of
    /// the state (a variable), each use retained and released it.
    package let container: AppContainer

    /// The app has been used before the replication starts: its container keeps `reading`, as
    /// read at time 0.
    package func keepInitialReading(_ reading: DataCopy) {
        container.storage.keep(reading, at: 0)
    }

    package override func discardMemory() { state.memory = nil }

    /// The run's memory (`MainAppMemory`), read and changed in place; only where the caller
    /// checked that a run holds one (`state.memory != nil`).
    package var memory: MainAppMemory {
        @inline(__always) _read { yield state.memory.unsafelyUnwrapped }
        @inline(__always) _modify { yield &state.memory! }
    }

    /// The app stores the session it signed in with: in the shared secure-storage entry (the
    /// keychain access group its extensions and widget can read) when its design shares it,
    /// else in its own keychain, which no other program can read. The only program that
    /// knows the design is the app; the others learn what it did by looking the entry up.
    package func storeSession() {
        if session.inSharedSecureStorage {
            sharedStorage.setSession(SessionToken(id: appCredential, account: container.storage.account))
        }
    }

    package override func launched(by launcher: Launcher, resumed: Bool) {
        if !resumed || state.memory == nil {
            state.memory = MainAppMemory(store: DataCopy(account: container.storage.account), hasReading: false)
            loadKeptReading()
        }
        state.memory?.syncTimerRunning = false
        state.memory?.keptAlive = []          // the system tells each run what keeps it going
    }

    package override func ended(_ reason: ProcessEnd) {
        // Replies to this run are lost (its incarnation ended), so nothing is in flight any more;
        // a suspended or dead process holds no file lock (iOS kills an app suspended holding one).
        state.memory?.syncInFlight = false
        state.memory?.watchAnswerOwed = false         // the request dies with the run, like its sync
        state.memory?.writesInFlight = []
        state.memory?.backgroundWork = 0
        state.memory?.drainSnapshot = nil
        sharedStorage.abandonOutboxLock(context.me.process)
        if reason != .suspended { appEnded() }
        if reason == .suspended { appLifecycle.scheduleAppReclaim() }
        appLifecycle.appRunEnded()                 // a projected car's connection relaunches it
    }

    /// Loads the kept reading into a run that holds none, if the phone can unseal it now
    /// (readings past their lifetime are deleted first). Returns whether it did. Called at
    /// launch, and when the user opens a run launched while the phone was locked.
    @discardableResult
    private func loadKeptReading() -> Bool {
        guard state.memory != nil, !memory.hasReading else { return false }
        container.storage.deleteExpired(at: context.now)
        guard let kept = readableReading() else { return false }
        memory.store = kept
        memory.hasReading = true
        return true
    }

    /// The kept reading, if the phone can unseal it now (only while unlocked, docs/model.md#kept-readings).
    private func readableReading() -> DataCopy? {
        guard !secureStorage.readingsKeyLost, !device.state.locked else { return nil }
        return container.storage.reading
    }

    package override func receive(_ input: MainAppInput) {
        switch input {
        case .userOpensApp: openedByUser()
        case .userEdits: userEdits()
        case .userEndsSession(let forceQuit): sessionEnds(forceQuit: forceQuit)
        case .silentPush, .backgroundWake, .carSceneConnected:
            if case .carSceneConnected(let keptAlive) = input { state.memory?.keptAlive.formUnion(keptAlive) }
            state.memory?.coldStart = false
            startBackgroundWork()
            sync()
            drainSharedOutbox()
            if keptAlive(.carConnection) {
                // Connected to a projected car: the templates get the reading this run holds (none
                // from a launch that could not read its kept reading) until the sync brings more.
                if state.memory != nil, memory.hasReading { measure.shows(carScreen, .carTemplates(memory.store)) }
                startSyncTimer()
            }
        case .keepAlive(let notice): hear(notice)
        case .watchRequest(let request):
            state.memory?.coldStart = false
            startBackgroundWork()
            receiveWatchRequest(request)
            // A background run with network and time sends what is waiting, whatever woke it.
            sendPendingWrites()
            drainSharedOutbox()
            finishBackgroundWorkIfIdle()
        case .syncTimer:
            // In the foreground, and in the background while a projected car keeps the app running.
            if device.appInForeground || keptAlive(.carConnection) {
                sync()
                alarms.setAlarm(.syncTimer, for: context.me, after: p.syncInterval)
            } else {
                state.memory?.syncTimerRunning = false
            }
        case .reply(let r): handle(r)
        case .outboxItemAdded: drainSharedOutbox()
        case .shareHandedOver(let change):
            sendWrite(change)
            changes.letGo(change)           // the deep link that carried it
        case .outboxLockGranted: outboxLockGranted()
        case .outboxRead: outboxReadDone()
        case .outboxWrite: outboxWriteDone()
        case .liveActivityMoved(let update):
            // The app's own code draws the stage it heard of on its status.
            // (Only an app with live statuses hears of one: `ports.liveStatus` is there.)
            if let live = ports.liveStatus { context.send(.appDraws(update), to: live) }
        case .signOut: signOut()
        case .signIn(let account): signIn(account)
        case .approveTelevisionCode(let code):
            network.request(.deviceCode, from: context.me, to: ports.backend, credential: appCredential, item: code)
        }
    }

    // MARK: Foreground

    private func openedByUser() {
        let coldStart = coldStartOrResume()
        // A run launched in the background while the phone was locked could not unseal the kept
        // reading (docs/model.md#kept-readings); opened by the user, the phone is unlocked and now it can.
        if loadKeptReading() && keptAlive(.carConnection) { measure.shows(carScreen, .carTemplates(memory.store)) }
        if memory.hasReading { appShows(memory.store) } else { appShowsBlank() }
        if coldStart {
            // docs/model.md#kept-readings: a person who had a reading kept sees an empty screen and
            // no word why (the measurement layer counts cold starts after the warm-up).
            signals.emit(.coldStart(keptReading: container.storage.reading != nil))
        }
        if container.storage.reloadAskedInBackground {
            // The last request came from the background, where it may have been refused (the
            // budget); in the foreground a request is free.
            askForWidgetReload(.appRequest)
            container.storage.reloadAskedInBackground = false
        }
        migrateProjectionIfNeeded()
        sync()
        drainSharedOutbox()
        startSyncTimer()
        appOpenedHooks()
    }

    /// docs/model.md#kept-readings: a cold start shows the kept reading with its age, or says why it cannot.
    /// When the key of the kept reading is gone, `clearAndSay` clears it and leaves a message
    /// for the screen; `leaveUnreadable` leaves it sealed. Returns whether this is a cold start.
    private func coldStartOrResume() -> Bool {
        guard state.memory != nil, memory.coldStart else { return false }
        memory.coldStart = false
        if secureStorage.readingsKeyLost && container.storage.reading != nil && p.onKeyLoss == .clearAndSay {
            container.storage.clear(at: context.now)
            container.storage.keyLossMessagePending = true
            secureStorage.renewReadingsKey()
        }
        return true
    }

    private func userEdits() {
        // Actions wait for a fresh reading; a signed-out app has nothing to change, and the second
        // account's own changes are not followed (docs/model.md#a-second-account).
        guard device.appInForeground, container.storage.account == .first, state.memory != nil, memory.freshSinceLaunch else { return }
        let id = changes.make(.app)
        memory.store.changes.insert(id, lost: changes.lost)
        appOutboxAppend(id)
        changes.letGo(id)
        persist()
        appShows(memory.store)
        if p.projectionWriter == .onDomainChange { writeProjection() }
        askForWidgetReload(.appRequest)
        sendPendingWrites()
    }

    private func sessionEnds(forceQuit: Bool) {
        appLifecycle.appLeavesForeground()
        userReturnsHome()
        showApp(.blank(.none))   // out of sight, whether or not it keeps running
        if forceQuit {
            appLifecycle.appForceQuitTakesEffect()
        } else if keptAlive(.liveActivity) {
            appLifecycle.appKeptRunningForActivity()       // background mode: it keeps updating the status
        } else if keptAlive(.carConnection) {
            // The car connection keeps it running; its sync timer goes on.
        } else if state.memory != nil, !memory.isIdle {
            // Work in flight finishes as a background task; the app suspends when it is idle.
            memory.backgroundWork += 1
        } else if (state.memory?.backgroundWork ?? 0) == 0 {
            context.end(.suspended)
        }
    }

    // MARK: Sync

    private func startBackgroundWork() {
        if !device.appInForeground { state.memory?.backgroundWork += 1 }
    }

    /// Every background task is done once nothing is in flight: the app suspends (unless an
    /// app-driven live status keeps it running).
    private func finishBackgroundWork() {
        guard state.memory != nil, memory.backgroundWork > 0 else { return }
        memory.backgroundWork = 0
        if !device.appInForeground && memory.keptAlive.isEmpty { context.end(.suspended) }
    }

    /// Syncs every `app.syncInterval` while the app is in the foreground or a projected car
    /// keeps it running (one timer per run): an exact alarm of the run, set through the
    /// system's alarms service (docs/model.md#alarms).
    private func startSyncTimer() {
        guard state.memory != nil, !memory.syncTimerRunning else { return }
        memory.syncTimerRunning = true
        alarms.setAlarm(.syncTimer, for: context.me, after: p.syncInterval)
    }

    /// Syncs with the backend, with the pending writes. Signed out, the app holds no session to
    /// sync with: it shows its sign-in screen and asks the backend nothing, except the revocation
    /// of the signed-out session while that is still pending (docs/model.md#sign-out).
    package func sync() {
        guard state.memory != nil, !memory.syncInFlight else { return }
        if container.storage.account != .nobody {
            memory.syncInFlight = true
            network.request(.sync, from: context.me, to: ports.backend, credential: appCredential)
            sendPendingWrites()
        }
        if transfers.holdsRevocation {
            network.request(.revoke, from: context.me, to: ports.backend, credential: .phoneSession)
        }
    }

    private func handle(_ r: Reply) {
        guard state.memory != nil else { return }
        switch r.kind {
        case .sync:
            memory.syncInFlight = false
            // A reply to a signed-out app is dropped, and so is one of an account signed out since.
            // The data is read where the reply left it (the system's snapshot table), not copied out.
            if r.status == .ok, container.storage.account != .nobody, r.data.holdsData, network.snapshot(r.data.index).account == container.storage.account {
                // The store is taken out of the run's memory while the reply is handled and put
                // back at the end: a constant, which the calls below borrow as it is (a variable
                // handed to a call is copied first, in case the call changes it).
                let (current, changed) = merged(memory.lendStore(), snapshot: r.data.index, readAt: r.readAt)
                memory.freshSinceLaunch = true
                memory.hasReading = true
                persist(current)
                appShows(current)
                // The projection does not show what the store now holds (the sync brought changes,
                // or an earlier write failed while the shared area was closed): rebuild it and ask
                // for a reload. Whether it does is read from the projection itself, not from the
                // store before the sync: a launch that could not read its kept reading (the phone
                // locked) starts empty, and an unchanged reading must not spend the widget's budget.
                // A write the closed area refuses asks for no reload: the next sync finds the
                // projection behind and writes it then.
                if !refreshProjectionIfCurrent(current) && writeProjection(current) {
                    askForWidgetReload(device.appInForeground ? .appRequest : .pushWake)
                    container.storage.reloadAskedInBackground = !device.appInForeground
                }
                let owed = memory.watchAnswerOwed
                memory.watchAnswerOwed = false
                appSynced(current, changed: changed, answersWatch: owed)
                memory.store = current
                memory.storeLent = false
            } else {
                let owed = memory.watchAnswerOwed
                memory.watchAnswerOwed = false
                appSyncFailed(memory.hasReading ? memory.store : nil, answersWatch: owed)
            }
            finishBackgroundWorkIfIdle()
        case .write:
            if let change = r.change {
                memory.writesInFlight.remove(change)
                if r.status != .failed { appOutboxRemove(change) }   // applied, or refused for good
            }
            finishBackgroundWorkIfIdle()
        case .revoke:
            if r.status == .ok { transfers.revocationConfirmed() }   // the app cancels its transfer
        case .compactFetch, .deviceCode:
            break       // the app asks for full syncs only; an approval needs no answer
        }
    }

    /// `store` with the data of sync reply snapshot `k` (read at `readAt`) merged in, and whether
    /// that changed it: changes it lacked, other objects or other names. The data is read where
    /// the reply left it (the system's snapshot table), not copied out; lists that did not
    /// change are kept as they are (arrays that share storage compare at once).
    @inline(__always)
    private func merged(_ store: consuming DataCopy, snapshot k: Int, readAt: SimTime) -> (DataCopy, changed: Bool) {
        var store = store
        let lost = changes.lost
        let gained = network.snapshot(k).changes.hasChange(notIn: store.changes, lost: lost)
        store.changes.formUnion(network.snapshot(k).changes, lost: lost)
        store.readAt = readAt
        let sameObjects = store.objects == network.snapshot(k).objects
        if !sameObjects { store.objects = network.snapshot(k).objects }
        let sameNames = store.names == network.snapshot(k).names
        if !sameNames { store.names = network.snapshot(k).names }
        store.account = container.storage.account
        return (store, gained || !sameObjects || !sameNames)
    }

    /// Asks the system for a widget reload, if the app's design asks for reloads at all
    /// (`app.requestsWidgetReload`).
    private func askForWidgetReload(_ reason: ReloadReason) {
        if p.requestsWidgetReload { widgets.requestReload(reason) }
    }

    package func finishBackgroundWorkIfIdle() {
        if state.memory != nil, memory.isIdle { finishBackgroundWork() }
    }

    /// Sends every own change not yet acknowledged and not in flight (with idempotency keys).
    package func sendPendingWrites() {
        guard state.memory != nil else { return }
        for id in container.storage.pendingWrites where !memory.writesInFlight.contains(id) {
            memory.writesInFlight.insert(id)
            network.request(.write, from: context.me, to: ports.backend, credential: appCredential, change: id, key: true)
        }
    }

    /// Sends one more change (a shared item taken from the outbox, a relayed watch write).
    package func sendWrite(_ id: ChangeID) {
        appOutboxAppend(id)
        sendPendingWrites()
    }

    /// If the projection in the shared storage area shows what the store holds, records the
    /// new read time in it (the data did not change but was read again, so a widget that prints
    /// its data's age shows it younger at its next reload) and returns true. An area that cannot
    /// be read now is not current, unless the app has none at all.
    private func refreshProjectionIfCurrent(_ store: DataCopy) -> Bool {
        guard sharedStorage.granted, device.state.canRead(sharedStorage.projectionProtection) else { return !sharedStorage.granted }
        let schema = sharedStorage.schemaVersion, lost = changes.lost
        return sharedStorage.refreshProjection(readAt: store.readAt) { pr in
            pr.schemaVersion == schema && pr.data.account == store.account
                && pr.data.changes.sameChanges(as: store.changes, lost: lost) && pr.data.objects == store.objects
                && pr.data.names == store.names
        }
    }

    private func persist() {
        guard state.memory != nil else { return }
        assert(!memory.storeLent, "the store is out of the run's memory while a sync reply is handled")
        persist(memory.store)
    }

    /// Keeps `store` as the app's reading (a signed-out app keeps nothing).
    private func persist(_ store: DataCopy) {
        guard container.storage.account != .nobody else { return }
        if container.storage.keep(store, at: context.now) { secureStorage.renewReadingsKey() }
    }

    /// Rebuilds the widget projection from the app's store (docs/model.md#the-widgets-projection).
    /// Returns whether the write reached the shared storage area (it is closed before the first
    /// unlock, or while locked for `whenUnlocked` data).
    @discardableResult
    package func writeProjection() -> Bool {
        guard state.memory != nil else { return false }
        assert(!memory.storeLent, "the store is out of the run's memory while a sync reply is handled")
        return writeProjection(memory.store)
    }

    /// Writes the widget projection of `store`; whether the write reached the shared storage area.
    private func writeProjection(_ store: DataCopy) -> Bool {
        guard container.storage.account != .nobody else { return false }
        return sharedStorage.writeProjection(SharedStorageArea.Projection(data: store, schemaVersion: sharedStorage.schemaVersion))
    }

    /// The shared storage area needs a migration only the main app runs (F3).
    /// A message from the watch app: a relayed write to send, or a request for the data
    /// (a remote control's answer goes out with the next sync).
    private func receiveWatchRequest(_ request: WatchRequest) {
        switch request {
        case .write(let change):
            sendWrite(change)               // a relayed watch write, now in the app's outbox
            changes.letGo(change)     // the message that carried it
        case .remoteRequest:
            state.memory?.watchAnswerOwed = true
            sync()
        case .refreshRequest:
            sync()
        }
    }

    private func migrateProjectionIfNeeded() {
        if let pr = sharedStorage.readProjection(), pr.schemaVersion != sharedStorage.schemaVersion {
            writeProjection()
            askForWidgetReload(.appRequest)
        }
    }

}

/// Everything the main app keeps (`SurfaceProgram.state`): a run's memory and its own container.
package struct MainAppState {
    /// What a run holds in memory (nil when no run: made at every launch that is not a resume,
    /// dropped when the run ends).
    package var memory: MainAppMemory? = nil
}

/// What a run of the main app holds in memory (docs/model.md#main-app): the loaded store and
/// what is in flight; gone when the run ends.
package struct MainAppMemory {
    package var store: DataCopy
    /// Takes the store out while a sync reply is handled (it is put back with `storeLent`
    /// cleared); an empty copy stands in its place meanwhile.
    package mutating func lendStore() -> DataCopy {
        var taken = DataCopy(account: .nobody)
        swap(&taken, &store)
        storeLent = true
        return taken
    }
    /// The store holds a reading (kept or fresh); without one the app shows a spinner.
    package var hasReading: Bool
    /// This run started from storage and the user has not yet seen it.
    package var coldStart = true
    package var freshSinceLaunch = false
    package var syncInFlight = false
    package var writesInFlight: Set<ChangeID> = []
    package var backgroundWork = 0
    /// The outbox drain in progress: the snapshot read, or nil when idle.
    package var drainSnapshot: [ChangeID]? = nil
    package var drainWanted = false
    /// The sync timer is pending in this run (timers die when the run suspends or ends).
    package var syncTimerRunning = false
    /// A remote-control watch asked this run for the data: the next sync answers it.
    package var watchAnswerOwed = false
    /// What keeps this run going in the background, as the system told it
    /// (`MainAppInput.keepAlive`); a run that begins knows nothing until it is told.
    package var keptAlive: KeepAliveReason = []
    /// The store is out of this memory, lent to the handling of a sync reply (which passes it
    /// to what it calls); nothing may read `store` meanwhile (checked in debug builds).
    package var storeLent = false
    /// Nothing is in flight: no sync, no write, no outbox drain.
    package var isIdle: Bool { !syncInFlight && writesInFlight.isEmpty && drainSnapshot == nil }

    package init(store: DataCopy, hasReading: Bool) {
        self.store = store
        self.hasReading = hasReading
    }
}

/// The main app's peers: the backend it syncs and writes with, the live status its own code
/// draws on and ends (only an app with live statuses has one), the widget host it asks for a
/// free reload at sign-out, and the person's glances (the home screen they go back to).
package struct MainAppPorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package let liveStatus: Address<LiveStatusInput>?
    package let widgetHost: Address<WidgetHostInput>
    package let glances: Address<GlanceInput>
    package init(_ peers: Peers) {
        backend = peers.peer()
        liveStatus = peers.peerIfPresent()
        widgetHost = peers.peer()
        glances = peers.peer()
    }
}

/// How the assembly wires the app program (`AssembledProgram`).
extension MainApp: AssembledProgram {
    package typealias Input = MainAppInput
    package static var programName: String { "app" }
    /// The system's main app: it is told it was opened and what keeps it running, gets its
    /// silent pushes and what the watch sends it, is granted the outbox lock by file coordination, and observes the
    /// outbox's Darwin notification while it runs.
    package static func hears(_ system: inout SystemWiring, at address: Address<MainAppInput>, _ p: Parameters) {
        system.app = address.process
        system.appOpened = Route(to: address, as: { _ in MainAppInput.userOpensApp })
        system.silentPushes = Route(to: address, wrapping: SilentPushAsInput.self)
        system.watchRequests = Route(to: address, as: MainAppInput.watchRequest)
        system.keepAliveNotices = Route(to: address, as: MainAppInput.keepAlive)
        system.carScene = Route(to: address, as: { MainAppInput.carSceneConnected(keptAlive: $0.keptAlive) })
        system.outboxLockGrants[Int(address.process.index)] = Route(to: address, as: { _ in MainAppInput.outboxLockGranted })
        system.darwinObservers.append(Route(to: address, as: { (_: DarwinNotification) in MainAppInput.outboxItemAdded }))
    }
    package static var endsWithThePhone: Bool { true }
    package static var requestsCountUnder: CostSurface? { .app }
    /// At time 0: not running (the user, a push or a surface launches it); its signed-in
    /// session and kept reading are set up by the assembly.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).

/// A silent push, as the app's input.
package enum SilentPushAsInput: InputWrapping {
    package static func wrap(_ push: SilentPush) -> MainAppInput { .silentPush }
}
