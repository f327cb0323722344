import SimKernel

/// Android's app standby buckets (docs/model.md#power; figures in docs/platform-facts.md#power):
/// the system ranks an app by how long ago the user last used it, and each bucket caps the
/// app's background jobs and its high-priority push messages.
public enum StandbyBucket: String, Sendable, CaseIterable {
    case active, workingSet, frequent, rare, restricted

    /// The bucket of an app the user last used `idle` ago, by AOSP's elapsed-time thresholds
    /// (`AppStandbyController`: working set from 12 h, frequent from 24 h, rare from 48 h,
    /// restricted from 8 days without use).
    @inlinable
    public static func after(idle: SimTime) -> StandbyBucket {
        if idle >= StandbyBucket.restricted.idleToEnter { return .restricted }
        if idle >= StandbyBucket.rare.idleToEnter { return .rare }
        if idle >= StandbyBucket.frequent.idleToEnter { return .frequent }
        if idle >= StandbyBucket.workingSet.idleToEnter { return .workingSet }
        return .active
    }

    /// How long after the user last had the app in the foreground it enters this bucket
    /// (`after(idle:)`'s thresholds; the measurement layer's time in each bucket reads them).
    @inlinable
    public var idleToEnter: SimTime {
        switch self {
        case .active: return 0
        case .workingSet: return 12 * Time.hour
        case .frequent: return 24 * Time.hour
        case .rare: return 48 * Time.hour
        case .restricted: return 8 * Time.day
        }
    }

    /// The cap on the app's job runs (nil: none): at most `runs` in any rolling `window`
    /// (AOSP `QuotaController`'s session counts and window sizes; the restricted bucket's
    /// once a day is the developer documentation's).
    @inlinable
    public var jobQuota: RunQuota? {
        switch self {
        case .active: return nil
        case .workingSet: return RunQuota(runs: 10, window: 2 * Time.hour)
        case .frequent: return RunQuota(runs: 8, window: 8 * Time.hour)
        case .rare: return RunQuota(runs: 3, window: Time.day)
        case .restricted: return RunQuota(runs: 1, window: Time.day)
        }
    }

    /// The cap on high-priority push messages (nil: none), per rolling day; messages past it
    /// are treated as normal priority (the developer documentation's power-management table).
    @inlinable
    public var highPriorityPushQuota: RunQuota? {
        switch self {
        case .active, .workingSet: return nil
        case .frequent: return RunQuota(runs: 10, window: Time.day)
        case .rare, .restricted: return RunQuota(runs: 5, window: Time.day)
        }
    }
}

/// At most `runs` uses in any rolling `window`.
public struct RunQuota: Sendable, Equatable {
    public let runs: Int
    public let window: SimTime
    @inlinable public init(runs: Int, window: SimTime) {
        self.runs = runs
        self.window = window
    }
}

/// The times of recent uses (job runs, high-priority messages), checked against the quota of
/// whichever bucket the app is in at the time: the windows differ by bucket, so the record
/// keeps every use of the longest window (a day).
public struct QuotaRecord: Sendable {
    @usableFromInline var uses: [SimTime] = []

    public init() {}

    /// The longest window of any bucket's quota.
    @inlinable public static var longestWindow: SimTime { Time.day }

    @inlinable mutating func expire(_ now: SimTime) {
        if let k = uses.firstIndex(where: { $0 > now - Self.longestWindow }) {
            if k > 0 { uses.removeFirst(k) }
        } else {
            uses.removeAll()
        }
    }

    /// Uses in the rolling `window` ending now: those after `now - window`.
    @inlinable mutating func inWindow(_ window: SimTime, at now: SimTime) -> ArraySlice<SimTime> {
        expire(now)
        let from = uses.firstIndex(where: { $0 > now - window }) ?? uses.count
        return uses[from...]
    }

    /// Whether `quota` (nil: none) allows one more use now.
    @inlinable public mutating func allows(_ quota: RunQuota?, at now: SimTime) -> Bool {
        guard let quota else { return true }
        return inWindow(quota.window, at: now).count < quota.runs
    }

    /// The earliest time at or after `now` when `quota` allows a use, if no use is recorded
    /// meanwhile: when enough of the uses in the window have left it.
    @inlinable public mutating func nextAllowed(_ quota: RunQuota?, at now: SimTime) -> SimTime {
        guard let quota else { return now }
        let recent = inWindow(quota.window, at: now)
        guard recent.count >= quota.runs else { return now }
        if quota.runs <= 0 { return Time.never }
        return recent[recent.startIndex + (recent.count - quota.runs)] + quota.window
    }

    /// Records a use now.
    @inlinable public mutating func record(at now: SimTime) {
        uses.append(now)
    }
}
