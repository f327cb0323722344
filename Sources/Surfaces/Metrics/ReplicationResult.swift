/// What one replication reports: for each metric its samples (sampled metrics) or its
/// value (per-replication metrics; NaN where it does not apply, e.g. no shares happened),
/// plus the per-minute request counts the backend saw, for population-level measures.
public struct ReplicationResult: Sendable {
    /// Samples of each sampled metric, by its index in `MetricCatalog.specs` (`Metric.rawValue`
    /// for a built-in one; empty for the others).
    public var samples: [[Double]]
    /// Value of each per-replication metric (NaN: not applicable in this replication).
    public var values: [Double]
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
        requestsPerMinute = Array(repeating: 0, count: max(0, minutes))
        events = 0
        violations = []
    }

    /// The samples of a sampled metric.
    public subscript(samples m: Metric) -> [Double] { samples[m.rawValue] }
    /// The value of a per-replication metric.
    public subscript(value m: Metric) -> Double { values[m.rawValue] }
}
