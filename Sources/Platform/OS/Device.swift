import SimKernel

/// The phone as the operating system runs it (docs/model.md#power,
/// docs/model.md#lock-screen-redaction): locking and unlocking, the notices it delivers to the
/// system programs that listen (network, first unlock, restart), and switching the phone off
/// and on (probes P25.7 and P25.8): every phone process ends, the phone has no network and the
/// watch cannot reach it; on again, it boots like a restart (storage protected until first
/// unlock stays closed until the next unlock).
extension OperatingSystem {
    /// The user unlocks the phone (also the first unlock after a restart).
    public func unlock() {
        let first = !_device.unlockedSinceBoot
        let wasLocked = _device.locked
        setLocked(false)
        _device.unlockedSinceBoot = true
        if first { broadcast(.firstUnlock) }
        // The screen comes on: Doze ends (docs/model.md#power).
        if wasLocked && settings.doze, let phone = _wiring.phone { send(.screenOn, via: phone) }
    }

    /// The phone locks or unlocks. With `widget.redactsWhenLocked` the system tells the widget
    /// host, which redacts the widget while locked (docs/model.md#lock-screen-redaction).
    public func setLocked(_ locked: Bool) {
        let changed = _device.locked != locked
        _device.locked = locked
        if changed && settings.widgetRedactsWhenLocked, let host = _wiring.widgetHost { send(.lockChanged, via: host) }
    }

    /// Tells the system programs that react to platform notices.
    public func broadcast(_ notice: DeviceNotice) {
        for route in _wiring.noticeListeners { send(notice, via: route) }
    }

    /// Switches the phone off or on.
    public func setPhonePower(on: Bool) {
        guard _device.poweredOn != on else { return }
        if !on {
            if _appInForeground { appLeavesForeground() }
            for pid in _wiring.phoneProcesses { engine.end(pid, .terminatedBySystem) }
            _device.poweredOn = false
            _device.online = false
            broadcast(.offline)
        } else {
            _device.poweredOn = true
            setLocked(true)
            _device.unlockedSinceBoot = false
            broadcast(.restarted)
            _device.online = true
            broadcast(.online)
            if settings.hasWatchApp { send(.phonePoweredOn, to: _wiring.watchLink.unsafelyUnwrapped) }
        }
    }
}
