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
    public func sendToWatch(_ delivery: WatchDelivery, after delay: SimTime) {
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
    public func launchOrDeliver<Input>(_ input: Input, to address: Address<Input>, by launcher: Launcher) {
        engineRef._withUnsafeGuaranteedRef { $0.launchOrDeliver(input, to: address, by: launcher) }
    }
}
