import SimKernel
import Platform

/// Where a change was made (SPEC §2.3).
public enum ChangeOrigin: UInt8, Sendable {
    case elsewhere, app, watch, share, action, widgetButton
}

/// The truth (SPEC §2.3): every change made so far, wherever it was made and whether
/// or not the backend has it yet. Changes are numbered in the order they were made.
/// One per world, shared by reference with its observers (so reading it costs no copy).
public final class Truth {
    public private(set) var madeAt: [SimTime] = []
    public private(set) var origin: [ChangeOrigin] = []

    public init() { madeAt.reserveCapacity(256); origin.reserveCapacity(256) }

    /// Number of changes made so far.
    @inline(__always) public var count: Int32 { Int32(madeAt.count) }

    /// Records a change made now and returns its number.
    public func make(_ from: ChangeOrigin, at now: SimTime) -> Int32 {
        madeAt.append(now)
        origin.append(from)
        return Int32(madeAt.count - 1)
    }

    /// Staleness of a view holding `changes` at `now` (SPEC §2.4): 0 if it includes
    /// every change made by then, else now − when its earliest missing change was made.
    /// `now` may be earlier than the last change (a glance taken after the fact).
    @inline(__always)
    public func staleness(of changes: ChangeSet, at now: SimTime) -> SimTime {
        let first = changes.firstMissing
        return first < count && madeAt[Int(first)] <= now ? now - madeAt[Int(first)] : 0
    }
}
