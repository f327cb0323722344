/// One line of a replication's event log: time, process, event, details (docs/cli.md `trace`).
public struct TraceRecord: Sendable, Equatable {
    public var time: SimTime
    public var process: String
    public var event: String
    public var details: String
    /// For a delivery (`receive`): the program whose run sent the input, nil when it came
    /// from no program's run (the world's set-up) or was a program's own timer.
    public var sender: String? = nil
    /// For a delivery with a sender: when it was sent.
    public var sentAt: SimTime = 0
}

/// A sample of one of the values a trace draws as a counter (docs/cli.md#trace): a
/// surface's staleness, the widget's reload budget left, the phone's power state.
public struct TraceCounter: Sendable, Equatable {
    /// How the sample changes the counter.
    public enum Change: Sendable, Equatable {
        /// The counter is `value` from now on.
        case set
        /// The counter is `value` now and grows by one second per second until its next sample
        /// (a staleness: the age of the oldest change a surface does not show).
        case ramp
        /// The counter moves by `value` (a budget's use spent now, or given back when it leaves
        /// the rolling window).
        case add
    }
    public var time: SimTime
    /// The counter's name: `staleness widget`, `widget budget left`, `power on`.
    public var name: String
    public var value: Double
    public var change: Change
}

/// An optional event log of one replication. When no log is attached the
/// engine checks one optional reference and builds no strings: it costs nothing.
public final class TraceLog {
    public private(set) var records: [TraceRecord] = []
    /// The counters' samples, in the order taken (not in the CSV and text traces).
    public private(set) var counters: [TraceCounter] = []
    /// Stop recording past this many lines (a limit on everything).
    public let capacity: Int
    public init(capacity: Int = 2_000_000) { self.capacity = capacity }

    /// The process whose code runs now (its input being handled, its launch or its end), -1
    /// for none: the sender of what is sent now.
    @usableFromInline var actor: Int32 = -1
    /// For each input waiting in an inbox (keyed by receiver and slot): who sent it and when.
    @usableFromInline var sends: [Int64: (sender: Int32, time: SimTime)] = [:]

    public func record(_ time: SimTime, _ process: String, _ event: String, _ details: String) {
        if records.count < capacity {
            records.append(TraceRecord(time: time, process: process, event: event, details: details))
        }
    }

    /// Records a delivery to `process`, sent by `sender` at `sentAt` (nil: no program's run).
    @usableFromInline
    func recordDelivery(_ time: SimTime, _ process: String, _ details: String, sender: String?, sentAt: SimTime) {
        if records.count < capacity {
            records.append(TraceRecord(time: time, process: process, event: "receive", details: details,
                                       sender: sender, sentAt: sentAt))
        }
    }

    /// Records a counter's sample.
    public func sample(_ time: SimTime, _ name: String, _ value: Double, _ change: TraceCounter.Change = .set) {
        if counters.count < capacity { counters.append(TraceCounter(time: time, name: name, value: value, change: change)) }
    }

    /// An input was stored in slot `slot` of process `target`'s inbox now, by the current actor.
    @usableFromInline
    func noteSend(to target: Int32, slot: Int32, at time: SimTime) {
        sends[Int64(target) << 32 | Int64(slot)] = (actor, time)
    }

    /// Who sent the input in slot `slot` of `target`'s inbox, and when (sender -1: no program).
    @usableFromInline
    func takeSend(to target: Int32, slot: Int32) -> (sender: Int32, time: SimTime) {
        sends.removeValue(forKey: Int64(target) << 32 | Int64(slot)) ?? (-1, 0)
    }
}
