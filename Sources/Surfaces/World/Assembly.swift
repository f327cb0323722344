import SimKernel
import Platform

/// Runs one replication (SPEC §2): builds a world from parameters and a seed, wires
/// its programs, runs it to `duration`, and reports its metrics.
public enum Replication {
    /// Runs one replication. Deterministic for a given (parameters, seed); single-threaded;
    /// safe to call concurrently on different threads (each call builds its own world).
    public static func run(_ parameters: Parameters, seed: UInt64, trace: TraceLog? = nil,
                           checkInvariants: Bool = false) -> ReplicationResult {
        let world = World(parameters, seed: seed)
        let assembly = Assembly(world: world)
        world.engine.trace = trace
        world.engine.checksInvariants = checkInvariants
        assembly.start()
        world.engine.run(until: parameters.duration)
        return assembly.report()
    }
}

/// The programs of one world, registered with the engine in a fixed order.
final class Assembly {
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
        w.ids.backend = e.register(backend, name: "backend")
        w.ids.pushService = e.register(pushService, name: "pushService")
        w.ids.device = e.register(device, name: "device")
        w.ids.user = e.register(user, name: "user")
        w.ids.elsewhere = e.register(elsewhere, name: "elsewhere")
        w.ids.glances = e.register(glances, name: "glances")
        w.ids.widgetHost = e.register(widgetHost, name: "widgetHost")
        w.ids.provider = e.register(provider, name: "widgetProvider")
        w.ids.app = e.register(app, name: "app")
        w.ids.noticeListeners = [w.ids.pushService, w.ids.widgetHost]
        w.ids.phoneProcesses = [w.ids.app, w.ids.provider]
    }

    /// Starts the always-running programs and signs the user in.
    func start() {
        let w = world
        for pid in [w.ids.backend, w.ids.pushService, w.ids.device, w.ids.user, w.ids.elsewhere, w.ids.glances] {
            w.engine.launch(pid, by: .system)
        }
        w.device.locked = true
        w.device.unlockedSinceBoot = true
        if w.p.session.inSharedSecureStorage { w.shared.setSession(SessionToken(id: Backend.phoneSession, account: 1)) }
        device.start()
        user.start()
        elsewhere.start()
        glances.start()
        if w.p.widget.enabled {
            w.engine.launch(w.ids.widgetHost, by: .system)
            widgetHost.start()
        }
    }

    /// Collects the replication's metrics.
    func report() -> ReplicationResult {
        let w = world
        let end = w.p.duration
        var r = w.result
        w.widgetObserver.report(into: &r, end: end, truth: w.truth, staleness: .widgetStaleness, age: .widgetAge, lag: .widgetLag,
                                censored: .widgetLagCensored, blank: .widgetBlank, unlabeled: .widgetUnlabeledStale,
                                wrongAccount: .widgetWrongAccount, timeAvg: .widgetStalenessTimeAvg)
        w.appObserver.report(into: &r, end: end, truth: w.truth, staleness: .appStaleness, age: .appAge, lag: .appLag,
                             censored: .appLagCensored, blank: .appBlank, unlabeled: .appUnlabeledStale,
                             wrongAccount: .appWrongAccount, timeAvg: .appStalenessTimeAvg)
        let c = w.counters
        func frac(_ a: Int, _ b: Int) -> Double { b == 0 ? .nan : Double(a) / Double(b) }
        r.values[Metric.widgetDiffersFromApp.rawValue] = frac(c.homeReturnsDiffer, c.homeReturns)
        r.values[Metric.widgetWrongTarget.rawValue] = frac(c.widgetWrongTarget, c.widgetGlancesData)
        r.values[Metric.widgetProviderKilled.rawValue] = frac(c.providerKilled, c.providerRuns)
        r.values[Metric.widgetReloads.rawValue] = w.p.widget.enabled ? Double(widgetHost.reloadsRun) : .nan
        w.appStorage.accrue(to: end)
        r.values[Metric.appKeptReadingOverdue.rawValue] = w.appStorage.overdue
        r.values[Metric.appColdStartUnexplained.rawValue] = frac(c.coldStartsUnexplained, c.coldStarts)
        r.values[Metric.backendRequests.rawValue] = Double(r.requestsPerMinute.reduce(0) { $0 + Int($1) })
        r.events = w.engine.eventsDispatched
        r.violations = w.engine.violations
        return r
    }
}
