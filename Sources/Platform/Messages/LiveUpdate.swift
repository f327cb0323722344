import SimKernel

/// One update of a live status, as its own push carries it: which activity, and the stage it
/// reached (§25.5).
public struct LiveUpdate: Sendable, Equatable {
    public var activity: Int32
    public var stage: Int32

    @inlinable
    public init(activity: Int32, stage: Int32) {
        self.activity = activity
        self.stage = stage
    }
}
