/// What one replication reports: for each metric its samples (sampled metrics) or its
/// value (per-replication metrics; NaN where it does not apply, e.g. no shares happened),
/// plus the per-minute request counts the backend saw, for population-level measures.
public struct ReplicationResult: Sendable {
    /// Samples of each sampled metric, by its index in `MetricCatalog.specs` (`Metric.rawValue`
    /// for a built-in one; empty for the others).
    public var samples: [[Double]]
    /// Value of each per-replication metric (NaN: not applicable in this replication).
    public var values: [Double]
    /// For each counted fraction (`MetricSpec.isCountedFraction`), at its
    /// `MetricCatalog.fractionPosition`: how many events of how many trials the replication
    /// had (nil: not counted here, e.g. its surface is off).
    public var fractionCounts: [FractionCount?]
    /// Backend requests per minute of simulated time, from time 0.
    public var requestsPerMinute: [Int32]
    /// Events the engine dispatched.
    public var events: Int
    /// Invariant violations (when checks were on); a non-empty list fails the run.
    public var violations: [String]
    /// The bins of the time series asked for (`Replication.run(…, series:)`); nil when none was.
    public var series: SeriesBins?

    public init(minutes: Int) {
        samples = Array(filledWith: [], count: MetricCatalog.specs.count)
        values = Array(filledWith: .nan, count: MetricCatalog.specs.count)
        fractionCounts = Array(repeating: nil, count: MetricCatalog.fractionCount)
        requestsPerMinute = Array(repeating: 0, count: max(0, minutes))
        events = 0
        violations = []
    }

    /// The samples of a sampled metric.
    public subscript(samples m: Metric) -> [Double] { samples[m.rawValue] }
    /// The value of a per-replication metric.
    public subscript(value m: Metric) -> Double { values[m.rawValue] }
    /// The events and trials of a counted fraction (nil: not counted in this replication).
    public subscript(fraction m: Metric) -> FractionCount? { fractionCounts[MetricCatalog.fractionPosition[m.rawValue]] }

    /// Records counted fraction `m` as `events` of `trials` (0 of 0: nothing to count, its value
    /// NaN): its value events / trials, and the counts runs.csv and summary.csv pool. Counts
    /// outside 0 ≤ events ≤ trials are a model error, reported as a violation
    /// (`ReplicationFigures`).
    public mutating func setFraction(_ m: Metric, _ events: Int, of trials: Int) {
        setFraction(slot: m.rawValue, events, of: trials)
    }

    /// `setFraction` for the metric at `slot` of `MetricCatalog.specs` (a counted fraction).
    public mutating func setFraction(slot: Int, _ events: Int, of trials: Int) {
        let k = MetricCatalog.fractionPosition[slot]
        precondition(k >= 0, "\(MetricCatalog.specs[slot].name) is not a counted fraction")
        values[slot] = MetricCatalog.fraction(events, of: trials)
        fractionCounts[k] = FractionCount(events: events, trials: trials)
    }
}

/// One replication's count behind a fraction: `events` of `trials` (lost shares of all shares).
public struct FractionCount: Sendable, Equatable {
    public var events: Int
    public var trials: Int
    public init(events: Int, trials: Int) {
        (self.events, self.trials) = (events, trials)
    }
}
