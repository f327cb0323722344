// A Poisson bootstrap over replications of a sampled metric's pooled quantiles
// (the p50 and p90 that summary.csv reports and the sweep charts draw), kept in
// bounded memory and merged exactly: each bootstrap replicate is a histogram
// of every sample of the point, each replication's samples counted as many
// times as that replication's weight for the replicate (`PoissonWeights`).
import Statistics
import Surfaces
import SurfaceCore

/// Weighted histograms of one metric at one point, one per bootstrap replicate.
///
/// The histograms are coarser than `LogHistogram` (16 sub-buckets per power of
/// two, a bucket at most 1/16 of its lower bound wide) and hold a column only for
/// each bucket the point's samples reach, so adding a replication costs one
/// addition per (replicate, bucket the replication reaches). Row 0 counts every
/// sample once (the point's own coarse histogram); rows 1…`replicates` are the
/// bootstrap replicates. Everything is an integer, so shards and checkpoints
/// merge in any order to equal values.
public struct QuantileBootstrap: Sendable, Equatable {
    /// Bootstrap replicates per (point, metric).
    public static let replicates = 100
    /// The metrics bootstrapped: those the sweep charts draw quantiles of.
    public static let metrics: [Metric] = [.widgetStaleness, .appStaleness, .watchStaleness, .liveStaleness, .carStaleness]
    /// Whether each metric, by its slot in `MetricCatalog.specs`, is bootstrapped (an added
    /// surface's metrics are not: no chart draws their quantiles).
    static let isBootstrapped: [Bool] = MetricCatalog.specs.indices.map { slot in
        Metric(rawValue: slot).map(metrics.contains) ?? false
    }
    /// Linear sub-buckets per power of two.
    static let subBuckets = 16
    /// Samples below this share bucket 0 (as in `LogHistogram`).
    static let lowestTrackable = 1e-6
    /// The power of two of bucket 1's lower bound.
    static let lowestExponent = lowestTrackable.exponent

    /// The bucket of the first column.
    private(set) var offset = 0
    /// Columns per row: the buckets from `offset` to the highest one reached (in blocks of 16,
    /// `cover`). The encoding writes every one of them; only those a sample reached are kept.
    private(set) var width = 0
    /// The buckets some sample reached, ascending: the columns kept. A point's samples reach a
    /// few of the hundreds of buckets between its smallest and largest (a staleness of 0 and
    /// one of hours), so the columns between cost nothing: a sweep of many points with few
    /// replications each keeps a few kilobytes per point rather than the whole span.
    private(set) var keptBuckets: [Int] = []
    /// Row r of kept column k at `storedAt[k] * rowCount + r`: weighted count of bucket
    /// `keptBuckets[k]` in replicate r (row 0 unweighted).
    ///
    /// Stored column by column (all replicates of one bucket side by side): a replication
    /// adds to the few buckets its samples reach, each in every replicate, so it writes a
    /// few runs of adjacent cells rather than one scattered cell per row. Columns are stored
    /// in the order their buckets were first reached (`storedAt`), so a new one is appended:
    /// kept in the buckets' order, each new column moved every column above it.
    private(set) var counts: [Int] = []
    /// Where kept column k is stored in `counts`, in columns (`keptBuckets`' order).
    private var storedAt: [Int] = []
    /// Replications that contributed at least one sample.
    private(set) var replications = 0
    /// The first replications as they were added (their buckets and weights), not yet in the
    /// columns: a point of a sweep with few replications keeps about a kilobyte for each
    /// instead of 101 counts for every bucket it reached. Counted into the columns when the
    /// `pendingLimit`-th would be added, and in any copy that is read (`settled`).
    private var pending: [(reached: [(bucket: Int, count: Int)], weights: [UInt8])] = []
    /// The most replications kept as added: below this, they take less room than their columns.
    static let pendingLimit = 8

    /// An empty bootstrap.
    public init() {}

    /// From decoded parts (see `QuantileBootstrap+Encoding.swift`).
    init(offset: Int, rows: [[Int]], replications: Int) {
        (self.offset, self.width, self.replications) = (offset, rows.first?.count ?? 0, replications)
        for c in 0..<width where rows.contains(where: { $0[c] != 0 }) {
            storedAt.append(keptBuckets.count)
            keptBuckets.append(offset + c)
            for row in rows { counts.append(row[c]) }
        }
    }

    /// Rows: row 0 and the replicates.
    static let rowCount = replicates + 1

    /// Row `r` as an array over all `width` columns (encoding, tests).
    func row(_ r: Int) -> [Int] {
        guard pending.isEmpty else { return settled.row(r) }
        var cells = Array(repeating: 0, count: width)
        for (k, b) in keptBuckets.enumerated() { cells[b - offset] = cell(k, r) }
        return cells
    }

    /// Row `r` of kept column `k` (settled: no replication pending).
    @inline(__always) func cell(_ k: Int, _ r: Int) -> Int { counts[storedAt[k] * Self.rowCount + r] }

