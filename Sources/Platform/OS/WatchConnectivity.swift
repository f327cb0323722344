import SimKernel

/// The watch link service's state (§25.6; docs/platform-facts.md#watch-connectivity,
/// WatchConnectivity), which the operating system keeps: whether the phone is out of the
/// watch's reach, the watch's writes queued for the phone, the latest application context and
/// the notices on their way to the watch, and, on the watch, what came for a watch app that was
/// not running. Both apps reach it only through the system's calls below; the link's timers and
/// deliveries come to the system's own process (`WatchLink`).
public struct WatchConnectivity {
    /// The phone is out of the watch's reach (a period of `watch.phoneUnreachable…`).
    public internal(set) var away = false
    /// Watch writes queued for the phone, in order (the one on the link not among them).
    public internal(set) var toPhone: [ChangeID] = []
    /// A queued write is on its way over the link: the next goes only once it has arrived, so
    /// the transfers arrive in the order they were queued.
    var transferOnLink = false
    /// The latest application context for the watch (its entry in the snapshot table), if not yet delivered.
    var context: SnapshotID? = nil
    /// Notices queued for the watch (sign-out), in order.
    var notices: [WatchNotice] = []
    /// On the watch, for an app that was not running when they came (`whenLooked`): the
    /// latest context and the notices, handed to its next run as it launches.
    var waiting: (context: SnapshotID?, notices: [WatchNotice]) = (nil, [])
    /// The link's own random streams (the phone's reachability, each hop's delay).
    var rng: WatchLinkStreams

    init(replicationSeed seed: UInt64) { rng = WatchLinkStreams(replicationSeed: seed) }
}

/// The link between phone and watch: immediate messages fail when the counterpart is
/// unreachable; queued transfers are delivered in order when it is reachable again and survive
/// both apps exiting; the application context keeps only the latest value. The phone is
/// unreachable during periods that begin at `watch.phoneUnreachable.perDay` while it is
/// reachable, and whenever it is switched off.
extension OperatingSystem {
    /// Whether the watch can reach the phone now.
    @usableFromInline var watchReachable: Bool { !watchConnectivity.away && device.poweredOn }

    /// One hop over the link, either way: half a network round trip, from the link's own stream.
    @usableFromInline func watchLinkHop() -> SimTime { settings.networkLatency.sampleTime(&_watchConnectivity.rng.networkWatch) / 2 }

    /// Writes waiting in the relay queue.
    @usableFromInline var relayQueueLength: Int { watchConnectivity.toPhone.count }

    // MARK: What the two apps call

    /// `sendMessage` from the watch: delivered now (waking the phone app), or fails at once
    /// when the phone, or an app the system would launch there, cannot be reached. A write on
    /// its way is held by the message.
    @usableFromInline func sendMessageToPhone(_ request: WatchRequest) -> Bool {
        guard watchReachable && appCanRunForWatch else {
            logLink("refused", "message from the watch: \(watchReachable ? "the phone app cannot run" : "phone unreachable")")
            return false
        }
        if case .write(let change) = request { custody.hold(change) }
        send(.deliverToPhone(request), to: wired(_wiring.watchLink, "watchLink"), after: watchLinkHop())
        return true
    }

    /// `transferUserInfo` from the watch: queued, delivered in order when reachable (one after
    /// another: `sendNextTransferToPhone`).
    @usableFromInline func transferToPhone(_ change: ChangeID) {
        custody.hold(change)
        _watchConnectivity.toPhone.append(change)
        flushWatchLink()
    }

    /// `updateApplicationContext` from the phone: the latest value replaces any pending one.
    @usableFromInline func updateWatchContext(_ snapshot: SnapshotID) {
        _watchConnectivity.context = snapshot
        flushWatchLink()
    }

    /// `transferUserInfo` from the phone (a sign-out notice): queued until reachable.
    @usableFromInline func transferNoticeToWatch(_ notice: WatchNotice) {
        _watchConnectivity.notices.append(notice)
        flushWatchLink()
    }

    /// What came for the watch app while it was not running, taken by its new run.
    @usableFromInline func takeWaitingForWatchApp() -> (context: SnapshotID?, notices: [WatchNotice]) {
        defer { _watchConnectivity.waiting = (nil, []) }
        return _watchConnectivity.waiting
    }

    // MARK: The link's timers and deliveries (`WatchLink`)

    /// The first period out of reach, drawn when the link starts.
    func scheduleWatchOutOfReach() {
        scheduleArrival(perDay: settings.watchOutOfReachPerDay, rng: &_watchConnectivity.rng.watchLink, .goAway,
                        to: wired(_wiring.watchLink, "watchLink"))
    }

    /// The phone goes out of the watch's reach, for a period of `watch.phoneUnreachableDuration`.
    func phoneLeavesWatchReach() {
        _watchConnectivity.away = true
        send(.comeBack, to: wired(_wiring.watchLink, "watchLink"),
             after: settings.watchOutOfReachDuration.sampleTime(&_watchConnectivity.rng.watchLink))
    }

