import SimKernel

/// The phone's state as a program may read it (lock, first unlock, network, power saving, Doze,
/// the app in the foreground, its standby bucket: what `UIApplication.protectedDataAvailable`,
/// `NWPathMonitor`, `ProcessInfo.isLowPowerModeEnabled` and `UsageStatsManager` tell an app) and
/// Darwin notifications (`CFNotificationCenterGetDarwinNotifyCenter`), which a program posts.
/// Read-only: the phone's state changes only by the world (`PersonAndPhone`) and the system.
/// `Device.swift`, `AppLifecycle.swift`, `DarwinNotifications.swift`.
public struct DeviceService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// The phone's state now.
    @inlinable public var state: DeviceState { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.device } } }

    /// Whether the main app is in the foreground.
    @inlinable public var appInForeground: Bool { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.appInForeground } } }

    /// The main app's Android standby bucket now (nil without `device.standbyBuckets`).
    @inlinable public var standbyBucket: StandbyBucket? { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.standbyBucket } } }

    /// Posts the Darwin notification `name` to the running programs that observe it.
    @inlinable @inline(__always)
    public func postDarwinNotification(_ name: DarwinNotification) { system._withUnsafeGuaranteedRef { $0.postDarwinNotification(name) } }
}