    /// The index in `keptBuckets` of bucket `b`'s column, the column added (all zeros, stored
    /// after the others) if no sample reached `b` before; `from` is a kept column's index at or
    /// below `b`'s.
    private mutating func column(of b: Int, from: Int) -> Int {
        var k = from
        while k < keptBuckets.count && keptBuckets[k] < b { k += 1 }
        if k == keptBuckets.count || keptBuckets[k] != b {
            keptBuckets.insert(b, at: k)
            storedAt.insert(counts.count / Self.rowCount, at: k)
            counts.append(contentsOf: repeatElement(0, count: Self.rowCount))
        }
        return k
    }

    /// The index of the first kept column at or above bucket `b` (binary search).
    private func firstColumn(atOrAbove b: Int) -> Int {
        var (low, high) = (0, keptBuckets.count)
        while low < high {
            let mid = (low + high) / 2
            if keptBuckets[mid] < b { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The coarse bucket of a finite, non-negative value:
    /// `1 + (exponent − lowestExponent)·16 + ⌊(significand − 1)·16⌋` from `lowestTrackable` up.
    ///
    /// Read from the bit pattern, as `LogHistogram.index(of:)` does: a value from
    /// `lowestTrackable` up is a normal double, whose bits from 48 up are
    /// `(exponent + 1023)·16 + ⌊(significand − 1)·16⌋` (the top 4 bits of the fraction).
    static func bucket(of value: Double) -> Int {
        guard value >= lowestTrackable else { return 0 }
        return 1 + Int(truncatingIfNeeded: value.bitPattern >> 48) - (1023 + Int(lowestExponent)) * subBuckets
    }

    /// The midpoint of a coarse bucket (0 for bucket 0).
    static func midpoint(of bucket: Int) -> Double {
        guard bucket > 0 else { return 0 }
        let (octave, sub) = (bucket - 1).quotientAndRemainder(dividingBy: subBuckets)
        let base = Double(sign: .plus, exponent: Int(lowestExponent) + octave, significand: 1)
        return base * (1 + (Double(sub) + 0.5) / Double(subBuckets))
    }

    /// The values `histogram` holds as (coarse bucket, count) pairs in ascending bucket order
    /// (each value in its `bucket(of:)`), read from the histogram's buckets rather than from
    /// the values: a coarse bucket is 8 of the histogram's (16 sub-buckets per power of two
    /// against 128, from the same `lowestTrackable`), so coarse bucket `1 + (i >> 3)` holds
    /// histogram bucket `i`, and coarse bucket 0 its values below `lowestTrackable`.
    static func buckets(of histogram: LogHistogram) -> [(bucket: Int, count: Int)] {
        var pairs: [(bucket: Int, count: Int)] = []
        pairs.reserveCapacity(Swift.min(histogram.bucketIndices.count + 1, 64))
        if histogram.zeroCount > 0 { pairs.append((0, histogram.zeroCount)) }
        for (index, count) in zip(histogram.bucketIndices, histogram.bucketCounts) {
            let b = 1 + Int(index) >> Self.histogramBucketsPerBucketBits
            if let last = pairs.last, last.bucket == b { pairs[pairs.count - 1].count += count } else { pairs.append((b, count)) }
        }
        return pairs
    }

    /// log₂ of the histogram's buckets per coarse bucket: 128 / 16 sub-buckets per power of two.
    static let histogramBucketsPerBucketBits = LogHistogram.subBucketBits - subBuckets.trailingZeroBitCount

    /// Adds one replication: its samples' buckets, each counted `weights[r − 1]` times in replicate r.
    /// - Precondition: `weights.count == replicates`; `reached` ascending.
    /// - Complexity: O(replicates × buckets), plus O(replicates × kept columns) when a bucket
    ///   is reached for the first time.
    public mutating func add(_ reached: [(bucket: Int, count: Int)], weights: [UInt8]) {
        guard let first = reached.first, let last = reached.last else { return }
        precondition(weights.count == Self.replicates, "one weight per bootstrap replicate")
        replications += 1
        cover(first.bucket, last.bucket)
        if counts.isEmpty && pending.count < Self.pendingLimit {
            pending.append((reached, weights))
            return
        }
        settle()
        count(reached, weights: weights)
    }

    /// Adds one replication of a single value in `bucket` (a per-replication metric's value),
    /// as `add([(bucket, 1)], weights:)` does.
    public mutating func add(one bucket: Int, weights: [UInt8]) {
        add([(bucket, 1)], weights: weights)
    }

    /// Counts one replication's buckets into the columns.
    private mutating func count(_ reached: [(bucket: Int, count: Int)], weights: [UInt8]) {
        guard let first = reached.first else { return }
        var k = firstColumn(atOrAbove: first.bucket)
        for (b, count) in reached {
            k = column(of: b, from: k)
            let start = storedAt[k] * Self.rowCount
            counts.withUnsafeMutableBufferPointer { cells in
                weights.withUnsafeBufferPointer { w in
                    let column = cells.baseAddress! + start
                    column[0] += count
                    // Wrapping arithmetic, which the compiler vectorises: a cell counts at most
                    // 12 × the samples of a study, far below 2⁶³.
                    for r in 1...Self.replicates { column[r] &+= Int(w[r - 1]) &* count }
                }
            }
        }
    }

    /// Counts the pending replications into the columns.
    private mutating func settle() {
        guard !pending.isEmpty else { return }
        let replications = pending
        pending = []
        for (reached, weights) in replications { count(reached, weights: weights) }
    }

    /// The bytes its counts and pending replications take (not the arrays' headers): what a
    /// point pays for its bootstrap.
    var heldBytes: Int {
        let cell = MemoryLayout<Int>.stride
        return (keptBuckets.count + storedAt.count + counts.count) * cell
            + pending.reduce(0) { $0 + $1.reached.count * MemoryLayout<(bucket: Int, count: Int)>.stride + $1.weights.count }
    }

    /// The same bootstrap with every replication in the columns (what is read and encoded).
    var settled: QuantileBootstrap {
        var copy = self
        copy.settle()
        return copy
    }

    /// Adds `other`'s counts (another shard, or a checkpoint's part).
    public mutating func merge(_ other: QuantileBootstrap) {
        guard other.width > 0 else { return }
        settle()
        let other = other.settled
        replications += other.replications
        cover(other.offset, other.offset + other.width - 1)
        var k = 0
        for (j, b) in other.keptBuckets.enumerated() {
            k = column(of: b, from: k)
            let start = storedAt[k] * Self.rowCount
            for r in 0..<Self.rowCount { counts[start + r] += other.cell(j, r) }
        }
    }

    /// Equal when they hold the same counts, however the replications were added.
    public static func == (a: QuantileBootstrap, b: QuantileBootstrap) -> Bool {
        let (x, y) = (a.settled, b.settled)
        return (x.offset, x.width, x.replications) == (y.offset, y.width, y.replications)
            && x.keptBuckets == y.keptBuckets
            && x.keptBuckets.indices.allSatisfy { k in (0..<rowCount).allSatisfy { x.cell(k, $0) == y.cell(k, $0) } }
    }

    /// Widens the columns to cover buckets `low...high`, in blocks of 16 buckets from a
    /// multiple of 16 (an octave's width; bucket 0 holds the zeros, so the blocks are not the
    /// octaves themselves). The columns are then a function of the lowest and highest bucket
    /// reached, whatever the order the replications came in (shards merge to equal values).
    /// Only the range changes: no column is kept for a bucket no sample reached.
    private mutating func cover(_ low: Int, _ high: Int) {
        let octave = Self.subBuckets
        let newLow = (width == 0 ? low : Swift.min(low, offset)) / octave * octave
        let newHigh = ((width == 0 ? high : Swift.max(high, offset + width - 1)) / octave + 1) * octave - 1
        (offset, width) = (newLow, newHigh - newLow + 1)
    }

    /// Quantile `q` of row `r` by the rule `LogHistogram.quantile` uses: the
    /// midpoint of the bucket holding the ⌈q·n⌉-th value; NaN when the row is empty.
    func quantile(_ q: Double, row r: Int) -> Double {
        guard pending.isEmpty else { return settled.quantile(q, row: r) }
        guard width > 0 else { return .nan }
        var total = 0
        for k in keptBuckets.indices { total += cell(k, r) }
        guard total > 0 else { return .nan }
        let rank = SampleQuantile.nearestRank(q, count: total)
        var cumulative = 0
        for (k, b) in keptBuckets.enumerated() {
            cumulative += cell(k, r)
            if cumulative >= rank { return Self.midpoint(of: b) }
        }
        return Self.midpoint(of: offset + width - 1)
    }

    /// A 95 % confidence interval for the pooled quantile `q`, whose value from
    /// the point's full-resolution histogram is `estimate`.
    ///
    /// The percentile interval of the replicates' quantiles (the Statistics module's
    /// `BootstrapPercentile`: type 7, 2.5 % and 97.5 %), moved by `estimate` − the coarse
    /// quantile of row 0 so that the coarser buckets shift neither end, and clamped at 0.
    /// Both ends NaN with fewer than two contributing replications (nothing to resample).
    public func interval(_ q: Double, estimate: Double) -> (low: Double, high: Double) {
        guard replications >= 2, estimate.isFinite else { return (.nan, .nan) }
        guard pending.isEmpty else { return settled.interval(q, estimate: estimate) }
        let centre = quantile(q, row: 0)
        let values = (1...Self.replicates).map { quantile(q, row: $0) }.filter(\.isFinite).sorted()
        guard let (low, high) = BootstrapPercentile.interval(sorted: values, movedBy: estimate - centre) else { return (.nan, .nan) }
        return (Swift.max(0, low), Swift.max(0, high))
    }
}
