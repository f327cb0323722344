import SimKernel
import Platform

/// Runs one replication (docs/model.md): builds a world from parameters and a seed, wires
/// its programs, runs it to `duration`, and reports its metrics.
public enum Replication {
    /// The names of a world's programs, as the event log prints them (`trace --only`).
    public static var programNames: [String] { Assembly.programNames }

    /// Runs one replication. Deterministic for a given (parameters, seed); single-threaded;
    /// safe to call concurrently on different threads (each call builds its own world).
    public static func run(_ parameters: Parameters, seed: UInt64, trace: TraceLog? = nil,
                           checkInvariants: Bool = false) -> ReplicationResult {
        let world = World(parameters, seed: seed)
        let assembly = Assembly(world: world)
        let added = AddedSurfaces(world: world, seed: seed)
        world.engine.trace = trace
        for observer in [world.measure.widget, world.measure.app, world.measure.watch, world.measure.car] {
            observer.trace = trace
        }
        world.engine.checksInvariants = checkInvariants
        assembly.start()
        added.start()
        world.engine.run(until: parameters.duration)
        var result = assembly.report()
        added.report(into: &result)
        world.dismantle()
        return result
    }
}

/// The programs of one world, registered with the engine in a fixed order.
final class Assembly {
    /// Every program's name, in registration order (the process index is the position here).
    /// Per-program random streams are seeded by these names (docs/model.md#randomness).
    static let programNames = ["backend", "pushService", "device", "user", "elsewhere", "glances", "widgetHost",
                               "widgetProvider", "app", "liveStatus", "watchLink", "watchApp", "shareExtension",
                               "shareSheet", "automations", "actionRunner", "instantVersion", "car", "television"]

    let world: World
    let backend: Backend
    let pushService: PushService
    let device: DeviceProcess
    let user: UserProcess
    let elsewhere: OtherDevice
    let glances: GlanceProcess
    let widgetHost: WidgetHost
    let provider: WidgetProvider
    let app: MainApp
    let live: LiveStatus
    let watchLink: WatchLink
    let watch: WatchApp
    let share: ShareExtension
    let shareSheet: ShareSheet
    let automations: Automations
    let actionRunner: ActionRunner
    let instant: InstantVersion
    let car: CarSurface
    let tv: TelevisionApp

    init(world w: World) {
        world = w
        let e = w.engine
        backend = Backend(world: w, objects: 8)
        pushService = PushService(world: w)
        device = DeviceProcess(world: w)
        user = UserProcess(world: w)
        elsewhere = OtherDevice(world: w)
        glances = GlanceProcess(world: w)
        widgetHost = WidgetHost(world: w)
        provider = WidgetProvider(world: w)
        app = MainApp(world: w)
        live = LiveStatus(world: w)
        watchLink = WatchLink(world: w)
        watch = WatchApp(world: w)
        share = ShareExtension(world: w)
        shareSheet = ShareSheet(world: w)
        automations = Automations(world: w)
        actionRunner = ActionRunner(world: w)
        instant = InstantVersion(world: w)
        car = CarSurface(world: w)
        tv = TelevisionApp(world: w)
        w.os.watchLinkService = watchLink
        w.os.ids = ProcessAddresses(
            backend: e.register(backend, name: "backend"),
            pushService: e.register(pushService, name: "pushService"),
            device: e.register(device, name: "device"),
            user: e.register(user, name: "user"),
            elsewhere: e.register(elsewhere, name: "elsewhere"),
            glances: e.register(glances, name: "glances"),
            widgetHost: e.register(widgetHost, name: "widgetHost"),
            provider: e.register(provider, name: "widgetProvider"),
            app: e.register(app, name: "app"),
            live: e.register(live, name: "liveStatus"),
            watchLink: e.register(watchLink, name: "watchLink"),
            watch: e.register(watch, name: "watchApp"),
            share: e.register(share, name: "shareExtension"),
            shareSheet: e.register(shareSheet, name: "shareSheet"),
            actions: e.register(automations, name: "automations"),
            actionRunner: e.register(actionRunner, name: "actionRunner"),
            instant: e.register(instant, name: "instantVersion"),
            car: e.register(car, name: "car"),
            tv: e.register(tv, name: "television"))
        // Per-program streams are seeded by these names, by process index: the list and the
        // registrations above must agree, in order (checked in debug builds, so in the tests).
        assert((0..<e.processCount).map { e.record(ProcessID(Int32($0))).name } == Self.programNames,
               "Assembly.programNames must list the programs in registration order")
        let ids = w.ids
        // The network delivers each program's replies as that program's own input.
        w.os.replyRoutes = Array(repeating: nil, count: e.processCount)
        func acceptsReplies<Input>(_ address: Address<Input>, _ wrap: @escaping (Reply) -> Input) {
            w.os.replyRoutes[Int(address.process.index)] = Route(to: address, as: wrap)
        }
        acceptsReplies(ids.elsewhere, OtherDeviceInput.reply)
        acceptsReplies(ids.device, DeviceInput.reply)
        acceptsReplies(ids.provider, WidgetProviderInput.reply)
        acceptsReplies(ids.app, MainAppInput.reply)
        acceptsReplies(ids.watch, WatchAppInput.reply)
        acceptsReplies(ids.share, ShareExtensionInput.reply)
        acceptsReplies(ids.shareSheet, ShareSheetInput.reply)
        acceptsReplies(ids.actionRunner, ActionRunnerInput.reply)
        acceptsReplies(ids.car, CarInput.reply)
        acceptsReplies(ids.tv, TelevisionInput.reply)
        // Every program that sends requests is counted under a surface (docs/model.md#backend-and-push).
        assert(w.os.replyRoutes.indices.allSatisfy { w.os.replyRoutes[$0] == nil || CostSurface.ofBuiltInProcess[$0] != nil },
               "a program that accepts replies has no surface in CostSurface.ofProgram")
        w.os.noticeListeners = [Route(to: ids.pushService, as: PushServiceInput.deviceNotice),
                                 Route(to: ids.widgetHost, as: WidgetHostInput.deviceNotice)]
        if w.p.share.enabled { w.os.noticeListeners.append(Route(to: ids.shareSheet, as: ShareSheetInput.deviceNotice)) }
        // A sleeping phone's wake lets the watch's waiting transfers through.
        if w.p.watch.enabled && (w.p.device.lowPowerPerDay > 0 || w.p.device.doze) {
            w.os.noticeListeners.append(Route(to: ids.watchLink, as: WatchLinkInput.deviceNotice))
        }
        w.os.phoneProcesses = [ids.app.process, ids.provider.process, ids.share.process, ids.actionRunner.process]
    }

