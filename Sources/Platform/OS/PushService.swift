import SimKernel

/// What the push service accepts: requests from the backend, its own notifications
/// reaching the phone and the watch, the phone's network notices, and word that the phone
/// is back within the watch's reach.
public enum PushServiceInput: Sendable {
    /// The backend sends a silent push to the phone app for a write of process `writer`.
    case sendSilent(writer: ProcessID)
    /// The app was force-quit: the notification held for it is dropped.
    case discardHeld
    /// A silent push for a write of `writer` reaches the phone.
    case silentArrives(writer: ProcessID)
    /// A live status's update on its own push token reaches the phone.
    case liveUpdateArrives(LiveUpdate)
    /// The backend sends a standalone watch its own push for a write of process `writer`
    /// (docs/model.md#watch-reachability).
    case sendToWatch(writer: ProcessID)
    /// A standalone watch's push for a write of `writer` reaches the watch.
    case watchPushArrives(writer: ProcessID)
    /// The phone is back within the watch's reach (the watch link): a watch without a network
    /// of its own may have one again.
    case phoneInWatchReach
    case deviceNotice(DeviceNotice)
}

/// The push service and the phone's rules for background pushes (§25.4 fig. 25.2;
/// docs/platform-facts.md#extensions `bgpush`): best effort, a delay distribution, loss, reordering
/// by independent delays; for an offline phone only the newest notification is held;
/// a force-quit app is never woken and its held push is discarded; a wake may be
/// refused, and at most `push.wakesPerHour` wakes are granted per rolling hour. A live
/// status's updates come through it too (their own topic, so their own held slot), and
/// reach the lock screen only while the phone is on and online. A standalone watch's
/// own pushes come through it with the same delay and loss, and are held, the newest only,
/// while the watch has no network (docs/model.md#watch-reachability).
///
/// A system process of the platform: it hands the app its silent pushes along the route it gave
/// the system (`SystemWiring.silentPushes`) and a live activity's updates to ActivityKit
/// (`ActivityKit.swift`),
/// and its loss, delay and refusal are drawn from the sending program's own streams
/// (`SystemStreams.pushFrom`, `.pushWakeFrom`, `.pushWatchFrom`).
public final class PushService: SimulatedProcess<PushServiceInput> {
    /// The operating system it is part of, held strongly (no reference counting per call);
    /// unregistering the processes breaks the cycle through the engine at the end.
    public let os: OperatingSystem
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The writer whose silent push is held for an offline or sleeping phone (only the newest is
    /// held), and whether the standby bucket's cap already made it a normal-priority message (it
    /// is then not weighed against the cap again when it goes).
    private var heldSilent: (writer: ProcessID, treatedAsNormal: Bool)? = nil
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Per activity, the newest live-status update that found the phone offline (each
    /// activity's updates go to its own push token).
    private var heldLive: [Int32: LiveUpdate] = [:]
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The writer whose push to a standalone watch is held while the watch has no network
    /// (only the newest is held).
    private var heldForWatch: ProcessID? = nil
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var wakeBudget: RollingBudget
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Standby buckets: the high-priority messages that reached the app in the last day.
    private var highPriorityUses = QuotaRecord()

    /// The push service of the system `os`.
    public init(os: OperatingSystem) {
        self.os = os
        push = os.settings.push
        wakeBudget = RollingBudget(limit: push.wakesPerHour, window: Time.hour)
    }
    override public func discardMemory() {}

    /// Its own address (the system's wiring holds it).
    private var address: Address<PushServiceInput> { os.wired(os._wiring.pushService, "pushService") }
    /// The push service's figures, read once (`PlatformSettings.push`).
    private let push: PushSettings

    /// The backend sends a silent push to the phone app now, for a write of process `writer`
    /// (whose stream draws its loss and delay: one surface's writes never shift another's pushes).
    private func sendSilentToApp(for writer: ProcessID) {
        let k = Int(writer.index)
        if os._rng.pushFrom[k].bernoulli(push.loss) {
            os.engine.log(address, "lost", "silent push, writer \(k)")
            return
        }
        let delay = push.delay.sampleTime(&os._rng.pushFrom[k])
        os.send(.silentArrives(writer: writer), to: address, after: delay)
    }

    /// The backend sends a standalone watch its push now, for a write of process `writer`: its
    /// loss and delay are drawn from that writer's own stream for the watch (`push.watch.from.P`),
    /// so the watch's pushes never shift the phone's, nor one writer's another's.
    private func sendToWatch(for writer: ProcessID) {
        let k = Int(writer.index)
        if os._rng.pushWatchFrom[k].bernoulli(push.loss) {
            os.engine.log(address, "lost", "watch push, writer \(k)")
            return
        }
        let delay = push.delay.sampleTime(&os._rng.pushWatchFrom[k])
        os.send(.watchPushArrives(writer: writer), to: address, after: delay)
    }

    /// A standalone watch's push reaches the watch if it has a network (its own, or the phone's
    /// while near); otherwise it is held, the newest only, until the watch has one again.
    private func arriveAtWatch(for writer: ProcessID) {
        guard os.watchHasNetwork else {
            if let older = heldForWatch { os.engine.log(address, "dropped", "watch push, writer \(older.index): a newer one is held") }
            heldForWatch = writer
            os.engine.log(address, "held", "watch has no network")
            return
        }
        os.sendToWatch(.push, after: 0)
    }

    /// The watch may have a network again: the push held for it goes now.
    private func watchMayHaveNetwork() {
        guard let writer = heldForWatch, os.watchHasNetwork else { return }
        heldForWatch = nil
        arriveAtWatch(for: writer)
    }

    override public func receive(_ input: PushServiceInput, engine: Engine) {
        switch input {
        case .sendSilent(let writer):
            sendSilentToApp(for: writer)
        case .discardHeld:
            if let held = heldSilent { os.engine.log(address, "dropped", "held push, writer \(held.writer.index): app force-quit") }
            heldSilent = nil
        case .silentArrives(let writer):
            arriveAtPhone(for: writer)
        case .liveUpdateArrives(let update):
            liveUpdateArrives(update)
        case .sendToWatch(let writer):
            sendToWatch(for: writer)
        case .watchPushArrives(let writer):
            arriveAtWatch(for: writer)
        case .phoneInWatchReach:
            watchMayHaveNetwork()
        case .deviceNotice(.online):
            phoneMayTakePushes()
            watchMayHaveNetwork()
        case .deviceNotice(.powerRestored), .deviceNotice(.dozeWindow):
            phoneMayTakePushes()
        case .deviceNotice:
            break
        }
    }

    /// The phone is online again or woke: what was held for it goes now.
    private func phoneMayTakePushes() {
        if let held = heldSilent {
            heldSilent = nil
            arriveAtPhone(for: held.writer, treatedAsNormal: held.treatedAsNormal)
        }
        let held = heldLive.sorted { $0.key < $1.key }
        heldLive = [:]
        for (_, update) in held { liveUpdateArrives(update) }
    }

    /// A live-status update reaches the phone: ActivityKit draws it on the lock screen (no app
    /// code runs), or it is held, the newest only, while the phone is offline or switched off.
    private func liveUpdateArrives(_ update: LiveUpdate) {
        guard os.device.online, os.device.poweredOn else {
            if heldLive[update.activity] != nil { os.engine.log(address, "dropped", "live update, activity \(update.activity): a newer one is held") }
            heldLive[update.activity] = update
            os.engine.log(address, "held", "live update, phone offline")
            return
        }
        os.liveActivityPushArrives(update)
    }

    /// A silent push for a write of process `writer` reaches the phone; whether a wake would
    /// be refused is drawn from that writer's stream at every arrival, before anything else
    /// decides (the app in front, force-quit, the hourly budget), so what other surfaces do
    /// never shifts the draws of this writer's later pushes. `treatedAsNormal`: a held push the
    /// standby bucket's cap already made normal priority (it is weighed against the cap once).
    private func arriveAtPhone(for writer: ProcessID, treatedAsNormal: Bool = false) {
        let refused = os._rng.pushWakeFrom[Int(writer.index)].bernoulli(push.wakeRefusal)
        guard os.device.online, os.device.poweredOn else {
            dropHeldSilent()
            heldSilent = (writer, treatedAsNormal)        // only the newest is held
            os.engine.log(address, "held", "phone offline")
            os.observer.platformDid(.pushHeld(.offline))
            return
        }
        if os.device.appForceQuit {     // discarded: not woken until opened
            os.engine.log(address, "discarded", "app force-quit")
            return
        }
        if os.device.pushTokenStale {   // sent to a token the restored phone no longer has
            os.engine.log(address, "discarded", "stale push token")
            return
        }
        if os.appInForeground {
            sendSilentPush()
            return
        }
        // Power saving holds background pushes until power returns; Doze holds normal-priority
        // ones (and high-priority ones past the standby bucket's daily cap) until its next
        // window (the newest only, as for an offline phone).
        if os.device.lowPower {
            dropHeldSilent()
            heldSilent = (writer, treatedAsNormal)
            os.engine.log(address, "held", "low power")
            os.observer.platformDid(.pushHeld(.lowPower))
            return
        }
        let highPriority = !treatedAsNormal && arrivesAtHighPriority()
        if os.device.dozing && !highPriority {
            dropHeldSilent()
            heldSilent = (writer, push.highPriority)   // a high-priority push held here was made normal by the cap
            os.engine.log(address, "held", "doze")
            os.observer.platformDid(.pushHeld(.doze))
            return
        }
        // A debugger attached lifts the throttle: no refusal and no hourly budget.
        let throttled = !os.settings.developerAttached
        if refused && throttled {
            os.engine.log(address, "wakeRefused", "refusal, writer \(writer.index)")
            os.observer.platformDid(.pushWakeRefused)
            return
        }
        guard !throttled || wakeBudget.spend(at: os.now) else {
            os.engine.log(address, "wakeRefused", "hourly budget spent")
            os.observer.platformDid(.pushWakeRefused)
            return
        }
        os.engine.log(address, "wake", "app, writer \(writer.index)")
        // A high-priority message puts the app on Doze's temporary allowlist: it has the network.
        if highPriority { os.allowNetworkForHighPriorityPush() }
        if os.launchAppInBackground(.pushWake) { sendSilentPush() }
    }

    /// A newer silent push takes the held one's place: the held one is dropped (a trace row).
    private func dropHeldSilent() {
        if let held = heldSilent { os.engine.log(address, "dropped", "held push, writer \(held.writer.index): a newer one is held") }
    }

    /// Hands the app a silent push (its route's box read in place).
    private func sendSilentPush() {
        if os.silentPushCell == nil { os.silentPushCell = os.keep(RouteCell(os.wired(os._wiring.silentPushes, "silentPushes"))) }
        os.silentPushCell.unsafelyUnwrapped._withUnsafeGuaranteedRef { cell in os.send(SilentPush(), via: cell.route) }
    }

    /// Whether a push reaching the app in the background keeps its high priority: the backend
    /// sends at `push.priority`; with standby buckets a high-priority message past the daily cap
    /// of the app's bucket is treated as normal priority (docs/model.md#power). Each
    /// high-priority message counts against the cap once, when it reaches the app in the
    /// background (in Doze or not) within the cap; one past it is normal priority from then on
    /// (held by Doze, it is not weighed again when its window comes) and counts nothing.
    private func arrivesAtHighPriority() -> Bool {
        guard push.highPriority else { return false }
        guard let bucket = os.standbyBucket else { return true }
        let quota = bucket.highPriorityPushQuota
        guard highPriorityUses.allows(quota, at: os.now) else {
            os.engine.log(address, "downgraded", "standby bucket \(bucket.rawValue)")
            return false
        }
        highPriorityUses.record(at: os.now)
        return true
    }
}
