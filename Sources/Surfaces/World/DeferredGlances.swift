import SimKernel

/// A person's glances at one surface, taken after the fact (ARCHITECTURE: "Observations
/// are not events"). Glances are a Poisson stream (docs/metrics.md) that changes nothing, so
/// the measurement layer keeps only the time of the next one, drawn ahead from the surface's
/// own stream (`glances.widget`, `glances.app`, `glances.car`, `glances.live`, held here), and
/// takes every glance due, at its own time, just before what it would see changes and at the
/// end of the run (`Measurement+Glances.swift`): the same draws and samples as a timer per glance.
struct DeferredGlances {
    let rate: Rate
    /// Glances are taken before this time only (the end of the replication).
    let end: SimTime
    /// The next glance; nil when none is coming (not started, or the chain ended).
    private(set) var next: SimTime? = nil
    /// The surface's glance stream, which draws the time of each next glance.
    private var rng: RandomStream

    init(rate: Rate, end: SimTime, rng: RandomStream) {
        self.rate = rate
        self.end = end
        self.rng = rng
    }

    /// Starts the stream now, unless a glance is already coming.
    mutating func start(at now: SimTime) {
        guard next == nil else { return }
        next = PoissonArrivals.next(after: now, rate: rate, rng: &rng)
    }

    /// Starts the stream now unless a glance is coming before the end: a stream whose next
    /// glance fell past the end is drawn again from now (as a timer refused past the end
    /// leaves nothing scheduled, and the next start schedules one afresh).
    mutating func resume(at now: SimTime) {
        if let at = next, at < end { return }
        next = PoissonArrivals.next(after: now, rate: rate, rng: &rng)
    }

    /// No one looks any more: the glance drawn ahead is dropped (the next `start` draws anew).
    mutating func stop() {
        next = nil
    }

    /// Takes every glance due at or before `t`, in order; `take` returns false when a glance
    /// ends the stream instead (the next one is then drawn at the next `start`).
    mutating func catchUp(through t: SimTime, take: (SimTime) -> Bool) {
        while let at = next, at <= t, at < end {
            guard take(at) else { next = nil; return }
            next = PoissonArrivals.next(after: at, rate: rate, rng: &rng)
        }
    }
}
