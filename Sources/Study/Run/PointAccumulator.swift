// The state a study keeps per sweep point (docs/output.md): bounded memory whatever
// the number of replications, and exact merging of shards.
import Surfaces
import SurfaceCore

/// Everything kept about one metric at one point.
///
/// Sampled metrics keep a histogram and exact moments of all pooled samples,
/// exact sums of each replication's sum and count of samples (the interval of the pooled
/// mean, the replications as clusters: `ClusterSums`), exact moments of each replication's
/// mean, p50, p90 and p99, and for the metrics the charts
/// draw quantiles of, a bootstrap of the pooled quantiles over replications
/// (`QuantileBootstrap`). Per-replication metrics keep
/// a histogram and exact moments of the replications' values.
public struct MetricAccumulator: Sendable, Equatable {
    /// Pooled samples (sampled) or per-replication values.
    public var histogram: LogHistogram {
        get { pooled.histogram }
        set { pooled = PooledHistogram(newValue) }
    }
    /// The same values, as they are added (each replication's samples at the cost of their buckets).
    var pooled = PooledHistogram()
    /// Exact moments of the same values as `histogram`.
    public var moments = ExactMoments()
    /// Sampled metrics: moments of each replication's mean, p50, p90, p99 (empty otherwise).
    public var replicationStatistics: [ExactMoments]
    /// Sampled metrics: each replication's sum and count of samples, for the interval of the
    /// pooled mean with the replications as clusters; counted fractions: each replication's
    /// events and trials (the replications that counted them); any other per-replication
    /// metric: each value as a cluster of one (its interval is Student's t on `moments`; the
    /// sums give the skewness summary.csv reports).
    public var clusters = ClusterSums()
    /// The metrics the charts draw quantiles of: the bootstrap of their pooled quantiles (nil otherwise).
    public var bootstrap: QuantileBootstrap?

    /// An empty accumulator for a metric of `shape`, without a bootstrap.
    public init(shape: MetricShape) {
        replicationStatistics = shape == .sampled
            ? Array(repeating: ExactMoments(), count: ReplicationFigures.sampledStatistics.count) : []
    }

    /// An empty accumulator for `metric`, with a bootstrap if the charts draw its quantiles.
    public init(_ metric: Metric) { self.init(slot: metric.rawValue) }

    /// An empty accumulator for the metric at `slot` of `MetricCatalog.specs`.
    public init(slot: Int) {
        self.init(shape: MetricCatalog.shapes[slot])
        if QuantileBootstrap.isBootstrapped[slot] { bootstrap = QuantileBootstrap() }
    }

    /// Adds `other`'s values.
    public mutating func merge(_ other: MetricAccumulator) {
        pooled.merge(other.histogram)
        moments.merge(other.moments)
        for i in replicationStatistics.indices { replicationStatistics[i].merge(other.replicationStatistics[i]) }
        clusters.merge(other.clusters)
        if let theirs = other.bootstrap { bootstrap?.merge(theirs) }
    }
}

/// Everything kept about one sweep point.
public struct PointAccumulator: Sendable, Equatable {
    /// Replications added.
    public var replications = 0
    /// Replications that reported violations.
    public var failedReplications = 0
    /// Events simulated, summed.
    public var events: Int64 = 0
    /// One accumulator per metric, by its slot in `MetricCatalog.specs`.
    public var metrics: [MetricAccumulator]
    /// Backend requests per minute summed over replications (for `backend.requests.peakToMean`).
    public var requestsPerMinute: [Int64] = []
    /// The time series' bins summed over replications (`observe.series`; nil: none asked for,
    /// or no replication added yet).
    public var series: SeriesAccumulator?

    /// An empty point.
    public init() {
        metrics = MetricCatalog.specs.indices.map { MetricAccumulator(slot: $0) }
    }

