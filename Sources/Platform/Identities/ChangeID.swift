/// One change to the first account's data (docs/model.md#the-truth, #lost-changes): the
/// program that makes it gets it from the changes' journeys (`ChangeJourneys.make`), which
/// number the changes in the order they are made; the queues, files, messages and requests
/// that carry it on its way to the backend hold it, and a surface's data holds the changes it
/// includes (`ChangeSet`). The event log prints its number (`change: 3`).
@frozen public struct ChangeID: Hashable, Comparable, Sendable {
    /// Its number: the changes made before it in the replication.
    public let number: Int32

    @inlinable public init(_ number: Int32) { self.number = number }

    @inlinable public static func < (a: ChangeID, b: ChangeID) -> Bool { a.number < b.number }
}

extension ChangeID: CustomStringConvertible {
    /// Its number, as the event log prints it.
    public var description: String { "\(number)" }
}
