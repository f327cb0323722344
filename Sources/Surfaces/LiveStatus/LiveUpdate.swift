import SimKernel
import Platform

/// One update of a live status: which activity, and the stage it reached (§25.5).
public struct LiveUpdate: Sendable, Equatable {
    public var activity: Int32
    public var stage: Int32
}
