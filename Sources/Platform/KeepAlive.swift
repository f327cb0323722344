/// Why the platform keeps an app running in the background (docs/model.md#keep-alives):
/// an app-driven live status under way, or a projected car connected to its scene.
public struct KeepAliveReason: OptionSet, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// An activity whose status the app's own process updates is under way.
    public static let liveActivity = KeepAliveReason(rawValue: 1)
    /// A projected car is connected and shows the app's car scene.
    public static let carConnection = KeepAliveReason(rawValue: 2)

    /// As the event log prints it: the reasons by name (`[carConnection]`).
    public var description: String {
        var names: [String] = []
        if contains(.liveActivity) { names.append("liveActivity") }
        if contains(.carConnection) { names.append("carConnection") }
        return "[" + names.joined(separator: ", ") + "]"
    }
}

/// What the system tells the main app of its keep-alives (`OperatingSystem.requestKeepAlive`):
/// that `reasons` now keep it running, or no longer do. A run is told only while it runs: a run
/// that begins (launched or resumed) is told the keep-alives that hold at its start.
public struct KeepAliveNotice: Sendable, CustomStringConvertible {
    /// The keep-alives the notice is about.
    public let reasons: KeepAliveReason
    /// Whether they were granted (true) or withdrawn (false).
    public let granted: Bool
    @inlinable public init(reasons: KeepAliveReason, granted: Bool) {
        self.reasons = reasons
        self.granted = granted
    }

    /// As the event log prints it (`KeepAliveNotice(granted: [carConnection])`).
    public var description: String {
        "KeepAliveNotice(\(granted ? "granted" : "withdrawn"): \(reasons))"
    }
}

/// The keep-alives the platform has granted the main app: what lets it go on running in
/// the background after the user leaves it. The system's record, kept inside the platform
/// (`OperatingSystem.keepAliveGrants`): a program asks for a keep-alive and the app hears the
/// system's notices (`KeepAlives.swift`); no program reads or sets this record.
struct KeepAliveGrants: Sendable {
    private(set) var reasons: KeepAliveReason = []

    /// Grants (`on`) or withdraws one reason.
    mutating func set(_ reason: KeepAliveReason, _ on: Bool) {
        if on { reasons.insert(reason) } else { reasons.remove(reason) }
    }

    /// Whether `reason` is granted now.
    func isGranted(_ reason: KeepAliveReason) -> Bool { reasons.contains(reason) }
    /// Whether anything keeps the app running.
    var any: Bool { !reasons.isEmpty }
}
