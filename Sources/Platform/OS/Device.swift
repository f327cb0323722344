import SimKernel

/// The phone as the operating system runs it (docs/model.md#device, docs/model.md#power,
/// docs/model.md#lock-screen-redaction): locking and unlocking, the notices it delivers to the
/// programs that listen (network, first unlock, restart, update), a restart, an app update, the
/// network coming and going, a restore onto another phone, and switching the phone off and on
/// (probes P25.7 and P25.8): every phone process ends, the phone has no network and the watch
/// cannot reach it; on again, it boots like a restart (storage protected until first unlock
/// stays closed until the next unlock). When these happen is the world's (the phone's own
/// process draws them); what they do is the system's.
extension OperatingSystem {
    /// The user unlocks the phone (also the first unlock after a restart).
    public func unlock() {
        let first = !_device.unlockedSinceBoot
        let wasLocked = _device.locked
        setLocked(false)
        _device.unlockedSinceBoot = true
        if first { broadcast(.firstUnlock) }
        // The screen comes on: Doze ends (docs/model.md#power).
        if wasLocked && settings.doze { send(.screenOn, via: wired(_wiring.phone, "phone")) }
    }

    /// The phone locks or unlocks. With `widget.redactsWhenLocked` the system tells the widget
    /// host, which redacts the widget while locked (docs/model.md#lock-screen-redaction).
    public func setLocked(_ locked: Bool) {
        let changed = _device.locked != locked
        _device.locked = locked
        if changed { observer.platformDid(.phoneLocked(locked)) }
        if changed && settings.widgetRedactsWhenLocked, let host = _wiring.widgetHost { send(.lockChanged, to: host) }
    }

    /// Tells the system programs that react to platform notices, then launches those launched
    /// by one (or hands it to their running run).
    public func broadcast(_ notice: DeviceNotice) {
        for route in _wiring.noticeListeners { send(notice, via: route) }
        for route in _wiring.noticeLaunches { engine.launchOrDeliver(notice, via: route, by: .system) }
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
            observer.platformDid(.phoneRestarted)
            broadcast(.restarted)
            _device.online = true
            broadcast(.online)
            if settings.hasWatchApp { send(.phonePoweredOn, to: wired(_wiring.watchLink, "watchLink")) }
        }
        samplePowerState()
    }

    /// The phone restarts: every phone process ends (the app leaves the foreground first), the
    /// phone comes back locked and before its first unlock, and the programs that listen are told.
    public func restartPhone() {
        if _appInForeground { appLeavesForeground() }
        for pid in _wiring.phoneProcesses { engine.end(pid, .terminatedBySystem) }
        setLocked(true)
        _device.unlockedSinceBoot = false
        observer.platformDid(.phoneRestarted)
        broadcast(.restarted)
    }

    /// An update of the app and its extensions installs, unless the app is in use (then it does
    /// not, and the result is false): their processes end, the projection schema moves on when
    /// the update changes it, and the programs that listen are told.
    @discardableResult
    public func installAppUpdate(changesSchema: Bool) -> Bool {
        if _appInForeground { return false }   // updates install while the app is not in use
        for pid in _wiring.phoneProcesses { engine.end(pid, .terminatedBySystem) }
        if changesSchema { _schemaVersion += 1 }
        observer.platformDid(.appUpdateInstalled)
        broadcast(.appUpdated)
        return true
    }

    /// The phone loses or regains its network; the programs that listen are told.
    public func setNetwork(online: Bool) {
        _device.online = online
        samplePowerState()
        broadcast(online ? .online : .offline)
    }

    /// The phone is restored onto another (docs/model.md#kept-readings): the key sealing the
    /// app's kept readings is gone, the app is not running, and its push token and background
    /// tasks are stale until the user opens it and it registers again.
    public func restoreOntoAnotherPhone() {
        _readingsKey.lose()
        _device.pushTokenStale = true
        engine.end(appProcess, .terminatedBySystem)
    }

    /// A power-saving period starts or ends (docs/model.md#power): while it lasts the phone
    /// launches nothing in the background; when it ends the programs that listen are told.
    public func setPowerSaving(_ on: Bool) {
        _device.lowPower = on
        samplePowerState()
        if !on { broadcast(.powerRestored) }
    }

    /// Doze's states (docs/model.md#power; when they change is the Doze schedule the phone's
    /// own process keeps): deep idle takes over from light idle; light idle; the end of a light
    /// idle window; the end of a deep idle window, which the programs that listen are told of
    /// (the push service, the watch link, and the widget host, whose alarm waited for it).
    public func enterDeepIdle() {
        _device.dozing = true
        _device.lightDozing = false
        reportDozeState()
    }
    public func enterLightIdle() {
        _device.lightDozing = true
        reportDozeState()
    }
    public func endLightIdleWindow() {
        _device.lightDozing = false
        reportDozeState()
    }
    public func endDeepIdleWindow() {
        _device.dozing = false
        reportDozeState()
        broadcast(.dozeWindow)
    }

    /// Tells the measurement layer Doze's state now: deep while deeply idle, else light while
    /// lightly idle, else none; and samples the trace's power counters.
    private func reportDozeState() {
        observer.platformDid(.doze(_device.dozing ? .deep : _device.lightDozing ? .light : .none))
        samplePowerState()
    }

    /// With a trace attached, samples the phone's power state into its counters
    /// (docs/cli.md#trace): `phone power`, `phone network`, `phone powerSaving` (1 or 0) and `phone doze`
    /// (0 awake, 1 light idle, 2 deep idle). A writer keeps only the changes.
    public func samplePowerState() {
        guard let trace = engine.attachedTrace else { return }
        let d = _device
        trace.sample(now, "phone power", d.poweredOn ? 1 : 0)
        trace.sample(now, "phone network", d.online ? 1 : 0)
        trace.sample(now, "phone powerSaving", d.lowPower ? 1 : 0)
        trace.sample(now, "phone doze", d.dozing ? 2 : d.lightDozing ? 1 : 0)
    }

    // MARK: Doze's rules (docs/model.md#power)

    /// Whether Doze holds the phone's network from the app's programs now: in an idle window,
    /// deep or light, no program of the app reaches the network (its requests fail at once, as
    /// offline) until the window ends, unless a high-priority push gave the app the network
    /// (`allowNetworkForHighPriorityPush`). A maintenance window, or the screen coming on, ends it.
    @inlinable public var phoneNetworkHeld: Bool {
        (_device.dozing || _device.lightDozing) && now >= _device.networkAllowlistedUntil
    }

    /// Whether a standard alarm (Android's periodic widget update is one) waits now: in a deep
    /// Doze idle window it goes off at the window's end (the `dozeWindow` notice); light Doze
    /// does not defer alarms.
    @inlinable public var alarmsWait: Bool { _device.dozing }

    /// A high-priority push reached the app: the push service puts the app on Doze's temporary
    /// allowlist, so its programs have the network for `highPriorityAllowlist` whatever Doze holds.
    public func allowNetworkForHighPriorityPush() {
        _device.networkAllowlistedUntil = max(_device.networkAllowlistedUntil, now + Self.highPriorityAllowlist)
    }

    /// How long a high-priority push's temporary allowlist lasts (FCM's: up to a few minutes;
    /// docs/platform-facts.md#android).
    public static let highPriorityAllowlist = 5 * Time.minute
}
