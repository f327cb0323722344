import SimKernel
@testable import Platform

/// A world of the platform alone, without any of SurfaceSim's surfaces: an engine, the
/// operating system, an observer and a custody that record what they hear, and three small
/// programs (a server, an app, a person) wired to the system the way the assembly wires the
/// real ones. It shows that the platform runs behind its interface and names no program.
final class PlatformHarness {
    let engine = Engine()
    let observer = RecordingObserver()
    let os: OperatingSystem
    let server = Server()
    let app = App()
    let person = Person()
    let pushService: PushService
    let serverAddress: Address<ServerMessage>
    let appAddress: Address<AppMessage>
    let personAddress: Address<PersonMessage>
    let pushAddress: Address<PushServiceInput>

    /// The platform with a round trip of `roundTrip` seconds and a suspended app that lives
    /// `suspendedLifetime` seconds (a debugger attached with `developerAttached`); the share
    /// extension's limits are 30 s and 120 MiB.
    init(roundTrip: Double = 0.2, suspendedLifetime: Double = 600, developerAttached: Bool = false, seed: UInt64 = 1) {
        let settings = PlatformSettings(
            duration: Time.day, warmup: 0, developerAttached: developerAttached, networkLatency: .constant(roundTrip), appGroupGranted: true,
            projectionProtection: .afterFirstUnlock, sessionProtection: .afterFirstUnlock, storageIOTime: .constant(0.01),
            appBackgroundBudget: 30 * Time.second, appSuspendedLifetime: .constant(suspendedLifetime),
            activityKeepAliveEndsPerHour: 0, standbyBuckets: false, doze: false, widgetsShown: false,
            widgetRedactsWhenLocked: false, hasWatchApp: false, watchAppLaunchedWhenLooked: false,
            watchOwnNetwork: false, watchOutOfReachPerDay: 0, watchOutOfReachDuration: .constant(0), watchHasOwnPushes: false,
            push: PushSettings(loss: 0, delay: .constant(1), wakeRefusal: 0, wakesPerHour: 3, highPriority: true),
            widget: WidgetSettings(reloadDelay: .constant(5), budgetPerDay: 3, reloadAfter: 30 * Time.minute, galleryOpensPerDay: 0,
                                   providerTimeBudget: 10 * Time.second, memoryLimit: 30 * 1_048_576, slotEvery: 0,
                                   redactsWhenLocked: false),
            shareExtensionLimits: ProcessLimits(timeBudget: 30 * Time.second, memoryLimit: 120 * 1_048_576))
        observer.engine = engine
        os = OperatingSystem(settings, engine: engine, observer: observer, custody: observer,
                             streams: SystemStreams.Names(programNames: ["server", "app", "person", "pushService"]), seed: seed)
        pushService = PushService(os: os)
        serverAddress = engine.register(server, name: "server")
        appAddress = engine.register(app, name: "app")
        personAddress = engine.register(person, name: "person")
        pushAddress = engine.register(pushService, name: "pushService")
        var wiring = SystemWiring()
        wiring.replyRoutes = [nil, Route(to: appAddress, as: { AppMessage.replied($0.status) }), nil, nil]
        wiring.outboxLockGrants = [nil, nil, nil, nil]
        wiring.pushService = pushAddress
        wiring.silentPushes = Route(to: appAddress, as: { _ in AppMessage.silentPush })
        wiring.noticeListeners = [Route(to: pushAddress, as: PushServiceInput.deviceNotice)]
        wiring.app = appAddress.process
        wiring.phoneProcesses = [appAddress.process]
        wiring.appOpened = Route(to: appAddress, as: { _ in AppMessage.opened })
        wiring.keepAliveNotices = Route(to: appAddress, as: { AppMessage.keepAlive($0.reasons, granted: $0.granted) })
        wiring.phone = Route(to: personAddress, as: { event in
            if case .carConnectionCheck(let connection) = event { PersonMessage.carConnectionCheck(connection: connection) } else { PersonMessage.otherPhoneEvent }
        })
        wiring.carScene = Route(to: appAddress, as: { AppMessage.carScene(keptAlive: $0.keptAlive) })
        wiring.liveActivities = Route(to: personAddress, as: { PersonMessage.liveActivity($0.description) })
        wiring.sessionStarted = Route(to: personAddress, as: { PersonMessage.sessionStarted(seed: $0.surfaceSeed) })
        wiring.leftForeground = [Route(to: personAddress, as: { _ in PersonMessage.appLeftForeground })]
        os.wiring = wiring
        server.os = os
        engine.launch(serverAddress.process, by: .system)
        engine.launch(personAddress.process, by: .system)
        engine.launch(pushAddress.process, by: .system)
    }

