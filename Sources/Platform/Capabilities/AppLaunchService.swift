import SimKernel

/// Launching the app and its extensions (`UIApplication.open` and a notification's tap, a
/// background launch for a push, a message or a complication, `NSExtension` launches on iOS;
/// activities and services on Android; docs/model.md#background-launches): a program asks, the system
/// decides whether and how the target runs. `AppLifecycle.swift`, `AppExtensions.swift`,
/// `PairedDevices.swift`.
public struct AppLaunchService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Brings the main app to the foreground (launching it if it is not running); `surface`
    /// names the process of a surface that opened it, nil for the person themselves.
    @inlinable @inline(__always)
    public func openAppInForeground(_ launcher: Launcher = .user, bySurface surface: ProcessID? = nil) {
        system._withUnsafeGuaranteedRef { $0.openAppInForeground(launcher, bySurface: surface) }
    }

    /// Launches (or resumes) the app in the background for `reason`, delivered at `app`;
    /// false when the system refuses.
    @discardableResult @inlinable @inline(__always)
    public func wakeAppInBackground<Input>(_ launcher: Launcher, for reason: Input, at app: Address<Input>) -> Bool {
        system._withUnsafeGuaranteedRef { $0.wakeAppInBackground(launcher, for: reason, at: app) }
    }

    /// Delivers `input` to the program at `address`, launching it first if it is not running.
    @inlinable @inline(__always)
    public func launchOrDeliver<Input>(_ input: Input, to address: Address<Input>, by launcher: Launcher) {
        system._withUnsafeGuaranteedRef { $0.launchOrDeliver(input, to: address, by: launcher) }
    }

    /// The share sheet launches the app's share extension.
    @inlinable @inline(__always)
    public func launchShareExtension() { system._withUnsafeGuaranteedRef { $0.launchShareExtension() } }

    /// Whether the share extension the share sheet launched still runs (the sheet shows it).
    @inlinable public var shareExtensionRuns: Bool { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.shareExtensionRuns } } }

    /// The system launches the app's intents extension for an action.
    @inlinable @inline(__always)
    public func launchIntentsExtension() { system._withUnsafeGuaranteedRef { $0.launchIntentsExtension() } }
}