    /// Adds one replication.
    public mutating func add(_ figures: ReplicationFigures) {
        replications += 1
        if !figures.violations.isEmpty { failedReplications += 1 }
        events += Int64(figures.events)
        // The catalogue's tables read once, and each metric's accumulator reached in place
        // (through the buffer: each `metrics[i].…` checked the array's uniqueness again).
        let shapes = MetricCatalog.shapes, sampledPosition = ReplicationFigures.sampledPosition
        let fractionPosition = MetricCatalog.fractionPosition
        metrics.withUnsafeMutableBufferPointer { metrics in
            // The replication's statistics read in place, four to a sampled metric (no slice made
            // and released for each).
            figures.sampleFigures.withUnsafeBufferPointer { statistics in
                for (i, shape) in shapes.enumerated() {
                    switch shape {
                    case .sampled:
                        let k = sampledPosition[i]
                        metrics[i].pooled.merge(replication: figures.sampleHistograms[k])
                        metrics[i].moments.merge(figures.sampleMoments[k])
                        metrics[i].clusters.add(figures.sampleMoments[k])
                        // Each statistic's moments reached in place: one uniqueness check for the four.
                        metrics[i].replicationStatistics.withUnsafeMutableBufferPointer { moments in
                            for (j, place) in ReplicationFigures.statisticsPlace(of: i).enumerated() {
                                let x = statistics[place]
                                if !x.isNaN { moments[j].add(x) }
                            }
                        }
                        metrics[i].bootstrap?.add(figures.bootstrapBuckets[k], weights: figures.bootstrapWeights)
                    case .perReplication:
                        let k = fractionPosition[i]
                        if k >= 0, let c = figures.fractionCounts[k] { metrics[i].clusters.add(events: c.events, trials: c.trials) }
                        let x = figures.values[i]
                        if x.isNaN { continue }
                        metrics[i].pooled.record(x)
                        metrics[i].moments.add(x)
                        // Any other per-replication metric: its value as a cluster of one, for the skewness.
                        if k < 0 { metrics[i].clusters.add(value: x) }
                    }
                }
            }
        }
        if requestsPerMinute.count < figures.requestsPerMinute.count {
            requestsPerMinute += Array(repeating: 0, count: figures.requestsPerMinute.count - requestsPerMinute.count)
        }
        // A replication's minutes (1,440 a simulated day) are added through the buffers with wrapping
        // adds, which the compiler vectorises (64-bit sums of 32-bit counts cannot overflow).
        figures.requestsPerMinute.withUnsafeBufferPointer { requests in
            requestsPerMinute.withUnsafeMutableBufferPointer { sums in
                for m in requests.indices { sums[m] &+= Int64(requests[m]) }
            }
        }
        if let bins = figures.series {
            if series == nil { series = SeriesAccumulator(shapedAs: bins) }
            series!.add(bins, values: figures.values)
        }
    }

    /// Keeps only what the point's values reached, once its replications of a run (or of a
    /// batch) are all in: each metric's pooled histogram lets its window go (`PooledHistogram.settle`).
    /// The values, and everything written from them, are unchanged.
    public mutating func settle() {
        for i in metrics.indices { metrics[i].pooled.settle() }
    }

    /// Adds another partial state of the same point (another shard).
    public mutating func merge(_ other: PointAccumulator) {
        replications += other.replications
        failedReplications += other.failedReplications
        events += other.events
        for i in metrics.indices { metrics[i].merge(other.metrics[i]) }
        if requestsPerMinute.count < other.requestsPerMinute.count {
            requestsPerMinute += Array(repeating: 0, count: other.requestsPerMinute.count - requestsPerMinute.count)
        }
        for m in other.requestsPerMinute.indices { requestsPerMinute[m] += other.requestsPerMinute[m] }
        if let theirs = other.series {
            if series == nil { series = theirs } else { series!.merge(theirs) }
        }
    }

    /// Peak minute over mean minute of the summed per-minute requests, counting
    /// minutes from `warmupMinutes` on; NaN when there are none or no requests.
    public func peakToMean(warmupMinutes: Int) -> Double {
        guard warmupMinutes < requestsPerMinute.count else { return .nan }
        let minutes = requestsPerMinute[warmupMinutes...]
        let total = minutes.reduce(0, +)
        guard total > 0 else { return .nan }
        return Double(minutes.max()!) * Double(minutes.count) / Double(total)
    }
}
