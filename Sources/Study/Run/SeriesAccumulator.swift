// A point's time series (docs/output.md#seriescsv): per metric and bin, the exact sums over
// replications that its estimate needs. Added in any order and merged across shards to the
// same integers, so series.csv is the same bytes for any --jobs and any split.
import Statistics
import Surfaces
import SurfaceCore

/// One bin of a counted metric over replications: their number, and the exact sums of their
/// counts and of the counts' squares (integers: any split merges to the same sums).
public struct CountSums: Sendable, Equatable {
    public private(set) var replications = 0
    public private(set) var sum: Int128 = 0, sumOfSquares: Int128 = 0

    public init() {}

    /// Adds one replication's count.
    mutating func add(_ c: Int) {
        replications += 1
        sum += Int128(c)
        sumOfSquares += Int128(c) * Int128(c)
    }

    /// Adds another part's replications.
    mutating func merge(_ other: CountSums) {
        replications += other.replications
        sum += other.sum
        sumOfSquares += other.sumOfSquares
    }

    /// The mean count per replication.
    var mean: Double { Double(sum) / Double(replications) }

    /// The counts' sample standard deviation (divisor n − 1; NaN with fewer than two), from the
    /// exact centred sum n·Σc² − (Σc)².
    var sd: Double {
        guard replications > 1 else { return .nan }
        let n = Int128(replications)
        let (a, o1) = n.multipliedReportingOverflow(by: sumOfSquares)
        let (b, o2) = sum.multipliedReportingOverflow(by: sum)
        let centred = o1 || o2 ? Double(n) * Double(sumOfSquares) - Double(sum) * Double(sum) : Double(a - b)
        return SampleDeviation.standardDeviation(sumOfSquaredDeviations: max(0, centred) / Double(n), count: replications)
    }

    /// `n:Σc:Σc²`.
    func encode() -> String { "\(replications):\(sum):\(sumOfSquares)" }

    /// Reads `encode()`'s text; nil if malformed.
    static func decode(_ text: String) -> CountSums? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let n = Int(parts[0]), n >= 0, let s = Int128(parts[1]), let q = Int128(parts[2]), s >= 0, q >= 0 else { return nil }
        var c = CountSums()
        (c.replications, c.sum, c.sumOfSquares) = (n, s, q)
        return c
    }
}

/// The bins of one point's series, summed over its replications.
///
/// A sampled metric keeps per bin the replications as clusters (`ClusterSums`: each
/// replication's sum and number of samples in the bin), for the pooled mean of the bin with the
/// ratio estimator's interval; a counted metric keeps per bin the exact sums (`CountSums`) of the
/// replications' counts in it, for their mean with Student's t interval.
public struct SeriesAccumulator: Sendable, Equatable {
    /// The bin length, in microseconds.
    public let every: Int64
    /// The point's warm-up and duration, in microseconds: a bin that ends by the warm-up's end
    /// has no values.
    public let warmup: Int64, duration: Int64
    /// The metrics, by slot of `MetricCatalog.specs`, in the request's order.
    public let metrics: [Int]
    /// Sampled metrics: per bin, the replications as clusters (empty for a counted metric).
    public private(set) var clusters: [[ClusterSums]]
    /// Counted metrics: per bin, the sums of the replications' counts (empty for a sampled one).
    public private(set) var counts: [[CountSums]]

    /// Empty bins shaped as `replication`'s.
    public init(shapedAs replication: SeriesBins) {
        self.init(every: replication.every, warmup: replication.warmup, duration: replication.duration, metrics: replication.metrics)
    }

    /// Empty bins for `every`, `metrics`, over a replication of `duration` with `warmup`.
    public init(every: Int64, warmup: Int64, duration: Int64, metrics: [Int]) {
        (self.every, self.warmup, self.duration, self.metrics) = (every, warmup, duration, metrics)
        let bins = SeriesRequest.bins(every: every, duration: duration)
        clusters = metrics.map { SeriesRequest.kind(ofSlot: $0) == .sampled ? Array(repeating: ClusterSums(), count: bins) : [] }
        counts = metrics.map { SeriesRequest.kind(ofSlot: $0) == .counted ? Array(repeating: CountSums(), count: bins) : [] }
    }

    /// The number of bins.
    public var bins: Int { SeriesRequest.bins(every: every, duration: duration) }

    /// Whether bin `b` ends by the warm-up's end (it is written with empty values).
    public func isWarmup(_ b: Int) -> Bool { (Int64(b) + 1) * every <= warmup }