    /// Starts the always-running programs and signs the user in.
    func start() {
        let w = world
        for pid in [w.ids.backend.process, w.ids.pushService.process, w.ids.device.process, w.ids.user.process, w.ids.elsewhere.process, w.ids.glances.process] {
            w.engine.launch(pid, by: .system)
        }
        w.os.device.locked = true
        w.os.device.unlockedSinceBoot = true
        app.storeSession()         // signed in before the replication starts
        // The app has been used before the replication starts: it keeps a reading of the
        // account as it stood at time 0, and its projection is in the shared storage area.
        let initial = backend.snapshot
        w.os.appStorage.keep(initial, at: 0)
        w.os.shared.writeProjection(SharedStorageArea.Projection(data: initial, schemaVersion: w.os.schemaVersion), w.os.device)
        device.start()
        user.start()
        elsewhere.start()
        glances.start()
        if w.p.widget.enabled {
            w.engine.launch(w.ids.widgetHost, by: .system)
            widgetHost.start()
        }
        // Each surface starts only if the app has it; its random stream is its own either way.
        let surfaces: [(Bool, ProcessID, () -> Void)] = [
            (w.p.live.enabled, w.ids.live.process, live.start),
            (w.p.watch.enabled, w.ids.watchLink.process, watchLink.start),
            (w.p.watch.enabled && w.p.watch.lifetime == .allDay, w.ids.watch.process, watch.start),
            (w.p.share.enabled, w.ids.shareSheet.process, shareSheet.start),
            (w.p.action.enabled || (w.p.widget.enabled && w.p.widget.buttonTapsPerDay > 0), w.ids.actions.process, automations.start),
            (w.p.instant.enabled, w.ids.instant.process, instant.start),
            (w.p.car.enabled && w.p.car.lifetime == .allDay, w.ids.car.process, car.start),
            (w.p.tv.enabled && (w.p.tv.lifetime == .allDay || w.p.tv.signIn == .byCode), w.ids.tv.process, tv.start),
        ]
        for (enabled, pid, start) in surfaces where enabled {
            w.engine.launch(pid, by: .system)
            start()
        }
        // A car that lives only while connected is not running at time 0: its drives launch it.
        if w.p.car.enabled && w.p.car.lifetime == .whileConnected { car.start() }
        // A watch app that lives when looked at is not running at time 0: a glance or a write launches it.
        if w.p.watch.enabled && w.p.watch.lifetime == .whenLooked { watch.start() }
        // Likewise a television signed in that lives only while it plays: its playbacks launch it.
        if w.p.tv.enabled && w.p.tv.lifetime == .whilePlaying && w.p.tv.signIn == .signedIn { tv.start() }
        w.measure.report(.holdsAccount(.television, w.p.tv.enabled && tv.signedIn))
        w.measure.report(.holdsAccount(.carClient, w.p.car.enabled && w.p.car.mode == .onCar))
    }
}
