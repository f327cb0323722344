import SimKernel
import Platform

/// Where a change was made (docs/model.md#the-truth).
public enum ChangeOrigin: UInt8, Sendable {
    case elsewhere, app, watch, share, action, widgetButton
}

/// The truth (docs/model.md#the-truth): every change made so far, wherever it was made
/// and whether or not the backend has it yet, less the changes lost for good. Changes are
/// numbered in the order they were made. One per world, shared by reference with its
/// observers (so reading it costs no copy).
///
/// A change is *on its way* while something holds it: the program that made it until it
/// hands it on, an outbox, a relay queue, a message or request in flight, a retry, a
/// background transfer. Each holder takes a hold and lets go; when the last lets go and
/// the backend never applied the change, the change is lost for good at that moment: it
/// leaves the truth (no surface is stale for it from then on) and every lag population.
public final class Truth {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var madeAt: [SimTime] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var origin: [ChangeOrigin] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When each change was lost for good (`Time.never`: not lost).
    public private(set) var lostAt: [SimTime] = []
    /// The lost changes, for the change sets' prefixes.
    public let lost = LostChanges()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Whether any change was lost (`lost.count > 0`), kept here: read on every glance, and a
    /// read of another module's class property is checked for exclusivity at run time.
    private var anyLost = false
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Holders of each change that is on its way.
    private var holds: [UInt32] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// How many times the backend applied each change (0: not yet; 2+: duplicated), as it
    /// reported each application (`ChangeJourneys.applied`).
    private var applyCount: [UInt8] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// When the backend first applied each change (`Time.never`: not yet).
    private var appliedAt: [SimTime] = []

    public init() {
        madeAt.reserveCapacity(256); origin.reserveCapacity(256); lostAt.reserveCapacity(256)
        holds.reserveCapacity(256); applyCount.reserveCapacity(256); appliedAt.reserveCapacity(256)
    }

    /// Number of changes made so far.
    @inline(__always) public var count: Int32 { Int32(madeAt.count) }

    /// Records a change made now and returns its number; the program that made it holds it.
    public func make(_ from: ChangeOrigin, at now: SimTime) -> Int32 {
        madeAt.append(now)
        origin.append(from)
        lostAt.append(Time.never)
        holds.append(1)
        applyCount.append(0)
        appliedAt.append(Time.never)
        return Int32(madeAt.count - 1)
    }

    /// One more holder carries change `id` towards the backend.
    public func hold(_ id: Int32) {
        guard id >= 0 && Int(id) < holds.count else { return }
        holds[Int(id)] += 1          // traps rather than wraps: a count that large is a model bug
    }

    /// A holder of change `id` let go of it. Returns true when that was the last holder and
    /// the backend never applied it: the change is lost for good now (the caller records it
    /// with `markLost` once the observers have integrated up to now).
    public func release(_ id: Int32) -> Bool {
        guard id >= 0 && Int(id) < holds.count else { return false }
        let i = Int(id)
        precondition(holds[i] > 0, "change \(id) released more often than it was held")
        holds[i] -= 1
        return holds[i] == 0 && applyCount[i] == 0 && lostAt[i] == Time.never
    }

    /// The backend applied change `id` at `now` (again, if it had before: a duplicate): from
    /// its first application on it can no longer be lost.
    public func markApplied(_ id: Int32, at now: SimTime) {
        guard id >= 0 && Int(id) < applyCount.count else { return }
        let i = Int(id)
        applyCount[i] &+= 1
        if applyCount[i] == 1 { appliedAt[i] = now }
    }

    /// How many times the backend applied `change` (0: not yet; 2+: duplicated).
    public func timesApplied(_ change: ChangeID) -> Int {
        let id = change.number
        return id >= 0 && Int(id) < applyCount.count ? Int(applyCount[Int(id)]) : 0
    }

    /// When the backend first applied `change`, if it did.
    public func firstApplied(_ change: ChangeID) -> SimTime? {
        let id = change.number
        return id >= 0 && Int(id) < appliedAt.count && appliedAt[Int(id)] < Time.never ? appliedAt[Int(id)] : nil
    }

    /// Whether `change` was lost for good (at any time so far).
    public func wasLost(_ change: ChangeID) -> Bool { lostAt[Int(change.number)] < Time.never }

    /// Records that change `id` is lost for good at `now`.
    public func markLost(_ id: Int32, at now: SimTime) {
        lostAt[Int(id)] = now
        lost.insert(id)
        anyLost = true
    }

    /// Whether change `id` was lost for good by `t`.
    @inline(__always) public func isLost(_ id: Int32, by t: SimTime) -> Bool { lostAt[Int(id)] <= t }

    /// The earliest change of the truth at `t` that `changes` lacks (`count` if none): changes
    /// lost by `t` are not in the truth, so they are passed over.
    @inline(__always)
    public func firstMissing(of changes: ChangeSet, at t: SimTime) -> Int32 {
        var id = changes.firstMissing
        if !anyLost { return id }
        let extras = changes.extras
        var k = 0
        while id < count {
            while k < extras.count && extras[k] < id { k += 1 }
            if k < extras.count && extras[k] == id { id += 1; continue }
            if lostAt[Int(id)] <= t { id += 1; continue }
            return id
        }
        return id
    }

    /// Staleness of a view holding `changes` at `now` (docs/metrics.md#staleness): 0 if it
    /// includes every change of the truth at that moment, else now − when its earliest
    /// missing change was made. `now` may be earlier than the last change (a glance taken
    /// after the fact).
    @inline(__always)
    public func staleness(of changes: ChangeSet, at now: SimTime) -> SimTime {
        let first = firstMissing(of: changes, at: now)
        return first < count && madeAt[Int(first)] <= now ? now - madeAt[Int(first)] : 0
    }
}
