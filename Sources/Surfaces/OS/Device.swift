import SimKernel
import Platform

/// The phone as the operating system runs it (docs/model.md#power,
/// docs/model.md#lock-screen-redaction): locking and unlocking, the notices it delivers to the
/// system programs that listen (network, first unlock, restart), and switching the phone off
/// and on (probes P25.7 and P25.8): every phone process ends, the phone has no network and the
/// watch cannot reach it; on again, it boots like a restart (storage protected until first
/// unlock stays closed until the next unlock).
extension OperatingSystem {
    /// The user unlocks the phone (also the first unlock after a restart).
    func unlock() {
        let first = !device.unlockedSinceBoot
        let wasLocked = device.locked
        setLocked(false)
        device.unlockedSinceBoot = true
        if first { broadcast(.firstUnlock) }
        // The screen comes on: Doze ends (docs/model.md#power).
        if wasLocked && p.device.doze { send(.screenOn, to: ids.device) }
    }

    /// The phone locks or unlocks. With `widget.redactsWhenLocked` the system tells the widget
    /// host, which redacts the widget while locked (docs/model.md#lock-screen-redaction).
    func setLocked(_ locked: Bool) {
        let changed = device.locked != locked
        device.locked = locked
        if changed && p.widget.enabled && p.widget.redactsWhenLocked { send(.lockChanged, to: ids.widgetHost) }
    }

    /// Tells the system programs that react to platform notices.
    func broadcast(_ notice: DeviceNotice) {
        for route in noticeListeners { send(notice, via: route) }
    }

    /// Switches the phone off or on.
    func setPhonePower(on: Bool) {
        guard device.poweredOn != on else { return }
        if !on {
            if appInForeground { appLeavesForeground() }
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
}
