import SimKernel

/// One update of a live status, as its own push carries it: which activity, the stage it
/// reached, and when the backend read that (the stage's beginning: the content's time) (§25.5).
public struct LiveUpdate: Sendable, Equatable, CustomStringConvertible {
    public var activity: Int32
    public var stage: Int32
    public var readAt: SimTime

    @inlinable
    public init(activity: Int32, stage: Int32, readAt: SimTime) {
        self.activity = activity
        self.stage = stage
        self.readAt = readAt
    }

    /// As the event log prints it, the time in seconds.
    public var description: String { "LiveUpdate(activity: \(activity), stage: \(stage), readAt: \(Time.seconds(readAt)) s)" }
}
