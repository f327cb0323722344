import SimKernel

/// ActivityKit as the app reaches it (`Activity.request`, `update`, `end` on iOS;
/// docs/model.md#live-status): the app starts, updates and ends its live activities, and its
/// widget extension reads what the system keeps of each to draw it. Only the live status
/// declares it. `ActivityKit.swift`.
public struct ActivityKitService {
    @usableFromInline let system: Unmanaged<OperatingSystem>
    @usableFromInline init(_ system: Unmanaged<OperatingSystem>) { self.system = system }

    /// Starts a live activity of `stages` stages showing `content`; returns its number (0, 1, …).
    @inlinable @inline(__always)
    public func request(stages: Int, content: LiveActivityContent) -> Int32 {
        system._withUnsafeGuaranteedRef { $0.requestLiveActivity(stages: stages, content: content) }
    }

    /// Activity `activity` as the system keeps it now.
    @inlinable @inline(__always)
    public func activity(_ activity: Int32) -> LiveActivity { system._withUnsafeGuaranteedRef { $0.liveActivity(activity) } }

    /// Some live activity of the app is on the lock screen now.
    @inlinable public var anyShown: Bool { @inline(__always) get { system._withUnsafeGuaranteedRef { $0.anyLiveActivityShown } } }

    /// Updates activity `activity` to `content` from the app's own process: what the status now draws.
    @inlinable @inline(__always)
    public func update(_ activity: Int32, _ content: LiveActivityContent) -> LiveActivityChange {
        system._withUnsafeGuaranteedRef { $0.updateLiveActivity(activity, content) }
    }

    /// Ends activity `activity` at once (a sign-out); true if its status was shown until now.
    @inlinable @inline(__always)
    public func end(_ activity: Int32) -> Bool { system._withUnsafeGuaranteedRef { $0.endLiveActivity(activity) } }

    /// A pushed update that is not an activity's final one is sent: true if the hourly budget
    /// draws it (charged now), false if it is dropped.
    @inlinable @inline(__always)
    public func pushIsWithinBudget() -> Bool { system._withUnsafeGuaranteedRef { $0.liveActivityPushIsWithinBudget() } }
}
