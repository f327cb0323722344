import SimKernel
import Platform
@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms

/// One run of a probe (§25.11): a world stepped through the chapter's "Do" steps in
/// simulated time, observed only through what a person could see — what each surface
/// shows and when, whether the app came to the screen, what a second device shows.
public final class ProbeRun {
    let world: World
    let assembly: Assembly

    init(_ parameters: Parameters, seed: UInt64, trace: TraceLog? = nil) {
        world = World(parameters, seed: seed)
        world.engine.trace = trace
        assembly = Assembly(world: world)
        assembly.start()
    }

    deinit { world.dismantle() }

    var now: SimTime { world.now }

    /// Lets simulated time pass.
    func wait(_ d: SimTime) { world.engine.run(until: world.now + d) }
    /// Runs what is due now.
    func settle() { world.engine.run(until: world.now) }

    /// What the person's stopwatch read at the probe's timed step (`stopwatch(for:until:)`), if
    /// the probe has one and the run reached it.
    public private(set) var timing: ProbeTiming?

    /// The probe's timed step (§25.10: "time a widget several times before writing a number"):
    /// as `watch`, and the stopwatch's reading is kept, censored at `limit` if `seen` never held.
    func stopwatch(for limit: SimTime, until seen: () -> Bool) -> SimTime? {
        let t = watch(for: limit, until: seen)
        timing = ProbeTiming(time: t ?? limit, censored: t == nil)
        return t
    }

    /// Waits up to `limit`, checking each second, until `seen` holds; returns when it first held.
    func watch(for limit: SimTime, until seen: () -> Bool) -> SimTime? {
        let start = now
        if seen() { return 0 }
        while now - start < limit {
            wait(Time.second)
            if seen() { return now - start }
        }
        return nil
    }

    /// The person checks the second device: it syncs with the backend over its own network,
    /// and the person waits (up to 10 s, checking each second) until the reply has arrived
    /// and what it shows is current. Read it with `elsewhereShows` and `elsewhereStage`.
    func lookElsewhere() {
        let before = assembly.elsewhere.refreshes
        world.send(.look, to: assembly.address(of: OtherDevice.self))
        settle()
        _ = watch(for: 10 * Time.second) { assembly.elsewhere.refreshes > before }
    }

    /// Watches the second device for up to `limit`, checking each second until `seen` holds;
    /// the person looks at it at once and every `lookEvery` (each look a sync with the backend
    /// over the other device's network, so what it shows changes only when a reply arrives).
    /// A look every 10 s, not every second, keeps the events few (docs/model.md#probes-and-failure-modes).
    func watchElsewhere(for limit: SimTime, lookEvery: SimTime = 10 * Time.second, until seen: () -> Bool) -> SimTime? {
        let start = now
        var nextLook = start
        while true {
            if now >= nextLook {
                world.send(.look, to: assembly.address(of: OtherDevice.self))
                settle()
                nextLook += lookEvery
            }
            if seen() { return now - start }
            guard now - start < limit else { return nil }
            wait(Time.second)
        }
    }

    // MARK: The user's steps

    /// The user opens the app (it syncs), then waits `stay` in it.
    func openApp(stay: SimTime = 30 * Time.second) {
        world.platform.appLaunch.openAppInForeground(.user)
        wait(stay)
    }

    /// The user goes to the home screen (the session ends normally).
    func goHome() {
        if world.platform.device.appInForeground { world.send(.userEndsSession(forceQuit: false), to: assembly.address(of: MainApp.self)) }
        settle()
    }

    func forceQuit() { world.platform.personAndPhone.forceQuitApp(endSession: .userEndsSession(forceQuit: true), at: assembly.address(of: MainApp.self)); settle() }

    /// The user changes something in the app; returns the change.
    func editInApp() -> ChangeID? {
        let before = world.truth.count
        world.send(.userEdits, to: assembly.address(of: MainApp.self))
        settle()
        return world.truth.count > before ? ChangeID(world.truth.count - 1) : nil
    }

    /// A second device changes the data; returns the change.
    func editElsewhere() -> ChangeID {
        world.send(.edit, to: assembly.address(of: OtherDevice.self))
        settle()
        return ChangeID(world.truth.count - 1)
    }

    func lockPhone() { world.platform.personAndPhone.setLocked(true) }
    func phone(on: Bool) { world.platform.personAndPhone.setPhonePower(on: on); settle() }

    /// Runs one action from the shortcut tool; returns its index, or nil if the app offers none.
    func runAction() -> Int? {
        guard world.engine.isRunning(assembly.address(of: Automations.self)) else { return nil }
        assembly.user.runAction()
        settle()
        return actions.indices.last
    }

    /// Shares one item from another app; returns its index, or nil if the app is not a share target.
    func share() -> Int? {
        guard world.engine.isRunning(assembly.address(of: ShareSheet.self)) else { return nil }
        let before = shares.count
        world.send(.share, to: assembly.address(of: ShareSheet.self))
        settle()
        // A sheet still up from an earlier share: the user waits for it (2 s at a time).
        _ = watch(for: Time.minute) { shares.count > before }
        return shares.indices.last
    }

    /// Starts an activity from the app; false if the app shows no live status.
    func startActivity() -> Bool {
        guard world.engine.isRunning(assembly.address(of: LiveStatus.self)) else { return false }
        assembly.user.placeOrder()
        settle()
        return !assembly.live.activities.isEmpty
    }

