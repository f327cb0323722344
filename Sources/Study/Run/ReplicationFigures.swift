// What one replication contributes to the study: its per-replication figures
// (runs.csv), its checked samples and values (summary.csv, distributions.csv).
import Statistics
import Surfaces
import SurfaceCore

/// One replication's results, checked and reduced on a worker thread.
///
/// A sample or value that is negative or not finite is a model error: it is
/// left out and reported as a violation, so the run fails (exit status 1)
/// instead of silently skewing a figure.
public struct ReplicationFigures: Sendable {
    /// The statistics runs.csv gives for each sampled metric, in column order.
    public static let sampledStatistics: [(suffix: String, quantile: Double?)] =
        [("mean", nil), ("p50", 0.5), ("p90", 0.9), ("p99", 0.99)]

    /// For each slot of `MetricCatalog.specs`, its position among the sampled metrics
    /// (in slot order), −1 for a per-replication metric: where `sampleHistograms`,
    /// `sampleMoments` and `bootstrapBuckets` keep it.
    public static let sampledPosition: [Int] = {
        var next = 0
        return MetricCatalog.shapes.map { shape in
            guard shape == .sampled else { return -1 }
            defer { next += 1 }
            return next
        }
    }()
    /// The number of sampled metrics.
    static let sampledCount = sampledPosition.filter { $0 >= 0 }.count

    /// The replication's seed.
    public var seed: UInt64
    /// Value of each per-replication metric (NaN: not applicable).
    public var values: [Double]
    /// For each sampled metric, its mean, p50, p90, p99 over this replication (NaN if no
    /// samples), four to a metric at `4 · sampledPosition` (one array, not one per metric).
    public var sampleFigures: [Double]
    /// For each sampled metric, at its `sampledPosition`, its samples folded on the worker into
    /// a histogram and exact moments, so that the thread consuming results in order only merges
    /// (both merge exactly). Only the sampled metrics have a place: no empty histogram is made,
    /// copied and freed per replication for each per-replication metric.
    public var sampleHistograms: [LogHistogram]
    public var sampleMoments: [ExactMoments]
    /// For each sampled metric, at its `sampledPosition`: if bootstrapped
    /// (`QuantileBootstrap.metrics`), its samples' coarse buckets (empty for the others).
    public var bootstrapBuckets: [[(bucket: Int, count: Int)]]
    /// This replication's weight in each bootstrap replicate, drawn from its own seed.
    public var bootstrapWeights: [UInt8]
    /// For each counted fraction, at its `MetricCatalog.fractionPosition`: the events and trials
    /// behind its value (nil: not counted, or counts that are not 0 ≤ events ≤ trials, a model
    /// error reported as a violation).
    public var fractionCounts: [FractionCount?]
    /// Backend requests per minute.
    public var requestsPerMinute: [Int32]
    /// Events simulated.
    public var events: Int
    /// The bins of the time series the study asked for (nil: none).
    public var series: SeriesBins?
    /// Invariant violations and invalid metric values.
    public var violations: [String]

    /// Checks and reduces a replication's result (its samples are taken out of it and sorted
    /// where they are, not copied).
    public init(_ result: consuming ReplicationResult, seed: UInt64) {
        self.seed = seed
        var violations = result.violations
        values = Array(filledWith: .nan, count: MetricCatalog.specs.count)
        sampleFigures = []
        sampleFigures.reserveCapacity(Self.sampledCount * Self.sampledStatistics.count)
        // The sampled metrics' places are appended in slot order, which is their order
        // (`sampledPosition` counts them in slot order), each once.
        sampleHistograms = []
        sampleMoments = []
        bootstrapBuckets = []
        sampleHistograms.reserveCapacity(Self.sampledCount)
        sampleMoments.reserveCapacity(Self.sampledCount)
        bootstrapBuckets.reserveCapacity(Self.sampledCount)
        bootstrapWeights = PoissonWeights.draw(seed: seed, count: QuantileBootstrap.replicates)
        for (i, shape) in MetricCatalog.shapes.enumerated() {
            switch shape {
            case .sampled:
                var valid: [Double] = []
                if i < result.samples.count { swap(&valid, &result.samples[i]) }
                assert(sampleHistograms.count == Self.sampledPosition[i], "sampled metrics are placed in slot order")
                if valid.isEmpty {
                    // No samples (a surface switched off): the NaN statistics, an empty histogram and moments.
                    for _ in 0..<Self.noStatistics.count { sampleFigures.append(.nan) }
                    sampleHistograms.append(LogHistogram())
                    sampleMoments.append(ExactMoments())
                    bootstrapBuckets.append([])
                    continue
                }
                // The mean sums in the order sampled; the quantiles and the histogram read them sorted.
                // One pass sums and checks; a sample that is negative or not finite (a model error)
                // stops it, and the valid samples are summed again without the invalid ones.
                var (total, moments) = Self.sumAndMoments(valid)
                if moments.count < valid.count {
                    let sampled = valid.count
                    valid = valid.filter { $0.isFinite && $0 >= 0 }
                    violations.append("\(MetricCatalog.specs[i].name): \(sampled - valid.count) negative or non-finite samples")
                    (total, moments) = Self.sumAndMoments(valid)
                }
                sampleMoments.append(moments)
                Self.sortSamples(&valid)
                Self.appendStatistics(sorted: valid, total: total, to: &sampleFigures)
                // The histogram's exact sum is the moments' (each value rounded once to 1e-9 and
                // added as an integer), unless a value was so large that the moments clamped it.
                let histogram = valid[valid.count - 1] <= Self.largestUnclampedSample
                    ? LogHistogram(sorted: valid, sum: FixedPointSum(nanounits: moments.sum))
                    : LogHistogram(sorted: valid)
                bootstrapBuckets.append(QuantileBootstrap.isBootstrapped[i] ? QuantileBootstrap.buckets(of: histogram) : [])
                sampleHistograms.append(histogram)
            case .perReplication:
                let value = i < result.values.count ? result.values[i] : .nan
                if value.isNaN { continue }
                if value.isFinite && value >= 0 {
                    values[i] = value
                } else {
                    violations.append("\(MetricCatalog.specs[i].name): invalid value \(value)")
                }
            }
        }
        fractionCounts = result.fractionCounts
        for (i, k) in MetricCatalog.fractionPosition.enumerated() where k >= 0 {
            guard let c = fractionCounts[k] else { continue }
            if c.events < 0 || c.events > c.trials {
                violations.append("\(MetricCatalog.specs[i].name): \(c.events) events of \(c.trials) trials")
                (fractionCounts[k], values[i]) = (nil, .nan)
            } else if c.trials > 0 && values[i].isNaN {
                fractionCounts[k] = nil       // its value was invalid (reported above)
            }
        }
        requestsPerMinute = result.requestsPerMinute
        events = result.events
        series = result.series
        self.violations = violations
    }

