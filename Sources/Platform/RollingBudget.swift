import SimKernel

/// A budget of at most `limit` uses in any rolling window of `window` (the widget's
/// daily reload budget, the hourly push-wake budget, the live-status push budget).
public struct RollingBudget: Sendable {
    public let limit: Int
    public let window: SimTime
    @usableFromInline var uses: [SimTime] = []
    @usableFromInline var head = 0
    /// Spent uses past the window are dropped from the list once there are more than this many.
    @usableFromInline static var droppedAtOnce: Int { 64 }

    public init(limit: Int, window: SimTime) {
        self.limit = limit
        self.window = window
    }

    @inlinable mutating func expire(_ now: SimTime) {
        while head < uses.count && uses[head] <= now - window { head += 1 }
        if head > Self.droppedAtOnce && head * 2 > uses.count {
            uses.removeFirst(head)
            head = 0
        }
    }

    /// Uses left now.
    @inlinable public mutating func remaining(at now: SimTime) -> Int {
        expire(now)
        return max(0, limit - (uses.count - head))
    }

    /// Spends one use if any is left; returns whether it was spent.
    @inlinable public mutating func spend(at now: SimTime) -> Bool {
        guard remaining(at: now) > 0 else { return false }
        // Room, at the first use, for a full window and the spent uses kept until they are
        // dropped: the list then rarely grows again.
        if uses.capacity == 0 { uses.reserveCapacity(Swift.min(limit, 192) + Self.droppedAtOnce + 1) }
        uses.append(now)
        return true
    }

    /// The earliest time at or after `now` when a use will be available.
    @inlinable public mutating func nextAvailable(at now: SimTime) -> SimTime {
        if remaining(at: now) > 0 { return now }
        if limit <= 0 { return Time.never }
        return uses[uses.count - limit] + window + 1
    }
}
