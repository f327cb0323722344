import SimKernel

/// Where the operating system delivers what it tells the programs: the routes the programs gave
/// it when the replication was assembled (each program declares, in its own folder, what it
/// listens for). The system names no program: it knows a route's payload, never the input it
/// becomes. Set once before anything runs; `OperatingSystem.dismantle` drops it.
public struct SystemWiring {
    public init() {}

    // MARK: The network

    /// Where the network delivers a reply, by the requesting process's index.
    public var replyRoutes: [Route<Reply>?] = []

    // MARK: The device

    /// The programs told of the device's notices (network, unlock, restart, update, power), in order.
    public var noticeListeners: [Route<DeviceNotice>] = []
    /// The programs the system launches for a device notice (not running until one comes; one
    /// running gets the notice as an event), in order, told after the listeners.
    public var noticeLaunches: [LaunchRoute<DeviceNotice>] = []
    /// The phone's app processes, ended by a restart or switching the phone off, in order.
    public var phoneProcesses: [ProcessID] = []
    /// The phone's own process, which keeps the time of the system's rules that take time: the
    /// screen came on (ending Doze), an app kept running for an activity is due to end, the car
    /// connection's check. Needed with `device.doze`, `live.backgroundTermination.perHour` above 0
    /// or a projected car; the system stops,
    /// naming it, if it needs it and no program gave it.
    public var phone: Route<PhoneEvent>?

    // MARK: The main app

    /// The main app's process: what the system launches in the background, brings to the
    /// foreground, reclaims and force-quits.
    public var app: ProcessID?
    /// The app is told that the user opened it.
    public var appOpened: Route<ForegroundSession>?
    /// The person's session with the app begins (the user program draws its length).
    public var sessionStarted: Route<ForegroundSession>?
    /// Told when the app leaves the foreground (a video mirrored from the phone stops).
    public var leftForeground: [Route<AppLeftForeground>] = []
    /// The app is told of the keep-alives the system grants and withdraws (`KeepAlives.swift`).
    public var keepAliveNotices: Route<KeepAliveNotice>?
    /// The phone app's end of the watch link: a watch message that woke it.
    public var watchRequests: Route<WatchRequest>?
    /// The processes that observe Darwin notifications (`postDarwinNotification`), in order.
    public var darwinObservers: [Route<DarwinNotification>] = []
    /// File coordination's grants of the outbox lock, by the process's index.
    public var outboxLockGrants: [Route<OutboxLockGranted>?] = []

    // MARK: The system's programs and the paired devices

    /// The widget host (`WidgetHost`, the system's own process), when the app has a widget.
    public var widgetHost: Address<WidgetHostInput>?
    /// The widget extension's provider, which the widget host launches for a build.
    public var widgetProvider: LaunchRoute<WidgetBuild>?
    /// The push service (`PushService`, the system's own process).
    public var pushService: Address<PushServiceInput>?
    /// The app's silent pushes, in the foreground or after the wake they caused.
    public var silentPushes: Route<SilentPush>?
    /// The app's drawing of its live activities: what ActivityKit changed with no app code (a
    /// pushed update, the time limit; `ActivityKit.swift`).
    public var liveActivities: Route<LiveActivityNews>?
    /// The watch link's own process (`WatchLink`), which gets the link's timers and deliveries.
    public var watchLink: Address<WatchLinkInput>?
    /// The watch app: what reaches it over the link, and its launch for a push when it is not running.
    public var watchApp: Route<WatchDelivery>?
    public var watchAppLaunch: LaunchRoute<WatchDelivery>?
    /// The app's car scene connected: the car connection launched or woke the app for it.
    public var carScene: Route<CarSceneConnection>?

    // MARK: The app's extensions (AppExtensions.swift)

    /// The share extension's process, which the share sheet has the system launch.
    public var shareExtension: ProcessID?
    /// The app's intents extension's process (the action runner), which the system launches
    /// for each action.
    public var intentsExtension: ProcessID?
}

/// What the system tells the phone's own process.
public enum PhoneEvent: Sendable {
    /// The screen came on (the end of Doze, docs/model.md#power).
    case screenOn
    /// The time to end the app kept running for an activity came, for its run `incarnation`.
    case endAppKeptForActivity(incarnation: UInt32)
    /// The car connection's check that the app it projects still runs, during connection
    /// `connection` (`CarConnection.swift`).
    case carConnectionCheck(connection: Int64)
}

/// The user opened the app: a foreground session begins. `surfaceSeed` is the seed of the
/// session's length when a surface's design opened it (nil: the user's own session).
public struct ForegroundSession: Sendable {
    public let surfaceSeed: UInt64?
}

/// The app left the foreground.
public struct AppLeftForeground: Sendable {}

/// File coordination granted the outbox lock to the process that waited for it.
public struct OutboxLockGranted: Sendable {}

/// What the widget host launches the provider for (docs/model.md#widget).
public enum WidgetBuild: Sendable {
    /// A timeline (the reason shows in traces; the build is the same).
    case timeline(ReloadReason)
    /// The widget gallery's preview (docs/model.md#the-gallery-preview).
    case preview
}

/// A silent push reached the app.
public struct SilentPush: Sendable {
    public init() {}
}

/// What reaches the watch app over the link (docs/model.md#watch).
public enum WatchDelivery: Sendable, Equatable {
    /// The phone's latest application context (its entry in the snapshot table).
    case context(snapshot: SnapshotID)
    /// The phone app's answer to a remote-control request (nil: it holds no reading).
    case remoteReply(snapshot: SnapshotID?)
    /// A notice the phone app left on the link.
    case notice(WatchNotice)
    /// A standalone watch's own push: its data changed.
    case push
}

/// The app's car scene connected (`OperatingSystem.carConnects`): the app runs for it, and is
/// told the keep-alives that hold as it connects (the car connection's among them).
public struct CarSceneConnection: Sendable {
    public let keptAlive: KeepAliveReason
}


extension OperatingSystem {
    /// The route or address `wiring` holds, which the system needs now. Without one, the
    /// program that should have given it (in its `hears`, or a test's harness) was not wired:
    /// the run stops there, naming the route, rather than sending along nothing.
    @inlinable @inline(__always)
    func wired<Wired>(_ wiring: Wired?, _ name: StaticString) -> Wired {
        guard let wiring else { notWired(name) }
        return wiring
    }

    @usableFromInline @inline(never)
    func notWired(_ name: StaticString) -> Never {
        // fatalError, not preconditionFailure: an optimised build prints only the former's message.
        fatalError("the system needs SystemWiring.\(name), but no program gave it (see AssembledProgram.hears)")
    }
}
