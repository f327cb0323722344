import SimKernel

/// The main app's process lifecycle as the operating system sees it (docs/model.md#main-app,
/// docs/platform-facts.md#background-launches): the foreground, background launches for a
/// wake, the user's opening of the app, suspension and the reclaim of a suspended app, a
/// force-quit, the system ending an app kept running for an activity, and the standby bucket
/// Android draws from the app's last use (docs/model.md#power). The app's process is
/// `_wiring.app`; what the app is told goes along its routes.
extension OperatingSystem {
    /// The main app's process.
    @inlinable public var appProcess: ProcessID { wired(_wiring.app, "app") }

    /// Launches (or resumes) the main app in the background for a wake, with the background
    /// run-time budget, and sends it `reason` at `app` (the app's address). One rule for every
    /// background launcher (docs/platform-facts.md#background-launches): a switched-off phone
    /// runs nothing, and an app the user force-quit is not launched in the background by
    /// anything (a push, background refresh, the watch, a finished transfer) until the user
    /// opens it again. The result is false when there is no wake. (The car connection's
    /// launch of the app's car scene is `CarConnection.swift`'s.)
    @inlinable @discardableResult
    public func wakeAppInBackground<Input>(_ launcher: Launcher, for reason: Input, at app: Address<Input>) -> Bool {
        guard launchAppInBackground(launcher) else { return false }
        send(reason, to: app)
        return true
    }

    /// The rule of `wakeAppInBackground`: launches (or resumes) the app for a background wake,
    /// unless the phone is off or the app was force-quit; false when there is no wake. A run
    /// that begins is told the keep-alives that hold.
    public func launchAppInBackground(_ launcher: Launcher) -> Bool {
        guard let began = beginBackgroundRun(launcher, carScene: false) else { return false }
        if began { tellLaunchedAppItsKeepAlives() }
        return true
    }

    /// The one rule of the background launches: a switched-off phone runs nothing, and an app
    /// the user force-quit is not launched in the background (but for the car scene, which the
    /// user chose on the car's screen) until the user opens it again. A car scene runs with no
    /// time limit, launched or taking over a run (whose limit is lifted); any other wake with
    /// the background budget. Nil when there is no wake; else whether a run began (launched or
    /// resumed) rather than the running one taking the wake.
    func beginBackgroundRun(_ launcher: Launcher, carScene: Bool) -> Bool? {
        guard _device.poweredOn else { return nil }
        let app = appProcess
        if !engine.isRunning(app) {
            guard carScene || !_device.appForceQuit else { return nil }
            reclaimIfDue()
            engine.launch(app, by: launcher, limits: carScene ? ProcessLimits.none : ProcessLimits(timeBudget: settings.appBackgroundBudget))
            return true
        }
        if carScene { engine.liftTimeBudget(app) }    // a background task becomes the car scene's run
        return false
    }

    /// Whether a message from the watch can reach the phone app: it is running, or the
    /// system would launch it for the message.
    /// A phone asleep (a Doze idle window; a power-saving period with
    /// `device.lowPower.blocksWatchWakes`) launches nothing for it.
    public var appCanRunForWatch: Bool {
        engine.isRunning(appProcess) || (_device.poweredOn && !_device.appForceQuit && !phoneAsleep)
    }

    /// The phone is on and in reach but will not launch the app in the background for the watch:
    /// asleep in a Doze idle window, or in a power-saving period when the study says that blocks
    /// the watch's wakes (`lowPowerBlocksWatchWakes`; docs/model.md#watch).
    public var phoneAsleep: Bool { (device.lowPower && settings.lowPowerBlocksWatchWakes) || device.dozing }

    /// The user opens the main app: from the home screen (`bySurface` nil), or because a
    /// surface's design took them there (a deep link, a share handed over, an action, an
    /// activity started, playback cast from the phone). Sessions of the second kind draw their
    /// length from the opening surface's own stream, so a design never shifts the user's own
    /// sessions, nor one surface's the sessions another opened.
    public func openAppInForeground(_ launcher: Launcher = .user, bySurface surface: ProcessID? = nil) {
        // A surface's attempt takes its session's seed whether or not a session starts, so one
        // design holding the app in front never shifts the sessions another surface opens. The
        // seed (odd, so never 0, which marks the user's own sessions) travels with the message.
        let surfaceSessionSeed = surface.map { s in _rng.sessionsOpenedBy[Int(s.index)].next() | 1 }
        if _appInForeground { return }
        reclaimIfDue()
        _device.appForceQuit = false
        _device.pushTokenStale = false      // the app registers for push again when it runs
        unlock()
        appInForeground = true
        let app = appProcess
        if engine.isRunning(app) {
            engine.liftTimeBudget(app)     // a background task becomes the foreground run
        } else {
            engine.launch(app, by: launcher, limits: ProcessLimits.none)
            tellLaunchedAppItsKeepAlives()
        }
        let session = ForegroundSession(surfaceSeed: surfaceSessionSeed)
        if let route = _wiring.appOpened { send(session, via: route) }
        if settings.hasWatchApp { flushWatchLink() }   // the app activates its link session
        if let route = _wiring.sessionStarted { send(session, via: route) }
    }

