import SimKernel

/// Where a program obtains the operating-system capabilities it declares (docs/extending.md#the-one-door):
/// one small service per platform API, each a reference to the replication's system that costs
/// what a call on the system costs. The assembly makes one from its world's system and hands it
/// to each program's initialiser (`ProgramSetup`); a program keeps only the services it uses, and
/// never the system itself, so what it can ask of the platform is what it declares.
///
/// Plain data: the system is held unmanaged (the world holds it strongly), as a program's
/// context holds the engine.
public struct PlatformCapabilities {
    @usableFromInline let system: Unmanaged<OperatingSystem>

    /// The capabilities of `os`, which must outlive every service made from them.
    public init(_ os: OperatingSystem) { system = Unmanaged.passUnretained(os) }

    /// The network: requests to a server, the data and views messages carry.
    @inlinable public var network: NetworkService { NetworkService(system) }
    /// The table of object and name lists copies of the data name.
    @inlinable public var lists: ListNamesService { ListNamesService(system) }
    /// The shared storage area (App Group) and the outbox file in it.
    @inlinable public var sharedStorage: SharedStorageService { SharedStorageService(system) }
    /// Secure storage: the key that seals the app's kept readings.
    @inlinable public var secureStorage: SecureStorageService { SecureStorageService(system) }
    /// Keep-alives a program asks the platform for.
    @inlinable public var keepAlive: KeepAliveService { KeepAliveService(system) }
    /// Launching the app and its extensions.
    @inlinable public var appLaunch: AppLaunchService { AppLaunchService(system) }
    /// What the app tells the system of its own run.
    @inlinable public var appLifecycle: AppLifecycleService { AppLifecycleService(system) }
    /// ActivityKit: the app's live activities.
    @inlinable public var activityKit: ActivityKitService { ActivityKitService(system) }
    /// The car connection, from the car's client and the phone's own process.
    @inlinable public var carConnection: CarConnectionService { CarConnectionService(system) }
    /// The watch link, from either side.
    @inlinable public var watchLink: WatchLinkService { WatchLinkService(system) }
    /// The phone's state as a program may read it, and Darwin notifications.
    @inlinable public var device: DeviceService { DeviceService(system) }
    /// The widget service (reload requests).
    @inlinable public var widgets: WidgetService { WidgetService(system) }
    /// Alarms a program sets for itself.
    @inlinable public var alarms: AlarmService { AlarmService(system) }
    /// The background transfer service.
    @inlinable public var transfers: BackgroundTransferService { BackgroundTransferService(system) }
    /// The world's arrivals (the person's actions and the phone's periods), not a platform API.
    @inlinable public var arrivals: WorldArrivals { WorldArrivals(system) }
    /// What the person and the phone do that no app can (the world's programs only).
    @inlinable public var personAndPhone: PersonAndPhone { PersonAndPhone(system) }
}
