import SimKernel

/// The keep-alives of the main app (docs/model.md#keep-alives): what lets it go on running in
/// the background. A program asks for one and gives it back (the live status for an activity
/// the app updates; the car connection, whose `carConnects` grants the car's as it launches the
/// app's car scene: `CarConnection.swift`); the system decides, keeps the
/// grant in its own record (`keepAliveGrants`, which no program reads or sets) and tells the
/// app along `SystemWiring.keepAliveNotices` (the car's along `carScene`, with the scene), as
/// a real app hears that its car scene connected or its background mode ended. The app keeps
/// what it was told and reads that.
///
/// The notice is sent in the same handler as the grant, with no delay, and only to a running
/// app: a run that begins later (launched or resumed: `tellLaunchedAppItsKeepAlives`) is told
/// the keep-alives that hold at its start, before anything else reaches it. Today's rules
/// refuse no request; the system's rule on a kept app is applied once it leaves the
/// foreground (`appKeptRunningForActivity`).
extension OperatingSystem {
    /// `reason` asks the system to keep the app running. A new grant is recorded and the
    /// running app told of it; a grant that holds already changes nothing.
    public func requestKeepAlive(_ reason: KeepAliveReason) {
        guard !keepAliveGrants.isGranted(reason) else { return }
        keepAliveGrants.set(reason, true)
        tellApp(KeepAliveNotice(reasons: reason, granted: true))
    }

    /// `reason` no longer asks to keep the app running (the drive ended, the activity is over).
    /// A grant that held is withdrawn and the running app told (it suspends once idle, unless
    /// something else keeps it running); otherwise nothing happens.
    public func releaseKeepAlive(_ reason: KeepAliveReason) {
        guard keepAliveGrants.isGranted(reason) else { return }
        keepAliveGrants.set(reason, false)
        tellApp(KeepAliveNotice(reasons: reason, granted: false))
    }

    /// A run of the app begins (launched or resumed): it is told the keep-alives that hold, if
    /// any (what an earlier run was told ended with it).
    func tellLaunchedAppItsKeepAlives() {
        guard keepAliveGrants.any else { return }
        tellApp(KeepAliveNotice(reasons: keepAliveGrants.reasons, granted: true))
    }

    /// Sends `notice` to the app's run, now, if it runs (a run that is not running would drop it).
    private func tellApp(_ notice: KeepAliveNotice) {
        guard engine.isRunning(appProcess) else { return }
        send(notice, via: wired(_wiring.keepAliveNotices, "keepAliveNotices"))
    }
}