    func signOut() {
        world.platform.appLaunch.openAppInForeground(.user)
        wait(UserProcess.signOutNavigation)
        world.send(.signOutNow, to: assembly.address(of: UserProcess.self))
        settle()
    }

    /// A change on the watch; returns it.
    func watchWrite() -> ChangeID? {
        let before = world.truth.count
        if world.p.watch.lifetime == .whenLooked {
            world.platform.appLaunch.launchOrDeliver(.write, to: assembly.address(of: WatchApp.self), by: .user)   // a write on the watch launches its app
        } else {
            world.send(.write, to: assembly.address(of: WatchApp.self))
        }
        settle()
        return world.truth.count > before ? ChangeID(world.truth.count - 1) : nil
    }

    /// Opens the watch app and looks until it settles (5 s); returns what it shows.
    func lookAtWatch() -> View {
        if world.p.watch.lifetime == .whenLooked {
            world.platform.appLaunch.launchOrDeliver(.glance, to: assembly.address(of: WatchApp.self), by: .user)   // a look brings the app up
        } else {
            world.send(.glance, to: assembly.address(of: WatchApp.self))
        }
        wait(5 * Time.second)
        return world.measure.current(.watch)
    }

    /// The phone loses its network (airplane mode) for `network.offlineDuration`.
    func goOffline() { world.send(.offline, to: assembly.address(of: DeviceProcess.self)); settle() }
    /// The phone restarts: every phone process ends, and it comes back locked, before first unlock.
    func restartPhone() { world.send(.restart, to: assembly.address(of: DeviceProcess.self)); settle() }
    /// The user unlocks the phone (the first unlock after a restart opens protected storage).
    func unlockPhone() { world.send(.unlock, to: assembly.address(of: DeviceProcess.self)); settle() }
    /// The user starts playback on the television from the phone; false if the app has no television app.
    func startPlaybackOnTelevision() -> Bool {
        if world.p.tv.enabled && world.p.tv.lifetime == .whilePlaying {
            world.platform.appLaunch.launchOrDeliver(.playback, to: assembly.address(of: TelevisionApp.self), by: .user)                       // the playback launches the television's program
        } else {
            guard world.engine.isRunning(assembly.address(of: TelevisionApp.self)) else { return false }
            world.send(.playback, to: assembly.address(of: TelevisionApp.self))
        }
        settle()
        return assembly.tv.isPlaying
    }

    // MARK: What a person sees

    var widget: View { world.measure.current(.widget) }
    func widgetShows(_ change: ChangeID) -> Bool { widget.kind == .data && widget.changes.contains(change) }
    var widgetShowsAccount: Bool { widget.kind == .data && widget.account == .first }
    /// The widget draws the slot of its data's own schedule that is current now (the countdown
    /// shows the right minute): what a person checks against the clock.
    var widgetShowsCurrentSlot: Bool {
        widget.kind == .data && world.p.widget.slotEvery > 0 && SimTime(widget.slot) == now / world.p.widget.slotEvery
    }
    var appOnScreen: Bool { world.platform.device.appInForeground }
    /// The second device shows the change: its copy, as of its last sync's reply, has it
    /// (look first: `lookElsewhere` or `watchElsewhere`).
    func elsewhereShows(_ change: ChangeID) -> Bool { assembly.elsewhere.shows(change) }
    /// The latest live activity's stage the second device shows, as of its last sync (−1: none).
    var elsewhereStage: Int { Int(assembly.elsewhere.shownStage) }
    var lastActivity: LiveStatus.Activity? { assembly.live.activities.last }
    /// The last activity's status is on the lock screen now (ActivityKit's record).
    var lastActivityShown: Bool { assembly.live.activities.indices.last.map { assembly.live.isShown($0) } ?? false }
    /// The stage the last activity's status draws now (a clock-driven one moves on its plan).
    var liveDrawnStage: Int? { assembly.live.activities.indices.last.map { assembly.live.drawnStage($0) } }
    /// The extension acted signed in on share `index`: it made the item a change (uploaded it,
    /// queued it, or handed it to the app), rather than asking to sign in or vanishing.
    func shareActedSignedIn(_ index: Int) -> Bool { shares[index].change != nil }
    /// The change the extension made for share `index` (nil: none).
    func shareChange(_ index: Int) -> ChangeID? { shares[index].change }
    /// The share sheet vanished while the item was being shared (the extension was killed).
    func shareVanished(_ index: Int) -> Bool { shares[index].killed }
    /// The extension asked the user to sign in.
    func shareAskedForSignIn(_ index: Int) -> Bool { shares[index].signInRequested }
    /// The television shows a playback.
    var televisionPlays: Bool { assembly.tv.isPlaying }
    /// The account's settings list the watch, or the television, as a device of their own.
    var accountListsWatchOrTelevision: Bool {
        assembly.backend.devices.contains { $0 == .watch || $0 == .television }
    }
    /// The change action run `index` made (nil: none yet).
    func actionChange(_ index: Int) -> ChangeID? { actions[index].change }
    /// Every shared item so far and what became of it, as the share's signals record it.
    private var shares: [MeasuredShare] { world.measure.signals(ShareSignals.self).items }
    /// Every action run so far and what became of it, as the actions' signals record it.
    private var actions: [MeasuredAction] { world.measure.signals(ActionSignals.self).runs }
}
