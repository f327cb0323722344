/// A rate of events per hour with an optional 24-value hourly profile (docs/scenarios.md).
///
/// The profile gives relative weights for the hours of the day 0…23; they are
/// normalised to a mean of 1, so `perHour` stays the average rate over a day.
public struct Rate: Sendable, Equatable {
    /// The average number of events per hour.
    public var perHour: Double
    /// Relative weights for each hour of the day, normalised to mean 1 (empty: constant rate).
    public private(set) var profile: [Double]

    public init(perHour: Double, profile: [Double] = []) {
        self.perHour = perHour
        if profile.count == 24 {
            let mean = profile.reduce(0, +) / 24
            self.profile = mean > 0 ? profile.map { $0 / mean } : profile
        } else {
            self.profile = []
        }
    }

    /// The instantaneous rate per microsecond at time `t`.
    @inlinable @inline(__always)
    public func perMicrosecond(at t: SimTime) -> Double {
        let base = perHour / Double(Time.hour)
        if profile.isEmpty { return base }
        let hour = Int((t % Time.day) / Time.hour)
        return base * profile[hour]
    }

    /// The largest instantaneous rate per microsecond.
    @inlinable public var peakPerMicrosecond: Double {
        let base = perHour / Double(Time.hour)
        return profile.isEmpty ? base : base * (profile.max() ?? 1)
    }
}

/// Arrivals of a (possibly time-varying) Poisson process, by thinning
/// (Lewis and Shedler, 1979): candidates at the peak rate, each kept with
/// probability rate(t) / peak.
public enum PoissonArrivals {
    /// The first arrival strictly after `now`, or `Time.never` for a zero rate.
    @inlinable @inline(__always)
    public static func next(after now: SimTime, rate: Rate, rng: inout RandomStream) -> SimTime {
        let peak = rate.peakPerMicrosecond
        guard peak > 0 else { return Time.never }
        var t = now
        while true {
            let gap = rng.exponential(mean: 1 / peak)
            if !(gap < Double(Time.never)) { return Time.never }
            t += max(1, SimTime(gap.rounded(.up)))
            if t >= Time.never { return Time.never }
            if rate.profile.isEmpty { return t }
            if rng.uniform() * peak < rate.perMicrosecond(at: t) { return t }
        }
    }
}
