import SimKernel

/// A person's glances at one surface, taken after the fact (ARCHITECTURE: "Observations
/// are not events"). Glances are a Poisson stream (docs/metrics.md) that changes nothing, so
/// the measurement layer keeps only the time of the next one, drawn ahead from the surface's
/// own stream, and the world takes every glance due, at its own time, just before what it would see
/// changes and at the end of the run: the same draws and samples as a timer per glance.
struct DeferredGlances {
    let rate: Rate
    /// Glances are taken before this time only (the end of the replication).
    let end: SimTime
    /// The next glance; nil when none is coming (not started, or the chain ended).
    private(set) var next: SimTime? = nil

    init(rate: Rate, end: SimTime) {
        self.rate = rate
        self.end = end
    }

    /// Starts the stream now, unless a glance is already coming.
    mutating func start(at now: SimTime, rng: inout RandomStream) {
        guard next == nil else { return }
        next = PoissonArrivals.next(after: now, rate: rate, rng: &rng)
    }

    /// Takes every glance due at or before `t`, in order; `take` returns false when a glance
    /// ends the stream instead (the next one is then drawn at the next `start`).
    mutating func catchUp(through t: SimTime, rng: inout RandomStream, take: (SimTime) -> Bool) {
        while let at = next, at <= t, at < end {
            guard take(at) else { next = nil; return }
            next = PoissonArrivals.next(after: at, rate: rate, rng: &rng)
        }
    }
}
