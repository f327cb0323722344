import SimKernel
import Platform
import SurfaceCore

/// The watch app (§25.6; docs/model.md#watch), at one of three levels:
/// - `remoteControl`: every request is relayed to the phone; nothing is stored on the
///   watch; without the phone it shows "needs the phone";
/// - `companion`: its own cache, filled by the phone through queued transfers; without
///   the phone it shows the old data and queues (or, with `immediate` relay, refuses) writes;
/// - `standalone`: its own credential, network and push; the phone is one more device.
///   Near the phone its traffic routes through the phone.
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context`, the backend and the user through its `ports`, the phone through its
/// operating system's watch link, and keeps everything in `state`.
package final class WatchApp: SurfaceProgram<WatchAppInput, WatchAppState, WatchAppPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let watchLink: WatchLinkService
    package let arrivals: WorldArrivals
    /// The watch's parameters (`watch.*`).
    package let p: Parameters.Watch
    /// The changes' journeys it records (made, handed on, let go), held strongly as the system is.
    package let changes: ChangeJourneys

    /// The measurement layer's record of the watch's signals, which it only emits into
    /// (`WatchMetrics.swift`).
    package let signals: WatchSignals

    /// The measurement layer's observer of its screen, which it reports what it shows and each glance to.
    package let screen: SurfaceObserver

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        watchLink = setup.platform.watchLink
        arrivals = setup.platform.arrivals
        screen = setup.measure.observer(.watch)
        signals = setup.measure.signals(WatchSignals.self)
        p = setup.parameters.watch
        changes = setup.changes
        super.init(setup, state: WatchAppState(rng: WatchStreams(replicationSeed: setup.seed),
                                               refreshBudget: RollingBudget(limit: setup.parameters.watch.refreshPerHour, window: Time.hour)))
    }
    /// What a run holds in memory goes at its end (docs/model.md#watch-app-lifetime).
    package override func discardMemory() { state.memory = WatchAppMemory() }

    /// `watch.lifetime = whenLooked`: the app runs from a glance, write or push until its
    /// background allowance after the last of them is over.
    private var whenLooked: Bool { p.lifetime == .whenLooked }

    /// It still holds the account (kept in the watch's storage, so it outlives a run).
    private var signedIn: Bool { state.container.signedIn }

    /// A new run shows what its storage holds, then takes what the watch's system kept for it
    /// while it was not running (the latest context, a sign-out notice).
    package override func launched(by launcher: Launcher, resumed: Bool) {
        guard whenLooked else { return }
        if level == .remoteControl {
            measure.shows(screen, .blank(signedIn ? .needsPhone : .signedOut))
        } else {
            show(state.container.cache)
        }
        let waiting = watchLink.takeWaitingForWatchApp()
        if let snapshot = waiting.context { take(.context(snapshot: snapshot)) }
        for n in waiting.notices { take(.notice(n)) }
    }

    /// A glance, write or push: the app runs `watch.backgroundAllowance` more (whenLooked).
    private func extendAllowance() {
        guard whenLooked else { return }
        state.memory.allowance += 1
        context.after(p.backgroundAllowance, .allowanceOver(generation: state.memory.allowance))
    }

    private var level: WatchLevel { p.level }

    package func start() {
        scheduleWrite()
        if level != .remoteControl {
            // Set up with the phone before the replication starts: it holds the account as of time 0.
            state.container.cache = DataCopy(account: .first)
            measure.report(.holdsAccount(.watch, true))
            show(state.container.cache)
        } else {
            measure.shows(screen, .blank(.needsPhone))
        }
    }

    /// The next write on the watch: the app's own timer when it runs all day; with `whenLooked`
    /// the user's (a write on the watch launches the watch app).
    private func scheduleWrite() {
        if whenLooked {
            arrivals.schedule(rate: p.writes, rng: &state.rng.watch, .watchWrite, to: ports.user)
        } else {
            arrivals.schedule(rate: p.writes, rng: &state.rng.watch, .write, to: context.me)
        }
    }

    /// Network for a standalone watch: through the phone when near, else its own.
    private var hasNetwork: Bool { network.watchHasNetwork }

    /// A standalone watch fetches from the backend, for a glance or a push (`what`), if it holds
    /// the account, has a network and its refresh budget has one left, which it spends
    /// (docs/model.md#watch-reachability).
    private func mayFetch(for what: String) -> Bool {
        guard signedIn && hasNetwork else { return false }
        guard state.refreshBudget.spend(at: context.now) else {
            context.log("noRefresh", "\(what), budget spent")
            return false
        }
        context.log("fetch", what)
        return true
    }

    /// Asks the backend for the account's data with the watch's own credential.
    private func fetch() {
        network.request(.compactFetch, from: context.me, to: ports.backend, credential: .watch, online: true)
    }

    private func show(_ data: DataCopy?) {
        if let d = data, signedIn {
            measure.shows(screen, View(kind: .data, account: d.account, changes: d.changes, readAt: d.readAt, showsAge: true))
        } else {
            measure.shows(screen, .blank(signedIn ? (level == .remoteControl ? .needsPhone : .nothingYet) : .signedOut))
        }
    }

    // MARK: Glances

    /// Someone raises the wrist and opens the app.
    package func glance() {
        switch level {
        case .remoteControl:
            if signedIn && watchLink.sendMessageToPhone(.remoteRequest) {
                state.memory.glanceWaiting = true          // the glance reads the answer when it arrives
            } else {
                measure.shows(screen, .blank(signedIn ? .needsPhone : .signedOut))
                measure.glance(screen)
            }
        case .companion:
            measure.glance(screen)
            if signedIn { _ = watchLink.sendMessageToPhone(.refreshRequest) }
        case .standalone:
            flushOwnQueue()
            if mayFetch(for: "glance") {
                state.memory.glanceWaiting = true
                fetch()
            } else {
                measure.glance(screen)      // what the watch has: its cache, with no request
            }
        }
    }

    package override func receive(_ input: WatchAppInput) { take(input) }

    /// What it does with `input`, delivered or taken at its launch from what its system kept.
    private func take(_ input: WatchAppInput) {
        switch input {
        case .write:
            extendAllowance()
            write()
            scheduleWrite()
        case .glance:
            extendAllowance()
            glance()
        case .allowanceOver(let generation):
            if generation == state.memory.allowance { context.end() }
        case .context(let snapshot):
            guard signedIn else { return }
            state.container.cache = network.snapshot(snapshot.index)
            measure.report(.holdsAccount(.watch, true))
            show(state.container.cache)
        case .remoteReply(let snapshot):
            guard signedIn else { return }
            if let snapshot {
                show(network.snapshot(snapshot.index))
            } else {
                measure.shows(screen, .blank(.nothingYet))   // the phone holds no reading
            }
            if state.memory.glanceWaiting { state.memory.glanceWaiting = false; measure.glance(screen) }
            show(nil)   // nothing is kept on a remote control
        case .notice(.signedOut):
            signOut()
        case .push:
            extendAllowance()
            if mayFetch(for: "push") { fetch() }
        case .reply(let r):
            handle(r)
        }
    }

    private func handle(_ r: Reply) {
        switch r.kind {
        case .compactFetch:
            if r.status == .ok, let d = network.data(of: r) {
                state.container.cache = d
                measure.report(.holdsAccount(.watch, true))
                show(state.container.cache)
            } else if r.status == .unauthorized {
                signOut()               // revocation reaches it on its next request
            }
            if state.memory.glanceWaiting { state.memory.glanceWaiting = false; measure.glance(screen) }
        case .write:
            if r.status == .ok, let change = r.change { dropFromOwnQueue(change) }
            else if r.status == .unauthorized { signOut() }
        default: break
        }
    }

    private func signOut() {
        guard signedIn else { return }
        state.container.signedIn = false
        state.container.cache = nil
        // A signed-out watch discards the writes it could not send: no credential will take them.
        let unsent = state.container.ownQueue
        state.container.ownQueue = []
        for id in unsent { changes.letGo(id) }
        measure.report(.holdsAccount(.watch, false))
        show(nil)
    }

    // MARK: Writes

    private func write() {
        guard signedIn else { return }
        // A watch that follows the phone's second account writes that account's data, whose
        // changes are not followed (docs/model.md#a-second-account).
        if state.container.cache?.account == .second { return }
        let id = changes.make(.watch)
        signals.emit(.writing(queued: watchLink.relayQueueLength))
        switch level {
        case .standalone:
            changes.hold(id)
            state.container.ownQueue.append(id)
            flushOwnQueue()
        case .companion, .remoteControl:
            switch p.relay {
            case .immediate: _ = watchLink.sendMessageToPhone(.write(change: id))
            case .queued: watchLink.transferToPhone(id)
            }
        }
        // Handed to the queue or the link, or refused: a refused write had no other holder and
        // is lost for good now.
        changes.letGo(id)
        signals.emit(.wrote(change: id))
        // The watch shows its own write at once, sent or not.
        if var c = state.container.cache {
            c.changes.insert(id, lost: changes.lost)
            state.container.cache = c
            show(state.container.cache)
        }
    }

    private func dropFromOwnQueue(_ id: ChangeID) {
        let before = state.container.ownQueue.count
        state.container.ownQueue.removeAll { $0 == id }
        for _ in state.container.ownQueue.count..<before { changes.letGo(id) }
    }

    private func flushOwnQueue() {
        guard hasNetwork else { return }
        for id in state.container.ownQueue {
            network.request(.write, from: context.me, to: ports.backend, credential: .watch, change: id, key: true, online: true)
        }
    }
}

/// Everything the watch app keeps (`SurfaceProgram.state`): a run's memory, the watch's own
/// storage, its refresh budget and its random stream.
package struct WatchAppState {
    /// A run's memory, gone when the run ends.
    package var memory = WatchAppMemory()
    /// The watch's own container (docs/model.md#watch-app-lifetime): its cache, whether it still
    /// holds the account, and a standalone watch's unsent writes; kept across its runs
    /// (`discardMemory` leaves it), read and written by this program only.
    package var container = WatchStorage()
    /// The watch app's own random stream (the user's writes on the watch).
    package var rng: WatchStreams
    /// A standalone watch's refreshes (`watch.refreshPerHour` per rolling hour): every fetch of
    /// its own, at a glance or a push, spends one; writes do not (docs/model.md#watch-reachability).
    /// The watch's system keeps it across the app's runs.
    package var refreshBudget: RollingBudget
}

/// What a run of the watch app holds in memory (docs/model.md#watch-app-lifetime).
package struct WatchAppMemory {
    /// A glance waits for an answer.
    package var glanceWaiting = false
    /// The number of its latest background allowance: its timer carries the number, so only
    /// the allowance after the last glance, write or push ends the run.
    package var allowance: Int64 = 0
}

/// The watch app's peers: the backend a standalone watch fetches from and writes to, and the
/// user, whose writes on the watch launch the app when it lives only when looked at.
package struct WatchAppPorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package let user: Address<UserInput>
    package init(_ peers: Peers) {
        backend = peers.peer()
        user = peers.peer()
    }
}

/// The watch's own storage (docs/model.md#watch-app-lifetime): what survives the end of a run
/// of the watch app. Everything else it holds is memory, gone at the end.
package struct WatchStorage {
    /// A companion's or standalone watch's cache.
    package var cache: DataCopy? = nil
    /// It still holds the account.
    package var signedIn = true
    /// A standalone watch's writes not yet accepted by the backend, in order.
    package var ownQueue: [ChangeID] = []
}

/// How the assembly wires the watchApp program (`AssembledProgram`).
extension WatchApp: AssembledProgram {
    package typealias Input = WatchAppInput
    package static var programName: String { "watchApp" }
    /// What reaches the watch app over the link, and the watch's system launching it for a push.
    package static func hears(_ system: inout SystemWiring, at address: Address<WatchAppInput>, _ p: Parameters) {
        guard p.watch.enabled else { return }
        let deliver = { (d: WatchDelivery) -> WatchAppInput in
            switch d {
            case .context(let snapshot): return WatchAppInput.context(snapshot: snapshot)
            case .remoteReply(let snapshot): return WatchAppInput.remoteReply(snapshot: snapshot)
            case .notice(let n): return WatchAppInput.notice(n)
            case .push: return WatchAppInput.push
            }
        }
        system.watchApp = Route(to: address, as: deliver)
        system.watchAppLaunch = LaunchRoute(to: address, as: deliver)
    }
    package static var requestsCountUnder: CostSurface? { .watch }
    /// At time 0: an all-day watch app runs from time 0; one that lives when looked at is
    /// launched by a glance or a write.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart {
        guard p.watch.enabled else { return .notStarted }
        switch p.watch.lifetime {
        case .allDay: return .launched
        case .whenLooked: return .startedNotRunning
        }
    }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
