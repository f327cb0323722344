import SimKernel

/// What the main app tells the system of its own run (the `UIApplicationDelegate` and
/// `UISceneDelegate` callbacks, `beginBackgroundTask`, Android's activity lifecycle;
/// docs/model.md#background-launches): it leaves the foreground, it is suspended, a force-quit takes
/// effect, its run ends, it is kept running for an activity, it hands over its settings.
/// Only the app declares it. `AppLifecycle.swift`, `KeepAlives.swift`, `AppSettings.swift`.
public struct AppLifecycleService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// The app leaves the foreground.
    @inlinable @inline(__always)
    public func appLeavesForeground() { system._withUnsafeGuaranteedRef { $0.appLeavesForeground() } }

    /// The app is suspended in the background: the system will reclaim it after its lifetime.
    @inlinable @inline(__always)
    public func scheduleAppReclaim() { system._withUnsafeGuaranteedRef { $0.scheduleAppReclaim() } }

    /// The person's force-quit takes effect on the app's run.
    @inlinable @inline(__always)
    public func appForceQuitTakesEffect() { system._withUnsafeGuaranteedRef { $0.appForceQuitTakesEffect() } }

    /// The app's run ended (a car connection that kept it alive learns it lost the app).
    @inlinable @inline(__always)
    public func appRunEnded() { system._withUnsafeGuaranteedRef { $0.appRunEnded() } }

    /// The app goes on running in the background for an activity (the system may end it).
    @inlinable @inline(__always)
    public func appKeptRunningForActivity() { system._withUnsafeGuaranteedRef { $0.appKeptRunningForActivity() } }

    /// The app hands the system its preferences, which a change in the Settings app is written into.
    @inlinable @inline(__always)
    public func holdSettings(of domain: any AppSettingsDomain) { system._withUnsafeGuaranteedRef { $0.holdSettings(of: domain) } }
}
