import SimKernel
import Platform

/// What the device program accepts: its own timers for the phone's events, the system's
/// decision to terminate the app in the background, and the reply to a revocation it sent.
enum DeviceInput {
    case lock, unlock, restart, offline, online, update, keyLoss, keepChange, backgroundRefresh
    /// Memory pressure: the system terminates the app's run `incarnation` if it is still in the background.
    case terminateApp(incarnation: UInt32)
    case reply(Reply)
}

/// The phone's operating system events (docs/model.md#device): lock and unlock, restarts (after
/// which storage protected until first unlock stays closed until the next unlock),
/// offline periods, app updates (which may change the projection schema), the system
/// reclaiming a suspended app, and the scripted events of docs/model.md#kept-readings (key loss, a
/// change of the readings' lifetime).
final class DeviceProcess: SimulatedProcess<DeviceInput> {
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World

    init(world: World) { self.world = world }
    override func discardMemory() {}

    private var p: Parameters { world.p }

    func start() {
        scheduleUnlockCycle(locked: true)
        schedule(.restart, perDay: p.device.restartsPerDay, rng: &world.rng.deviceRestarts)
        schedule(.offline, perDay: p.network.offlinePerDay, rng: &world.rng.deviceNetwork)
        schedule(.update, perDay: p.device.appUpdatesPerDay, rng: &world.rng.deviceUpdates)
        scheduleBackgroundRefresh()
        if let t = p.device.keyLossAt { world.engine.send(.keyLoss, to: world.ids.device, at: t) }
        if let t = p.app.keepReadingsChangeAt { world.engine.send(.keepChange, to: world.ids.device, at: t) }
    }

    private func send(_ event: DeviceInput, after delay: SimTime) {
        let t = world.now + delay
        if t < p.duration { world.engine.send(event, to: world.ids.device, at: t) }
    }

    private func schedule(_ event: DeviceInput, perDay: Double, rng: inout RandomStream) {
        world.scheduleArrival(perDay: perDay, rng: &rng, event, to: world.ids.device)
    }

    /// The system's background scheduler grants the app refreshes at `app.backgroundRefresh`
    /// (docs/platform-facts.md#extensions `bgrefresh`: the start time is only a lower bound, 30 s of runtime).
    private func scheduleBackgroundRefresh() {
        world.scheduleArrival(rate: p.app.backgroundRefresh, rng: &world.rng.scheduler, .backgroundRefresh, to: world.ids.device)
    }

    /// Mean locked period giving the locked share `device.locked` beside the unlocked periods.
    private lazy var lockedMean: Double = {
        let share = min(max(p.device.locked, 0), 0.999)
        return p.device.unlockedPeriod.mean * share / (1 - share)
    }()

    /// Alternating unlocked and locked periods with the locked share `device.locked`.
    private func scheduleUnlockCycle(locked: Bool) {
        if locked {
            if lockedMean > 0 { send(.unlock, after: Time.fromSeconds(world.rng.deviceLock.exponential(mean: lockedMean))) }
        } else {
            send(.lock, after: p.device.unlockedPeriod.sampleTime(&world.rng.deviceLock))
        }
    }

    override func receive(_ input: DeviceInput, engine: Engine) {
        let w = world
        switch input {
        case .terminateApp(let inc):
            if engine.isRunning(w.ids.app) && !w.appInForeground && inc == engine.incarnation(w.ids.app) {
                engine.end(w.ids.app, .terminatedBySystem)
            }
        case .reply(let r):
            if r.kind == .revoke && r.status == .ok { w.appStorage.revokePending = false }
        case .unlock:
            w.unlock()
            scheduleUnlockCycle(locked: false)
        case .lock:
            if w.appInForeground {
                send(.lock, after: Time.minute)      // the phone stays unlocked while the app is in use
            } else {
                w.setLocked(true)
                scheduleUnlockCycle(locked: true)
            }
        case .restart:
            restart()
            schedule(.restart, perDay: p.device.restartsPerDay, rng: &w.rng.deviceRestarts)
        case .offline:
            w.device.online = false
            w.broadcast(.offline)
            send(.online, after: p.network.offlineDuration.sampleTime(&w.rng.deviceNetwork))
        case .online:
            w.device.online = true
            w.broadcast(.online)
            // A sign-out's revocation left as a background transfer goes out with the network.
            if w.appStorage.revokePending { w.request(.revoke, from: w.ids.device, credential: Backend.phoneSession) }
            schedule(.offline, perDay: p.network.offlinePerDay, rng: &w.rng.deviceNetwork)
        case .update:
            update()
            schedule(.update, perDay: p.device.appUpdatesPerDay, rng: &w.rng.deviceUpdates)
        case .backgroundRefresh:
            // Not for a force-quit app, nor one whose registration a restore left stale.
            if !w.device.appForceQuit && !w.device.pushTokenStale && !w.appInForeground {
                w.wakeAppInBackground(.backgroundScheduler, for: .backgroundWake(.backgroundScheduler))
            }
            scheduleBackgroundRefresh()
        case .keyLoss:
            // Restored onto another phone: the key is gone, the app is not running, and its push
            // token and background tasks are stale until the user opens it and it registers again.
            w.appStorage.keyLost = true
            w.device.pushTokenStale = true
            w.engine.end(w.ids.app, .terminatedBySystem)
        case .keepChange:
            w.changeReadingsLifetime(to: p.app.keepReadingsChangedTo)
        }
    }

    /// A restart ends every phone process; the phone comes back locked, before first unlock.
    private func restart() {
        let w = world
        if w.appInForeground { w.appInForeground = false; w.appLeftForeground() }
        for pid in w.phoneProcesses { w.engine.end(pid, .terminatedBySystem) }
        w.setLocked(true)
        w.device.unlockedSinceBoot = false
        w.broadcast(.restarted)
    }

    /// An app update replaces the app and its extensions; it may change the projection schema.
    private func update() {
        let w = world
        let changesSchema = w.rng.deviceUpdates.bernoulli(p.app.updateChangesSchema)   // drawn whether it installs or not
        if w.appInForeground { return }   // updates install while the app is not in use
        for pid in w.phoneProcesses { w.engine.end(pid, .terminatedBySystem) }
        if changesSchema { w.schemaVersion += 1 }
        w.broadcast(.appUpdated)
    }
}
