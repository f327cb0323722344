import SimKernel

/// The phone as the operating system sees it (docs/model.md#device): locked or not, whether it
/// has been unlocked since the last restart, online or not, the installed app version,
/// and whether the user force-quit the main app (on iOS a force-quit app is not woken
/// by background pushes until the user opens it again).
public struct DeviceState: Sendable {
    public var locked = true
    public var unlockedSinceBoot = true
    public var online = true
    public var appForceQuit = false
    /// The app's push registration is stale (the phone was restored) until the user opens it.
    public var pushTokenStale = false
    /// The phone is switched on (off only in scripted probes: the watch then cannot reach it).
    public var poweredOn = true
    /// A power-saving period (Low Power Mode, a low battery): no background work (docs/model.md#power).
    public var lowPower = false
    /// Android Doze's idle window: the app's network, background work, standard alarms and
    /// normal-priority pushes wait (docs/model.md#power).
    public var dozing = false
    /// Android light Doze's idle window: the app's network and background jobs wait (docs/model.md#power).
    public var lightDozing = false
    /// Until when a high-priority push's temporary allowlist gives the app the network in Doze.
    public var networkAllowlistedUntil: SimTime = 0

    @inlinable public init() {}

    /// Whether data in the given protection class can be read now.
    @inlinable @inline(__always)
    public func canRead(_ protection: ProtectionClass) -> Bool {
        switch protection {
        case .always: return true
        case .afterFirstUnlock: return unlockedSinceBoot
        case .whenUnlocked: return !locked
        }
    }
}

/// When stored data can be read (Apple's data protection classes, docs/platform-facts.md#extensions).
public enum ProtectionClass: UInt8, Sendable {
    case always, afterFirstUnlock, whenUnlocked
}