    /// The app was suspended: the system reclaims it after `app.suspendedLifetime`. Nothing
    /// can observe a suspended app, so the reclaim is applied when the app is next launched
    /// (`reclaimIfDue`) rather than by an event of its own: the same draw, one event fewer.
    public func scheduleAppReclaim() {
        if !_appInForeground { observer.appSuspendedInBackground() }
        appReclaimAt = now + settings.appSuspendedLifetime.sampleTime(&_rng.app)
    }

    /// Before the app is launched or resumed: if it stayed suspended past its lifetime, the
    /// system reclaimed it, and this launch starts cold from storage.
    public func reclaimIfDue() {
        let app = appProcess
        if engine.state(app) == .suspended && now >= appReclaimAt { engine.end(app, .terminatedBySystem) }
    }

    /// An app kept running in the background for an activity is reclaimed by the system
    /// at `live.backgroundTermination.perHour`: the phone's own process gets the timer.
    public func appKeptRunningForActivity() {
        let rate = settings.activityKeepAliveEndsPerHour
        guard rate > 0 else { return }
        let phone = wired(_wiring.phone, "phone")
        let delay = Time.fromMicroseconds(_rng.liveTermination.exponential(mean: Double(Time.hour) / rate))
        send(.endAppKeptForActivity(incarnation: engine.incarnation(appProcess)), via: phone, after: delay)
    }

    /// The time to end the app kept running for an activity came (`appKeptRunningForActivity`):
    /// the system ends that run if it still runs in the background.
    public func endAppKeptForActivity(incarnation: UInt32) {
        let app = appProcess
        if engine.isRunning(app) && !_appInForeground && incarnation == engine.incarnation(app) {
            engine.end(app, .terminatedBySystem)
        }
    }

    /// The person leaves the app they had in the foreground (`endSession` says whether they also
    /// swipe it away): the app's run ends its session itself (`endSession`, at the app's
    /// address); a foreground with no run behind it leaves at once. Nothing when the app is not
    /// in the foreground.
    @inlinable
    public func userLeavesApp<Input>(endSession: Input, at app: Address<Input>) {
        guard _appInForeground else { return }
        if engine.isRunning(appProcess) {
            send(endSession, to: app)
        } else {
            appLeavesForeground()
        }
    }

    /// The user force-quits the app from the app switcher (from the foreground or not). From
    /// the foreground, the app ends its session itself first (`endSession`, at the app's
    /// address, then `appForceQuitTakesEffect`).
    @inlinable
    public func forceQuitApp<Input>(endSession: Input, at app: Address<Input>) {
        if _appInForeground && engine.isRunning(appProcess) {
            send(endSession, to: app)
            return
        }
        appForceQuitTakesEffect()
    }

    /// A force-quit takes effect: the system remembers it (no background launch until the user
    /// opens the app again), the push service discards the one push it held
    /// (docs/platform-facts.md#extensions), and the app ends.
    public func appForceQuitTakesEffect() {
        _device.appForceQuit = true
        observer.platformDid(.appForceQuit)
        pushServiceDiscardsHeld()
        engine.end(appProcess, .forceQuit)
    }

    /// The main app's Android standby bucket now (nil without `device.standbyBuckets`): active
    /// while in the foreground, then by the time since the user last had it there
    /// (docs/model.md#power).
    public var standbyBucket: StandbyBucket? {
        guard settings.standbyBuckets else { return nil }
        return _appInForeground ? .active : StandbyBucket.after(idle: now - _appLastUsed)
    }

    /// The app leaves the foreground (the user went home, the app ended, the phone restarted or
    /// switched off): the system no longer counts it in front, and a phone-mirrored video stops.
    public func appLeavesForeground() {
        appInForeground = false
        for route in _wiring.leftForeground { send(AppLeftForeground(), via: route) }
    }
}
