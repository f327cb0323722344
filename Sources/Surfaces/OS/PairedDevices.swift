import SimKernel
import Platform

/// The systems on the devices paired with the phone (docs/model.md#watch-app-lifetime,
/// docs/model.md#car-lifetime, docs/model.md#television-lifetime): the watch's system, which
/// delivers to the watch app or launches it; the car connection, which launches the car's
/// program for a drive and relaunches a projected car's phone app; the television's, which
/// launches its program for a playback.
extension OperatingSystem {
    /// Sends `input` to the watch app over the watch: straight to the app when it runs all day;
    /// with `watch.lifetime = whenLooked` through the system on the watch (the link), which
    /// keeps it, or launches the app, when the app is not running.
    func sendToWatch(_ input: WatchAppInput, after delay: SimTime) {
        if p.watch.lifetime == .whenLooked {
            send(.toWatch(input), to: ids.watchLink, after: delay)
        } else {
            send(input, to: ids.watch, after: delay)
        }
    }

    /// The watch's system launches the watch app for `input` (a glance, a write, a push), or
    /// hands it to the running app (docs/model.md#watch-app-lifetime).
    func launchWatchApp(by launcher: Launcher, for input: WatchAppInput) {
        if !engine.launch(ids.watch, by: launcher, first: input) { send(input, to: ids.watch) }
    }

    /// The app's run ended or suspended while a projected car keeps it running: the car
    /// connection relaunches it.
    func carLostApp() {
        send(.appLost, to: ids.car)
    }

    /// A drive connects the car (`car.lifetime = whileConnected`): the car connection (the
    /// system) launches the car's program for the drive, or tells the running one.
    func connectCar() {
        if !engine.launch(ids.car, by: .system, first: .drive) { engine.send(.drive, to: ids.car) }
    }

    /// The user starts a playback from the phone (`tv.lifetime = whilePlaying`): the television's
    /// program is launched for it, or told if it runs.
    func startPlayback() {
        if !engine.launch(ids.tv, by: .user, first: .playback) { engine.send(.playback, to: ids.tv) }
    }
}
