import SimKernel
import Platform

/// The watch link service's state (§25.6; docs/platform-facts.md#watch-connectivity,
/// WatchConnectivity), which the operating system keeps: whether the phone is out of the
/// watch's reach, the watch's writes queued for the phone, the latest application context and
/// the notices on their way to the watch, and, on the watch, what came for a watch app that was
/// not running. Both apps reach it only through the system's calls below; the link's timers and
/// deliveries come to the system's own process (`WatchLink`).
struct WatchConnectivity {
    /// The phone is out of the watch's reach (a period of `watch.phoneUnreachable…`).
    var away = false
    /// Watch writes queued for the phone, in order.
    var toPhone: [Int32] = []
    /// The latest application context for the watch (a snapshot index), if not yet delivered.
    var context: Int32? = nil
    /// Notices queued for the watch (sign-out), in order.
    var notices: [WatchNotice] = []
    /// On the watch, for an app that was not running when they came (`whenLooked`): the
    /// latest context and the notices, handed to its next run as it launches.
    var waiting: (context: Int32?, notices: [WatchNotice]) = (nil, [])
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
    var watchReachable: Bool { !watchConnectivity.away && device.poweredOn }

    /// One hop over the link, either way: half a network round trip, from the link's own stream.
    func watchLinkHop() -> SimTime { p.network.latency.sampleTime(&watchConnectivity.rng.networkWatch) / 2 }

    /// Writes waiting in the relay queue.
    var relayQueueLength: Int { watchConnectivity.toPhone.count }

    // MARK: What the two apps call

    /// `sendMessage` from the watch: delivered now (waking the phone app), or fails at once
    /// when the phone, or an app the system would launch there, cannot be reached. A write on
    /// its way is held by the message.
    func sendMessageToPhone(_ request: WatchRequest) -> Bool {
        guard watchReachable && appCanRunForWatch else { return false }
        if case .write(let change) = request { changes.hold(change) }
        send(.deliverToPhone(request), to: ids.watchLink, after: watchLinkHop())
        return true
    }

    /// `transferUserInfo` from the watch: queued, delivered in order when reachable.
    func transferToPhone(_ change: Int32) {
        changes.hold(change)
        watchConnectivity.toPhone.append(change)
        flushWatchLink()
    }

    /// `updateApplicationContext` from the phone: the latest value replaces any pending one.
    func updateWatchContext(_ snapshot: Int32) {
        watchConnectivity.context = snapshot
        flushWatchLink()
    }

    /// `transferUserInfo` from the phone (a sign-out notice): queued until reachable.
    func transferNoticeToWatch(_ notice: WatchNotice) {
        watchConnectivity.notices.append(notice)
        flushWatchLink()
    }

    /// What came for the watch app while it was not running, taken by its new run.
    func takeWaitingForWatchApp() -> (context: Int32?, notices: [WatchNotice]) {
        defer { watchConnectivity.waiting = (nil, []) }
        return watchConnectivity.waiting
    }

    // MARK: The link's timers and deliveries (`WatchLink`)

    /// The first period out of reach, drawn when the link starts.
    func scheduleWatchOutOfReach() {
        scheduleArrival(perDay: p.watch.phoneUnreachablePerDay, rng: &watchConnectivity.rng.watchLink, .goAway, to: ids.watchLink)
    }

    /// The phone goes out of the watch's reach, for a period of `watch.phoneUnreachableDuration`.
    func phoneLeavesWatchReach() {
        watchConnectivity.away = true
        send(.comeBack, to: ids.watchLink, after: p.watch.phoneUnreachableDuration.sampleTime(&watchConnectivity.rng.watchLink))
    }

    /// The phone is back within reach: what waited goes through. A standalone watch without a
    /// network of its own has the phone's again: a push held for it can go
    /// (docs/model.md#watch-reachability).
    func phoneBackInWatchReach() {
        watchConnectivity.away = false
        flushWatchLink()
        if p.watch.level == .standalone { send(.phoneInWatchReach, to: ids.pushService) }
        scheduleWatchOutOfReach()
    }

    /// Delivers what waited, in order, when the phone is reachable (also when the phone app
    /// activates its link session, the phone is switched on or wakes).
    func flushWatchLink() {
        guard watchReachable else { return }
        if appCanRunForWatch {
            let queued = watchConnectivity.toPhone
            watchConnectivity.toPhone = []
            for change in queued { send(.deliverQueuedToPhone(change: change), to: ids.watchLink, after: watchLinkHop()) }
        }
        if let snapshot = watchConnectivity.context {
            sendToWatch(.context(snapshot: snapshot), after: watchLinkHop())
            watchConnectivity.context = nil
        }
        for n in watchConnectivity.notices { sendToWatch(.notice(n), after: watchLinkHop()) }
        watchConnectivity.notices = []
    }

    /// A message from the watch reaches the phone: the system wakes the phone app for it
    /// (one rule for every background launch, `wakeAppInBackground`). If it cannot, a queued
    /// transfer waits in the queue for the next delivery; an immediate message fails, and a
    /// write it carried had no other holder.
    func watchMessageArrives(_ request: WatchRequest, queued: Bool) {
        // A sleeping phone launches no app for the watch (`appCanRunForWatch`): a transfer waits.
        if appCanRunForWatch && wakeAppInBackground(.watch, for: .watchRequest(request)) { return }   // the app lets go once it has it
        guard case .write(let change) = request else { return }
        if queued { watchConnectivity.toPhone.append(change) } else { changes.letGo(change) }
    }

    /// Something for the watch app is on the watch: the running app gets it; for an app that
    /// is not running the system keeps the latest context and the notices for its next launch,
    /// and a standalone watch's push launches it. A reply to a run that ended is lost.
    func arrivesOnWatch(_ input: WatchAppInput) {
        if engine.isRunning(ids.watch) { send(input, to: ids.watch); return }
        switch input {
        case .context(let snapshot): watchConnectivity.waiting.context = snapshot
        case .notice(let n): watchConnectivity.waiting.notices.append(n)
        case .push: launchWatchApp(by: .pushWake, for: .push)
        default: break
        }
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