    /// Adds one replication's bins; `values` are its per-replication values (a counted metric
    /// with no value there, its surface off, adds nothing).
    public mutating func add(_ replication: SeriesBins, values: [Double]) {
        precondition(replication.metrics == metrics && replication.every == every && replication.duration == duration,
                     "a replication of another series")
        for k in metrics.indices {
            if !clusters[k].isEmpty {
                for b in clusters[k].indices {
                    let sum = replication.sums[k][b]
                    clusters[k][b].add(sumInMilli: Int128((sum * 1000).rounded()), count: Int128(replication.counts[k][b]))
                }
            } else {
                guard !values[metrics[k]].isNaN else { continue }
                for b in counts[k].indices { counts[k][b].add(replication.counts[k][b]) }
            }
        }
    }

    /// Adds another part of the same point's replications (another shard).
    public mutating func merge(_ other: SeriesAccumulator) {
        precondition(other.metrics == metrics && other.every == every && other.duration == duration, "a part of another series")
        for k in metrics.indices {
            for b in clusters[k].indices { clusters[k][b].merge(other.clusters[k][b]) }
            for b in counts[k].indices { counts[k][b].merge(other.counts[k][b]) }
        }
    }

    /// The estimate of metric `k` (its place in `metrics`) in bin `b`: nil for a bin of the
    /// warm-up or one without samples. A sampled metric's is the pooled mean of the bin's
    /// samples over all replications (ratio estimator, replications as clusters); a counted
    /// metric's the mean of the replications' counts (Student's t; all zero: 0 with the
    /// one-sided upper bound of a Poisson mean). Clamped at 0: every such value is non-negative.
    public func estimate(metric k: Int, bin b: Int) -> Estimate? {
        guard !isWarmup(b) else { return nil }
        var e: Estimate
        if !clusters[k].isEmpty {
            let c = clusters[k][b]
            guard c.sumN > 0 else { return nil }
            e = c.estimate(ratio: Double(c.sumY) / 1000 / Double(c.sumN))
        } else {
            let m = counts[k][b]
            guard m.replications > 0 else { return nil }
            e = m.sum == 0 ? ReplicationMean.zeroCountUpperBound(replications: m.replications)
                : ReplicationMean.estimate(mean: m.mean, sd: m.sd, count: m.replications)
        }
        e.low = max(e.low, 0)
        return e
    }

    // MARK: State (shards and checkpoints)

    /// The series as a JSON value: exact, for state.json.
    func json() -> JSONValue {
        JSONBuild.object([
            ("every", .string(String(every))), ("warmup", .string(String(warmup))), ("duration", .string(String(duration))),
            ("metrics", JSONBuild.array(metrics.map { .string(MetricCatalog.specs[$0].name) })),
            ("bins", JSONBuild.array(metrics.indices.map { k in
                .string(clusters[k].isEmpty ? counts[k].map { $0.encode() }.joined(separator: ";")
                        : clusters[k].map { $0.encode() }.joined(separator: ";"))
            })),
        ])
    }

    /// Reads `json()`'s value; nil if malformed.
    static func decode(_ node: JSONNode) -> SeriesAccumulator? {
        guard let every = JSONBuild.string(node, "every").flatMap({ Int64($0) }), every > 0,
              let warmup = JSONBuild.string(node, "warmup").flatMap({ Int64($0) }),
              let duration = JSONBuild.string(node, "duration").flatMap({ Int64($0) }), duration > 0,
              let names = JSONBuild.array(node, "metrics"), let binNodes = JSONBuild.array(node, "bins"),
              names.count == binNodes.count else { return nil }
        var metrics: [Int] = []
        for n in names {
            guard case .string(let name) = n.value, let slot = MetricCatalog.specs.firstIndex(where: { $0.name == name }),
                  SeriesRequest.kind(ofSlot: slot) != nil else { return nil }
            metrics.append(slot)
        }
        var series = SeriesAccumulator(every: every, warmup: warmup, duration: duration, metrics: metrics)
        for (k, n) in binNodes.enumerated() {
            guard case .string(let text) = n.value else { return nil }
            let parts = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == series.bins else { return nil }
            if !series.clusters[k].isEmpty {
                let decoded = parts.map(ClusterSums.decode)
                guard !decoded.contains(nil) else { return nil }
                series.clusters[k] = decoded.map { $0! }
            } else {
                let decoded = parts.map(CountSums.decode)
                guard !decoded.contains(nil) else { return nil }
                series.counts[k] = decoded.map { $0! }
            }
        }
        return series
    }
}
