import SimKernel
import Platform

/// What the platform's mechanisms did in one replication, as the platform reported it
/// (`PlatformObserver.platformDid`) and the widget provider's ends (docs/metrics.md#mechanism-diagnostics):
/// plain counts of refusals, holds and events after the warm-up, and the time after the
/// warm-up the phone spent locked, in each Doze state and the app in each standby bucket.
/// Recording is an integer increment or, at a change of state, one subtraction: the
/// mechanisms report rarely, and nothing here is read until the replication's end.
struct MechanismRecord {
    /// The warm-up's end: nothing before it is counted, and times count from it.
    let warmup: SimTime

    /// Reload requests the widget's budget refused.
    private(set) var reloadsRefused = 0
    /// Provider runs the widget host started after the warm-up (`widget.reloads`).
    private(set) var reloadsRun = 0
    /// For each simulated day in which the widget's budget ran out, the time of day (s from the
    /// day's start) it first did.
    private(set) var budgetExhaustedAt: [Double] = []
    /// The last day a `budgetExhaustedAt` time was taken for (−1: none).
    private var exhaustedDay: SimTime = -1
    /// Widget provider runs (for a timeline, begun after the warm-up) killed for time, for memory.
    private(set) var providerKilledForTime = 0, providerKilledForMemory = 0
    /// Silent pushes whose wake the push service refused.
    private(set) var wakesRefused = 0
    /// Silent pushes held, by `PushHold` (three counts in place: no list is made per replication).
    private var held = PerCase<Int>()
    /// Restarts (a switch-on included), app updates installed, force-quits that took effect.
    private(set) var restarts = 0, appUpdates = 0, forceQuits = 0

    /// Whether the phone is locked, and since when (it starts as `DeviceState` does).
    private var locked = DeviceState().locked
    private var lockedSince: SimTime = 0
    /// Time locked, measured, up to the last unlock.
    private var lockedTime: SimTime = 0
    /// Doze's state and since when (none at the start), and the time in each state up to its last change.
    private var doze = DozeState.none
    private var dozeSince: SimTime = 0
    private var dozeTime = PerCase<SimTime>()
    /// Whether the app is in the foreground, and since when this stretch (in front, or since
    /// it last left the foreground) runs: the replication starts just after a use
    /// (`OperatingSystem.appLastUsed` is 0), with the app in the background.
    private var inForeground = false
    private var stretchFrom: SimTime = 0
    /// Time in each standby bucket (by `StandbyBucket.allCases` order) up to the last change of foreground.
    private var bucketTime = PerCase<SimTime>()

    init(warmup: SimTime) { self.warmup = warmup }

    /// The part of [from, to) after the warm-up.
    @inline(__always) private func measured(from: SimTime, to: SimTime) -> SimTime {
        max(0, to - max(from, warmup))
    }

    /// Records what a mechanism did at `now`.
    mutating func record(_ event: PlatformEvent, at now: SimTime) {
        let counts = now >= warmup
        switch event {
        case .widgetReloadRefused: if counts { reloadsRefused += 1 }
        case .widgetReloadRan: if counts { reloadsRun += 1 }
        case .widgetBudgetExhausted:
            let day = now / Time.day
            if counts && day != exhaustedDay {
                exhaustedDay = day
                budgetExhaustedAt.append(Time.seconds(now - day * Time.day))
            }
        case .pushWakeRefused: if counts { wakesRefused += 1 }
        case .pushHeld(let why): if counts { held[Int(why.rawValue)] += 1 }
        case .phoneRestarted: if counts { restarts += 1 }
        case .appUpdateInstalled: if counts { appUpdates += 1 }
        case .appForceQuit: if counts { forceQuits += 1 }
        case .phoneLocked(let nowLocked):
            guard nowLocked != locked else { return }
            if locked { lockedTime += measured(from: lockedSince, to: now) }
            locked = nowLocked
            lockedSince = now
        case .doze(let state):
            guard state != doze else { return }
            dozeTime[Int(doze.rawValue)] += measured(from: dozeSince, to: now)
            doze = state
            dozeSince = now
        case .appForeground(let front):
            guard front != inForeground else { return }
            // Added into a copy of the times, not into the stored ones: a method of the record
            // writing into its own field would copy the whole record first.
            var times = bucketTime
            addStretch(to: now, into: &times)
            bucketTime = times
            inForeground = front
            stretchFrom = now
        }
    }

    /// A provider run for a timeline, begun after the warm-up, was killed (for memory, or for time).
    mutating func providerKilled(forMemory: Bool) {
        if forMemory { providerKilledForMemory += 1 } else { providerKilledForTime += 1 }
    }

    /// Adds the current stretch, from `stretchFrom` to `end`, to the buckets: all of it active
    /// while in front; in the background, each bucket from the idle time it is entered at
    /// (`StandbyBucket.idleToEnter`) to the next one's.
    private func addStretch(to end: SimTime, into times: inout PerCase<SimTime>) {
        guard !inForeground else {
            times[0] += measured(from: stretchFrom, to: end)
            return
        }
        let buckets = StandbyBucket.allCases
        for (k, bucket) in buckets.enumerated() {
            let from = stretchFrom + bucket.idleToEnter
            let to = k + 1 < buckets.count ? min(end, stretchFrom + buckets[k + 1].idleToEnter) : end
            if from < to { times[k] += measured(from: from, to: to) }
        }
    }

    /// Time locked after the warm-up, up to `end`.
    func lockedTime(end: SimTime) -> SimTime {
        lockedTime + (locked ? measured(from: lockedSince, to: end) : 0)
    }

    /// Time after the warm-up, up to `end`, in Doze state `state`.
    func dozeTime(_ state: DozeState, end: SimTime) -> SimTime {
        dozeTime[Int(state.rawValue)] + (state == doze ? measured(from: dozeSince, to: end) : 0)
    }

    /// Time after the warm-up, up to `end`, the app spent in each standby bucket (`StandbyBucket.allCases` order).
    func bucketTimes(end: SimTime) -> [SimTime] {
        var times = bucketTime
        addStretch(to: end, into: &times)
        return StandbyBucket.allCases.indices.map { times[$0] }
    }

    /// Silent pushes held for `why`.
    func held(_ why: PushHold) -> Int { held[Int(why.rawValue)] }
}

/// Up to five counts or times kept in place, by a case's index (a Doze state's, a push hold's,
/// a standby bucket's): recording one is an add to a stored field, with no list allocated.
struct PerCase<Value: AdditiveArithmetic> {
    private var a = Value.zero, b = Value.zero, c = Value.zero, d = Value.zero, e = Value.zero

    subscript(_ k: Int) -> Value {
        get {
            switch k {
            case 0: return a
            case 1: return b
            case 2: return c
            case 3: return d
            default: return e
            }
        }
        set {
            switch k {
            case 0: a = newValue
            case 1: b = newValue
            case 2: c = newValue
            case 3: d = newValue
            default: e = newValue
            }
        }
    }
}
