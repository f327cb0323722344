/// An entry of the system's snapshot table (`OperatingSystem.snapshots`): a copy of the
/// account's data stored once, which replies and the watch link's messages refer to, so a
/// message is plain data (no reference counting per event). The event log prints it as `#7`.
@frozen public struct SnapshotID: Hashable, Sendable {
    /// Its position in the table (−1: `noData`).
    public let number: Int32

    @inlinable public init(_ number: Int32) { self.number = number }

    /// No data: what a refused or failed request's reply carries.
    @inlinable public static var noData: SnapshotID { SnapshotID(-1) }
    /// True when it names an entry of the table.
    @inlinable public var holdsData: Bool { number >= 0 }
    /// Its position in the table, as an array index.
    @inlinable public var index: Int { Int(number) }
}

extension SnapshotID: CustomStringConvertible {
    /// As the event log prints it: `#7`, or `none`.
    public var description: String { number >= 0 ? "#\(number)" : "none" }
}

/// An entry of the system's views in flight (`OperatingSystem.viewsInFlight`): a view a widget
/// provider returned to the widget host, stored once, which the host's inputs refer to. The
/// event log prints it as `#30`.
@frozen public struct ViewID: Hashable, Sendable {
    /// Its position in the table (−1: `noView`).
    public let number: Int32

    @inlinable public init(_ number: Int32) { self.number = number }

    /// No view: the gallery's preview of a provider run that died.
    @inlinable public static var noView: ViewID { ViewID(-1) }
    /// True when it names an entry of the table.
    @inlinable public var holdsView: Bool { number >= 0 }
    /// Its position in the table, as an array index.
    @inlinable public var index: Int { Int(number) }
}

extension ViewID: CustomStringConvertible {
    /// As the event log prints it: `#30`, or `none`.
    public var description: String { number >= 0 ? "#\(number)" : "none" }
}
