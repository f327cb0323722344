import SimKernel

/// The systems on the devices paired with the phone (docs/model.md#watch-app-lifetime,
/// docs/model.md#car-lifetime, docs/model.md#television-lifetime): the watch's system, which
/// delivers to the watch app or launches it; the car connection, which launches the car's
/// program for a drive and connects a projected car's phone app (its car scene, kept running
/// for the drive) and relaunches it; the television's, which
/// launches its program for a playback (`launchOrDeliver`).
extension OperatingSystem {
    /// Sends `delivery` to the watch app over the watch: straight to the app when it runs all
    /// day; with `watch.lifetime = whenLooked` through the system on the watch (the link), which
    /// keeps it, or launches the app, when the app is not running.
    @usableFromInline func sendToWatch(_ delivery: WatchDelivery, after delay: SimTime) {
        if settings.watchAppLaunchedWhenLooked {
            send(.toWatch(delivery), to: wired(_wiring.watchLink, "watchLink"), after: delay)
        } else {
            send(delivery, via: wired(_wiring.watchApp, "watchApp"), after: delay)
        }
    }

    /// The system launches the program at `address` for `input` (its run's first input: a
    /// look at the watch, a write on it, a drive connecting the car, a playback on the
    /// television), or hands the input to its running run.
    @inlinable
    func launchOrDeliver<Input>(_ input: Input, to address: Address<Input>, by launcher: Launcher) {
        engineRef._withUnsafeGuaranteedRef { $0.launchOrDeliver(input, to: address, by: launcher) }
    }

    /// The car connection, as a drive begins: it keeps the app running for the drive (the car's
    /// keep-alive, which the system grants) and launches the app's car scene, which the user
    /// chose on the car's screen: even after a force-quit, with no background time limit (a
    /// run already going has its limit lifted). The app's run is told the scene connected,
    /// with the keep-alives that hold (`SystemWiring.carScene`): that notice is its wake. False
    /// when the phone is switched off: the grant stands, nothing is launched, and the
    /// connection tries again (`relaunchCarScene`).
    @usableFromInline func connectCarScene() -> Bool {
        keepAliveGrants.set(.carConnection, true)      // the scene's notice tells the app
        return launchCarScene()
    }

    /// The car connection, at a check during a drive after it lost the app it projects
    /// (`appRunEnded`): launches the app's car scene again (`connectCarScene`) if no run of the
    /// app is going; a run that goes on (the user opened the app meanwhile) is left alone. The
    /// system, not the car's program, knows whether the app runs. False when the phone is
    /// switched off: nothing is launched, and the connection tries again.
    @usableFromInline func relaunchCarScene() -> Bool {
        guard !engine.isRunning(appProcess) else { return true }
        return launchCarScene()
    }

    /// Launches (or wakes) the app for its car scene and tells the run the scene connected.
    private func launchCarScene() -> Bool {
        guard beginBackgroundRun(.system, carScene: true) != nil else { return false }
        send(CarSceneConnection(keptAlive: keepAliveGrants.reasons), via: wired(_wiring.carScene, "carScene"))
        return true
    }
}
