/// An entry of one of the system's tables of values stored once (`Table` names which), so a
/// message that refers to it is plain data (no reference counting per event). The event log
/// prints it as `#7`, or `none`.
@frozen public struct TableEntry<Table>: Hashable, Sendable {
    /// Its position in the table (−1: none).
    public let number: Int32

    @inlinable public init(_ number: Int32) { self.number = number }

    /// Its position in the table, as an array index.
    @inlinable public var index: Int { Int(number) }
}

extension TableEntry: CustomStringConvertible {
    /// As the event log prints it: `#7`, or `none`.
    public var description: String { number >= 0 ? "#\(number)" : "none" }
}

/// The system's snapshot table (`OperatingSystem.snapshots`): copies of the account's data,
/// which replies and the watch link's messages refer to.
public enum SnapshotTable {}
/// An entry of the snapshot table.
public typealias SnapshotID = TableEntry<SnapshotTable>

extension TableEntry where Table == SnapshotTable {
    /// No data: what a refused or failed request's reply carries.
    @inlinable public static var noData: SnapshotID { SnapshotID(-1) }
    /// True when it names an entry of the table.
    @inlinable public var holdsData: Bool { number >= 0 }
}

/// The system's views in flight (`OperatingSystem.viewsInFlight`): the views widget providers
/// returned to the widget host, which the host's inputs refer to.
public enum ViewTable {}
/// An entry of the views in flight.
public typealias ViewID = TableEntry<ViewTable>

extension TableEntry where Table == ViewTable {
    /// No view: the gallery's preview of a provider run that died.
    @inlinable public static var noView: ViewID { ViewID(-1) }
    /// True when it names an entry of the table.
    @inlinable public var holdsView: Bool { number >= 0 }
}