    /// The largest sample whose `ExactMoments` term is its exact rounding: the moments clamp
    /// terms above `ExactMoments.largestTerm` units of `1 / ExactMoments.scale`.
    static let largestUnclampedSample = ExactMoments.largestTerm / ExactMoments.scale

    /// The sum of `samples` in their order and their exact moments, as far as the first one that
    /// is negative or not finite (`moments.count` then falls short of the number of samples).
    static func sumAndMoments(_ samples: [Double]) -> (total: Double, moments: ExactMoments) {
        var total = 0.0
        var moments = ExactMoments()
        samples.withUnsafeBufferPointer { samples in
            for x in samples {
                // Finite and non-negative: below +∞'s bits with the sign clear (NaN's, −x's and
                // +∞'s are not), or −0, valid as ever: one comparison for a valid sample.
                let bits = x.bitPattern
                guard bits < Double.infinity.bitPattern || bits == (-0.0).bitPattern else { break }
                total += x
                moments.add(nonNegativeFinite: x)
            }
        }
        return (total, moments)
    }

    /// Sorts valid samples (finite, non-negative) in ascending order. The ones that are exactly
    /// zero (a surface glanced at while current: most samples of a staleness) are moved to the
    /// front without comparing them, and only the rest is sorted (`SampleSort`). A negative
    /// zero (valid, and equal to zero, but written `-0.0` in a shard's state) sorts as it always
    /// did: the whole list, ties in their order.
    static func sortSamples(_ samples: inout [Double]) {
        samples.withUnsafeMutableBufferPointer { b in
            var negativeZeros = 0      // counted without a branch: almost every list has none
            for x in b { negativeZeros &+= x.bitPattern == (-0.0).bitPattern ? 1 : 0 }
            if negativeZeros > 0 { return b.sort() }
            // From the back, each value is written to the next free place from the end (never
            // before its own place: the values after it fill at most the places after it), which
            // a non-zero one then keeps: the place moves by 0 or 1 from the value's bits, not by
            // a branch (zeros and others come in no order). A non-negative double is zero
            // exactly when its bits are, and 0 − bits has its top bit set exactly when they are not.
            var next = b.count
            for i in b.indices.reversed() {
                let x = b[i]
                b[next - 1] = x
                next -= Int(truncatingIfNeeded: (0 &- x.bitPattern) >> 63)
            }
            for i in 0..<next { b[i] = 0 }
            // Positive finite values only: equal ones cannot be told apart, so an unstable
            // sort in place (no scratch buffer) gives the same list as any other.
            SampleSort.sort(UnsafeMutableBufferPointer(rebasing: b[next...]))
        }
    }

    /// The statistics of no samples: all NaN (one shared array).
    static let noStatistics: [Double] = sampledStatistics.map { _ in .nan }

    /// The mean, p50, p90 and p99 of sampled metric `slot` (of `MetricCatalog.specs`) in this
    /// replication; empty for a per-replication metric.
    public func statistics(at slot: Int) -> ArraySlice<Double> {
        sampleFigures[Self.statisticsPlace(of: slot)]
    }

    /// Where sampled metric `slot`'s statistics are in `sampleFigures`, four to a metric at
    /// its `sampledPosition` (empty for a per-replication metric): what `statistics(at:)`
    /// slices, and what runs.csv's row and the point's accumulator read in place.
    @inline(__always)
    static func statisticsPlace(of slot: Int) -> Range<Int> {
        let k = sampledPosition[slot]
        guard k >= 0 else { return 0..<0 }
        let n = sampledStatistics.count
        return (k * n)..<((k + 1) * n)
    }

    /// Mean (`total` summed in sample order) and type-7 quantiles of sorted samples.
    static func statistics(sorted: [Double], total: Double) -> [Double] {
        var figures: [Double] = []
        appendStatistics(sorted: sorted, total: total, to: &figures)
        return figures
    }

    /// Appends `statistics(sorted:total:)` to `figures`.
    static func appendStatistics(sorted: [Double], total: Double, to figures: inout [Double]) {
        guard !sorted.isEmpty else { return figures.append(contentsOf: noStatistics) }
        for stat in sampledStatistics {
            figures.append(stat.quantile.map { SampleQuantile.type7(sorted, $0) } ?? total / Double(sorted.count))
        }
    }
}
