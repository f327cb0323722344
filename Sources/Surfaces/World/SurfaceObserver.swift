import SimKernel
import Platform

/// Watches what one surface shows and turns it into the docs/metrics.md metrics: at each
/// glance, staleness, age, blank, unlabeled stale and wrong account; per change, the
/// lag until the surface first shows it; and the time-weighted mean staleness.
/// It reads only what a person could see: the view on screen and the clock.
public final class SurfaceObserver {
    /// The surface's name (`watch`), as its declaration gives it.
    package let name: String
    /// The metrics its glances, lags and time-weighted staleness are written to.
    let slots: Slots
    /// The surface is on in this replication (an observer of a surface that is off is made, and
    /// sees nothing shown).
    @_spi(Assembly) public let surfaceIsOn: Bool
    /// The sign-out leak that ends when the surface shows data of another account than the
    /// first (`ObservedSurface.leakEndsAtOtherAccount`); nil if none.
    let leakEndsAtOtherAccount: Metric?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var current: View = .blank(.none)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var everShown = ChangeSet()
    private let warmup: SimTime
    private let staleAfter: SimTime
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The event log, when one is attached: what the surface shows and each glance at it.
    @_spi(Assembly) public var trace: TraceLog?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The trace counter its staleness is sampled into (`staleness widget`; nil: none, the
    /// surface is off).
    @_spi(Assembly) public var stalenessCounter: String?

    // Glance counters.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var staleness: [Double] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var age: [Double] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var lag: [Double] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Per glance at a view of a slot of the data's own schedule: how long ago that slot ended.
    var slotStaleness: [Double] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The length of a slot of the data's own schedule (0: the data has none; docs/model.md#timelines).
    var slotEvery: SimTime = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The time series' recorder and this surface's metric slots, when a study asks for a
    /// series (`Measurement.recordSeries`); nil otherwise.
    var series: (recorder: SeriesRecorder, slots: Slots)?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var glances = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var blankGlances = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var unlabeledStaleGlances = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var wrongAccountGlances = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The glances the measurement layer takes at the screen by its declaration
    /// (`ObservedSurface.glances`), while someone looks at it (`Measurement.glancesBegin`); nil
    /// when the declaration has none or the surface is off.
    var scheduledGlances: DeferredGlances?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// Glances per kind of blank view.
    private(set) var blankByKind: [Int] = Array(filledWith: 0, count: Int(ViewKind.fixture.rawValue) + 1)

    // Time-weighted staleness: ∫ staleness dt over intervals when data is shown.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var integral: Double = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var shownTime: Double = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var lastUpdate: SimTime = 0

    /// The observer of `surface` in a replication with parameters `p`: its samples start with
    /// room for `surface.room` each (a surface that is off takes none; the lists grow past it
    /// as needed). `seed` seeds the stream of its declared glances.
    init(_ surface: ObservedSurface, _ p: borrowing Parameters, seed: UInt64) {
        name = surface.name
        slots = surface.slots()
        surfaceIsOn = surface.isOn(p)
        leakEndsAtOtherAccount = surface.leakEndsAtOtherAccount.map { Metric.named($0) }
        slotEvery = surface.slotEvery(p)
        let room = surfaceIsOn ? surface.room : 0
        warmup = p.observe.warmup
        staleAfter = p.observe.staleAfter
        if surfaceIsOn, let g = surface.glances {
            scheduledGlances = DeferredGlances(rate: g.rate(p), end: p.duration,
                                               rng: RandomStream(replicationSeed: seed, nameHash: g.streamName))
        }
        // Room for a day's glances and lags at the default rates, so the samples do not regrow
        // from one element by doubling in every replication.
        if room > 0 {
            staleness.reserveCapacity(room)
            age.reserveCapacity(room)
            lag.reserveCapacity(room)
        }
    }

    /// Accumulates the staleness integral from the last update to `now`.
    private func advance(to now: SimTime, truth: Truth) {
        let a = max(lastUpdate, warmup)
        lastUpdate = now
        // A view of the second account has no staleness: the truth follows the first account.
        guard now > a, current.kind == .data, current.account != .second else { return }
        let span = Time.seconds(now - a)
        shownTime += span
        // The truth is the same all through (a, now]: every change or loss integrates first.
        let first = truth.firstMissing(of: current.changes, at: a)
        guard first < truth.count else { return }
        let m = truth.madeAt[Int(first)]
        // Staleness is t − m on [a, now] (m ≤ a, since the change existed before the interval).
        integral += span * (Time.seconds(a - m) + Time.seconds(now - a) / 2)
    }

    /// The truth gains or loses a change: call before it is recorded so the interval
    /// before it is integrated with the old truth.
    func truthWillChange(at now: SimTime, truth: Truth) { advance(to: now, truth: truth) }

    /// The surface now shows `view`.
    /// `view` is consumed: the observer keeps it as what the surface shows, without a copy.
    func show(_ view: consuming View, at now: SimTime, truth: Truth) {
        advance(to: now, truth: truth)
        if let trace, view != current { trace.record(now, name, "shows", Self.describe(view)) }
        if view.kind == .data {
            view.changes.forEachMissing(from: everShown) { change in
                let made = truth.madeAt[Int(change.number)]
                // A change lost for good has left every lag population.
                if made >= warmup && !truth.isLost(change.number, by: now) {
                    lag.append(Time.seconds(now - made))
                    if let series { series.recorder.sample(series.slots.lag, Time.seconds(now - made), at: now) }
                }
            }
            everShown.formUnion(view.changes, lost: truth.lost)
        }
        // Swapped in (the view shown before leaves with `view`): an assignment of a `View` here
        // went through its value witness, a call per view shown.
        swap(&current, &view)
        if trace != nil { sampleStaleness(at: now, truth: truth) }
    }

    /// With a trace attached and a counter named, samples the staleness of what the surface
    /// shows now: the age of the oldest change it lacks, growing until the next sample, or 0
    /// when it lacks none, shows no data or another account's.
    func sampleStaleness(at now: SimTime, truth: Truth) {
        guard let trace, let name = stalenessCounter else { return }
        guard current.kind == .data, current.account != .second,
              truth.firstMissing(of: current.changes, at: now) < truth.count else {
            trace.sample(now, name, 0)
            return
        }
        trace.sample(now, name, Time.seconds(truth.staleness(of: current.changes, at: now)), .ramp)
    }

    /// Someone looks at the surface now.
    func glance(at now: SimTime, truth: Truth, signedOutAccount: Bool) {
        if let trace {
            let v = current
            let seen = v.kind.isBlank ? "\(v.kind)"
                : v.account == .second ? "data of the second account, age \(Time.seconds(now - v.readAt)) s"
                : "data, stale \(Time.seconds(truth.staleness(of: v.changes, at: now))) s, age \(Time.seconds(now - v.readAt)) s"
            trace.record(now, "glances", "looks at \(name)", now >= warmup ? seen : seen + " (warm-up)")
        }
        guard now >= warmup else { return }
        glances += 1
        // What it shows is read in place (`current.…`), not copied out.
        if current.kind.isBlank {
            blankGlances += 1
            blankByKind[Int(current.kind.rawValue)] += 1
            return
        }
        age.append(Time.seconds(now - current.readAt))
        if let series { series.recorder.sample(series.slots.age, Time.seconds(now - current.readAt), at: now) }
        // Someone else's data (docs/model.md#a-second-account): it has an age, but the truth
        // does not follow its changes, so it gives no staleness.
        if current.account == .second { return }
        let s = truth.staleness(of: current.changes, at: now)
        staleness.append(Time.seconds(s))
        if let series { series.recorder.sample(series.slots.staleness, Time.seconds(s), at: now) }
        if s > staleAfter && !current.showsAge { unlabeledStaleGlances += 1 }
        if slotEvery > 0 && current.slot >= 0 {
            let ended = (SimTime(current.slot) + 1) * slotEvery
            slotStaleness.append(now > ended ? Time.seconds(now - ended) : 0)
            if let series, let m = series.slots.slotStaleness {
                series.recorder.sample(m, now > ended ? Time.seconds(now - ended) : 0, at: now)
            }
        }
        if signedOutAccount { wrongAccountGlances += 1 }
    }

    /// A view as the event log prints it.
    static func describe(_ v: View) -> String {
        guard v.kind == .data else { return "\(v.kind)" }
        var s = "data(changes: \(v.changes.count), readAt: \(Time.seconds(v.readAt)) s, account: \(v.account)"
        if v.object >= 0 { s += ", object: \(v.object)" }
        if v.slot >= 0 { s += ", slot: \(v.slot)" }
        if v.name > 0 { s += ", name: \(v.name)" }
        return s + (v.showsAge ? ", with its age)" : ")")
    }

    /// Changes made after the warm-up, and not lost for good, that the surface never showed.
    func censoredShare(truth: Truth) -> (missed: Int, made: Int) {
        var made = 0, missed = 0
        for id in 0..<Int(truth.count) where truth.madeAt[id] >= warmup && truth.lostAt[id] == Time.never {
            made += 1
            if !everShown.contains(number: Int32(id)) { missed += 1 }
        }
        return (missed, made)
    }

    /// The metric slots a surface's view reports into (`slotStaleness` nil: the surface has none).
    struct Slots: Sendable {
        var staleness: Metric
        var blank: Metric
        var age: Metric, lag: Metric, censored: Metric
        var unlabeled: Metric, wrongAccount: Metric, timeAvg: Metric
        var slotStaleness: Metric? = nil
    }

    /// Writes this surface's view metrics into `result`, in its `slots`.
    func report(into result: inout ReplicationResult, end: SimTime, truth: Truth) {
        let s = slots
        advance(to: end, truth: truth)
        result.samples[s.staleness.rawValue] = staleness
        result.setFraction(s.blank, blankGlances, of: glances)
        result.samples[s.age.rawValue] = age
        result.samples[s.lag.rawValue] = lag
        let censored = censoredShare(truth: truth)
        result.setFraction(s.censored, censored.missed, of: censored.made)
        result.setFraction(s.unlabeled, unlabeledStaleGlances, of: glances)
        result.setFraction(s.wrongAccount, wrongAccountGlances, of: glances)
        result.values[s.timeAvg.rawValue] = shownTime > 0 ? integral / shownTime : .nan
        if let m = s.slotStaleness { result.samples[m.rawValue] = slotStaleness }
    }
}
