import SimKernel
import Platform

/// The main app's process lifecycle as the operating system sees it (docs/model.md#main-app,
/// docs/platform-facts.md#background-launches): the foreground, background launches for a
/// wake, the user's opening of the app, suspension and the reclaim of a suspended app, a
/// force-quit, the system ending an app kept running for an activity, and the standby bucket
/// Android draws from the app's last use (docs/model.md#power).
extension OperatingSystem {
    /// Launches (or resumes) the main app in the background for a wake, with the
    /// background run-time budget, and sends it `reason`. One rule for every background
    /// launcher (docs/platform-facts.md#background-launches): a switched-off phone runs
    /// nothing, and an app the user force-quit is not launched in the background by
    /// anything (a push, background refresh, the watch, a finished transfer) until the
    /// user opens it again. The result is false when there is no wake. `carScene`: the car
    /// connection launches the app's car scene, which the user chose on the car's screen.
    @discardableResult
    func wakeAppInBackground(_ launcher: Launcher, for reason: MainAppInput, carScene: Bool = false) -> Bool {
        guard device.poweredOn else { return false }
        if !engine.isRunning(ids.app) {
            guard carScene || !device.appForceQuit else { return false }
            reclaimIfDue()
            engine.launch(ids.app, by: launcher, limits: ProcessLimits(timeBudget: p.app.backgroundBudget))
        }
        send(reason, to: ids.app)
        return true
    }

    /// Whether a message from the watch can reach the phone app: it is running, or the
    /// system would launch it for the message.
    /// A phone asleep (a power-saving period, a Doze idle window) launches nothing for it.
    var appCanRunForWatch: Bool {
        engine.isRunning(ids.app) || (device.poweredOn && !device.appForceQuit && !phoneAsleep)
    }

    /// The phone is on and in reach but will not launch the app in the background: asleep in a
    /// power-saving period or a Doze idle window (docs/model.md#watch).
    var phoneAsleep: Bool { device.lowPower || device.dozing }

    /// The user opens the main app: from the home screen (`bySurface` nil), or because a
    /// surface's design took them there (a deep link, a share handed over, an action, an
    /// activity started, playback cast from the phone). Sessions of the second kind draw their
    /// length from the opening surface's own stream, so a design never shifts the user's own
    /// sessions, nor one surface's the sessions another opened.
    func openAppInForeground(_ launcher: Launcher = .user, bySurface surface: ProcessID? = nil) {
        // A surface's attempt takes its session's seed whether or not a session starts, so one
        // design holding the app in front never shifts the sessions another surface opens. The
        // seed (odd, so never 0, which marks the user's own sessions) travels with the message.
        let surfaceSessionSeed = surface.map { s in rng.sessionsOpenedBy[Int(s.index)].next() | 1 }
        if appInForeground { return }
        reclaimIfDue()
        device.appForceQuit = false
        device.pushTokenStale = false      // the app registers for push again when it runs
        unlock()
        appInForeground = true
        if engine.isRunning(ids.app) {
            engine.liftTimeBudget(ids.app)     // a background task becomes the foreground run
        } else {
            engine.launch(ids.app, by: launcher, limits: ProcessLimits.none)
        }
        send(.userOpensApp, to: ids.app)
        if p.watch.enabled { flushWatchLink() }   // the app activates its link session
        send(.sessionStarted(surfaceSeed: surfaceSessionSeed), to: ids.user)
    }

    /// The app was suspended: the system reclaims it after `app.suspendedLifetime`. Nothing
    /// can observe a suspended app, so the reclaim is applied when the app is next launched
    /// (`reclaimIfDue`) rather than by an event of its own: the same draw, one event fewer.
    func scheduleAppReclaim() {
        if !appInForeground { measure.showsApp(.blank(.none), appInForeground: false) }
        appReclaimAt = now + p.app.suspendedLifetime.sampleTime(&rng.app)
    }

    /// Before the app is launched or resumed: if it stayed suspended past its lifetime, the
    /// system reclaimed it, and this launch starts cold from storage.
    func reclaimIfDue() {
        if engine.state(ids.app) == .suspended && now >= appReclaimAt { engine.end(ids.app, .terminatedBySystem) }
    }

    /// An app kept running in the background for an activity is reclaimed by the system
    /// at `live.backgroundTermination.perHour`.
    func appKeptRunningForActivity() {
        let rate = p.live.backgroundTerminationPerHour
        guard rate > 0 else { return }
        let delay = SimTime(rng.liveTermination.exponential(mean: Double(Time.hour) / rate))
        send(.terminateApp(incarnation: engine.incarnation(ids.app)), to: ids.device, after: delay)
    }

    /// The user force-quits the app from the app switcher (from the foreground or not).
    func forceQuitApp() {
        if appInForeground && engine.isRunning(ids.app) {
            send(.userEndsSession(forceQuit: true), to: ids.app)
            return
        }
        appForceQuitTakesEffect()
    }

    /// A force-quit takes effect: the system remembers it (no background launch until the user
    /// opens the app again), the push service discards the one push it held
    /// (docs/platform-facts.md#extensions), and the app ends.
    func appForceQuitTakesEffect() {
        device.appForceQuit = true
        pushServiceDiscardsHeld()
        engine.end(ids.app, .forceQuit)
    }

    /// The main app's Android standby bucket now (nil without `device.standbyBuckets`): active
    /// while in the foreground, then by the time since the user last had it there
    /// (docs/model.md#power).
    var standbyBucket: StandbyBucket? {
        guard p.device.standbyBuckets else { return nil }
        return appInForeground ? .active : StandbyBucket.after(idle: now - appLastUsed)
    }

    /// The app leaves the foreground (the user went home, the app ended, the phone restarted or
    /// switched off): the system no longer counts it in front, and a phone-mirrored video stops.
    func appLeavesForeground() {
        appInForeground = false
        if p.tv.enabled { send(.phoneAppLeftForeground, to: ids.tv) }
    }
}