    /// Frees the programs (they hold the system, which holds routes to them).
    func dismantle() {
        engine.unregisterAll()
        os.dismantle()
    }
}

/// What the test server accepts: requests over the network.
enum ServerMessage: ServerInput {
    case request(Request)
}

/// A server that answers every request with an empty reply along the requester's route, after
/// the other half of the round trip.
final class Server: SimulatedProcess<ServerMessage> {
    override func discardMemory() {}
    var os: OperatingSystem?
    var received: [(at: SimTime, request: Request)] = []
    override func receive(_ input: ServerMessage, engine: Engine) {
        guard case .request(let r) = input, let os else { return }
        received.append((engine.now, r))
        let reply = Reply(kind: r.kind, status: .ok, data: .noData, change: r.change, item: r.item, readAt: engine.now)
        os.send(reply, via: os.replyRoute(r.from), incarnation: r.incarnation, after: r.returnDelay)
    }
}

/// What the test app accepts: replies, the system's word that the user opened it, a keep-alive
/// granted or withdrawn, its car scene connected, a wake, an alarm it set (numbered, to tell them apart).
enum AppMessage: Equatable {
    case replied(ReplyStatus)
    case opened
    case keepAlive(KeepAliveReason, granted: Bool)
    case carScene(keptAlive: KeepAliveReason)
    case wake
    case silentPush
    case alarm(Int)
}

/// An app that records what reached it, and when.
final class App: SimulatedProcess<AppMessage> {
    override func discardMemory() {}
    var received: [(at: SimTime, message: AppMessage)] = []
    override func receive(_ input: AppMessage, engine: Engine) { received.append((engine.now, input)) }
}

/// What the test person hears: a session of theirs began, the app left the foreground,
/// (standing in for the phone's own process) the times the system keeps: the car connection's
/// check, or another, and (standing in for the app's drawing of its live activities) what
/// ActivityKit changed without the app, as the event log prints it.
enum PersonMessage: Equatable {
    case sessionStarted(seed: UInt64?)
    case appLeftForeground
    case carConnectionCheck(connection: Int64)
    case otherPhoneEvent
    case liveActivity(String)
}

final class Person: SimulatedProcess<PersonMessage> {
    override func discardMemory() {}
    var received: [PersonMessage] = []
    /// When each message arrived.
    var receivedAt: [SimTime] = []
    override func receive(_ input: PersonMessage, engine: Engine) {
        received.append(input)
        receivedAt.append(engine.now)
    }
}

/// Records what the platform reports: the foreground changes it announces, the suspensions,
/// and how many holders each change has.
final class RecordingObserver: PlatformObserver, ChangeCustody {
    var foregroundChanges: [(at: SimTime, was: Bool)] = []
    var suspensions = 0
    var sharedWrites = 0
    var holders: [ChangeID: Int] = [:]
    func sharedStorageHolds(firstAccountSession: Bool, firstAccountData: Bool) { sharedWrites += 1 }
    func appForegroundWillChange(at time: SimTime, wasInForeground: Bool) { foregroundChanges.append((time, wasInForeground)) }
    func appSuspendedInBackground() { suspensions += 1 }
    var widgetViews: [View] = []
    func widgetStartsWithPlaceholder() { widgetViews.append(.blank(.placeholder)) }
    func widgetShows(_ view: consuming View, redacted: Bool) { widgetViews.append(view) }
    func galleryShowsPreview(_ view: View) {}
    /// What the platform's mechanisms did, and when (`engine`'s clock).
    var mechanisms: [(at: SimTime, event: PlatformEvent)] = []
    weak var engine: Engine?
    func platformDid(_ event: PlatformEvent) { mechanisms.append((engine?.now ?? -1, event)) }
    func hold(_ change: ChangeID) { holders[change, default: 0] += 1 }
    func letGo(_ change: ChangeID) { holders[change, default: 0] -= 1 }
}
