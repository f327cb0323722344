/// One line of a replication's event log: time, process, event, details (docs/cli.md `trace`).
public struct TraceRecord: Sendable, Equatable {
    public var time: SimTime
    public var process: String
    public var event: String
    public var details: String
}

/// An optional event log of one replication. When no log is attached the
/// engine checks one optional reference and builds no strings: it costs nothing.
public final class TraceLog {
    public private(set) var records: [TraceRecord] = []
    /// Stop recording past this many lines (a limit on everything).
    public let capacity: Int
    public init(capacity: Int = 2_000_000) { self.capacity = capacity }

    public func record(_ time: SimTime, _ process: String, _ event: String, _ details: String) {
        if records.count < capacity {
            records.append(TraceRecord(time: time, process: process, event: event, details: details))
        }
    }
}
