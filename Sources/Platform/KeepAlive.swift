/// Why the platform keeps an app running in the background (docs/model.md#main-app):
/// an app-driven live status under way, or a projected car connected to its scene.
public struct KeepAliveReason: OptionSet, Sendable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// An activity whose status the app's own process updates is under way.
    public static let liveActivity = KeepAliveReason(rawValue: 1)
    /// A projected car is connected and shows the app's car scene.
    public static let carConnection = KeepAliveReason(rawValue: 2)
}

/// The keep-alives the platform has granted the main app: what lets it go on running in
/// the background after the user leaves it. A surface's system side grants and withdraws
/// them (the live-status service, the car connection); the app asks the platform whether
/// it is kept running, as a real app learns it from its background mode and its scenes.
/// No program reads another's state through it: it is the process table's record.
public struct KeepAliveGrants: Sendable {
    public private(set) var reasons: KeepAliveReason = []
    @inlinable public init() {}

    /// Grants (`on`) or withdraws one reason.
    public mutating func set(_ reason: KeepAliveReason, _ on: Bool) {
        if on { reasons.insert(reason) } else { reasons.remove(reason) }
    }

    /// Whether `reason` is granted now.
    @inlinable public func isGranted(_ reason: KeepAliveReason) -> Bool { reasons.contains(reason) }
    /// Whether anything keeps the app running.
    @inlinable public var any: Bool { !reasons.isEmpty }
}