    /// The phone is back within reach: what waited goes through. A standalone watch without a
    /// network of its own has the phone's again: a push held for it can go
    /// (docs/model.md#watch-reachability).
    func phoneBackInWatchReach() {
        _watchConnectivity.away = false
        flushWatchLink()
        if settings.watchHasOwnPushes { send(.phoneInWatchReach, to: wired(_wiring.pushService, "pushService")) }
        scheduleWatchOutOfReach()
    }

    /// Delivers what waited, in order, when the phone is reachable (also when the phone app
    /// activates its link session, the phone is switched on or wakes).
    @usableFromInline func flushWatchLink() {
        guard watchReachable else { return }
        sendNextTransferToPhone()
        if let snapshot = _watchConnectivity.context {
            sendToWatch(.context(snapshot: snapshot), after: watchLinkHop())
            _watchConnectivity.context = nil
        }
        for n in _watchConnectivity.notices { sendToWatch(.notice(n), after: watchLinkHop()) }
        _watchConnectivity.notices = []
    }

    /// `transferUserInfo`'s order (docs/platform-facts.md#watch-connectivity): the link carries
    /// the queued transfers one after another. The first waiting goes over the link (one hop)
    /// when the phone is reachable and the app can run for it; the next goes once it has arrived.
    func sendNextTransferToPhone() {
        guard !_watchConnectivity.transferOnLink, !_watchConnectivity.toPhone.isEmpty,
              watchReachable, appCanRunForWatch else { return }
        let change = _watchConnectivity.toPhone.removeFirst()
        _watchConnectivity.transferOnLink = true
        send(.deliverQueuedToPhone(change: change), to: wired(_wiring.watchLink, "watchLink"), after: watchLinkHop())
    }

    /// A message from the watch reaches the phone: the system wakes the phone app for it
    /// (one rule for every background launch, `wakeAppInBackground`). If it cannot, a queued
    /// transfer goes back to the head of the queue, before those queued after it, and waits for
    /// the next delivery; an immediate message fails, and a write it carried had no other holder.
    /// A queued transfer that arrived lets the next one go.
    func watchMessageArrives(_ request: WatchRequest, queued: Bool) {
        if queued { _watchConnectivity.transferOnLink = false }
        // A sleeping phone launches no app for the watch (`appCanRunForWatch`): a transfer waits.
        if appCanRunForWatch && launchAppInBackground(.watch) {
            send(request, via: wired(_wiring.watchRequests, "watchRequests"))   // the app lets go once it has it
            if queued { sendNextTransferToPhone() }
            return
        }
        guard case .write(let change) = request else { return }
        if queued {
            logLink("held", "transfer of change: \(change): the phone app cannot run")
            _watchConnectivity.toPhone.insert(change, at: 0)
        } else {
            logLink("refused", "message with change: \(change): the phone app cannot run")
            custody.letGo(change)
        }
    }

    /// Something for the watch app is on the watch: the running app gets it; for an app that
    /// is not running the system keeps the latest context and the notices for its next launch,
    /// and a standalone watch's push launches it. A reply to a run that ended is lost.
    func arrivesOnWatch(_ delivery: WatchDelivery) {
        let watchApp = wired(_wiring.watchApp, "watchApp")
        if engine.isRunning(watchApp.process) { send(delivery, via: watchApp); return }
        switch delivery {
        case .context(let snapshot): _watchConnectivity.waiting.context = snapshot
        case .notice(let n): _watchConnectivity.waiting.notices.append(n)
        case .push: engineRef._withUnsafeGuaranteedRef { $0.launchOrDeliver(.push, via: wired(_wiring.watchAppLaunch, "watchAppLaunch"), by: .pushWake) }
        case .remoteReply: logLink("dropped", "reply: the watch app is not running")
        }
    }

    /// A row of the trace for the watch link service (what it refused, held or dropped).
    private func logLink(_ event: String, _ details: @autoclosure () -> String) {
        if let link = _wiring.watchLink { engine.log(link, event, details()) }
    }
}

/// The watch link's own random streams (docs/model.md#watch-reachability): the phone's
/// reachability from the watch apart from the delay of each hop over the link.
/// Held by the watch link service (`WatchConnectivity`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
struct WatchLinkStreams {
    /// When the phone goes out of the watch's reach and for how long (`watch.link`).
    var watchLink: RandomStream
    /// The delay of one hop over the link, either way (`network.watch`).
    var networkWatch: RandomStream

    init(replicationSeed seed: UInt64) {
        watchLink = RandomStream(replicationSeed: seed, nameHash: Self.watchLinkName)
        networkWatch = RandomStream(replicationSeed: seed, nameHash: Self.networkWatchName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let watchLinkName = SeedMixer.nameHash("watch.link")
    private static let networkWatchName = SeedMixer.nameHash("network.watch")
}
