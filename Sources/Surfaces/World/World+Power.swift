import SimKernel
import Platform

/// Switching the phone off and on (probes P25.7 and P25.8): every phone process ends,
/// the phone has no network and the watch cannot reach it; on again, it boots like a
/// restart (storage protected until first unlock stays closed until the next unlock).
extension World {
    /// The main app's Android standby bucket now (nil without `device.standbyBuckets`): active
    /// while in the foreground, then by the time since the user last had it there
    /// (docs/model.md#power).
    var standbyBucket: StandbyBucket? {
        guard p.device.standbyBuckets else { return nil }
        return appInForeground ? .active : StandbyBucket.after(idle: now - appLastUsed)
    }

    func setPhonePower(on: Bool) {
        guard device.poweredOn != on else { return }
        if !on {
            if appInForeground { appInForeground = false; appLeftForeground() }
            for pid in phoneProcesses { engine.end(pid, .terminatedBySystem) }
            device.poweredOn = false
            device.online = false
            broadcast(.offline)
        } else {
            device.poweredOn = true
            setLocked(true)
            device.unlockedSinceBoot = false
            broadcast(.restarted)
            device.online = true
            broadcast(.online)
            if p.watch.enabled { send(.phonePoweredOn, to: ids.watchLink) }
        }
    }

    /// The user force-quits the app from the app switcher (from the foreground or not).
    func forceQuitApp() {
        if appInForeground && engine.isRunning(ids.app) {
            send(.userEndsSession(forceQuit: true), to: ids.app)
            return
        }
        device.appForceQuit = true
        pushServiceDiscardsHeld()
        engine.end(ids.app, .forceQuit)
    }
}
