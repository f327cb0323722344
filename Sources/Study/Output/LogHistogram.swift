// Mergeable distributions with bounded relative error (docs/output.md): memory does
// not grow with the number of runs, and shards merge exactly.

import SimKernel
import Statistics

/// An HdrHistogram-style log-linear histogram of non-negative values.
///
/// Each power of two from 2⁻²⁰ (just below 1e-6) upward is split into 128
/// equal sub-buckets, so a bucket is at most 1/128 of its lower bound wide and
/// its midpoint is within 1/256 of any value in it. Values below 1e-6
/// (including 0) share one exact zero bucket. Only nonempty buckets are
/// stored, sorted by index: seconds from 1 µs to a year use at most
/// 45 × 128 = 5760 buckets whatever the number of values.
///
/// Everything that determines the output is an integer or an exact extreme:
/// counts, the sum (fixed point, see `FixedPointSum`), min and max. So
/// merging shards in any order gives an equal histogram and equal `encode()`.
public struct LogHistogram: Sendable, Equatable {
    /// Linear sub-buckets per power of two (2⁷).
    public static let subBucketCount = 128
    /// The largest relative width of a bucket: 1/128.
    public static let relativeError = 1.0 / 128
    /// The smallest value with its own bucket; smaller values count as zero.
    public static let lowestTrackable = 1e-6
    /// `lowestTrackable.exponent`: the power of two of bucket index 0.
    static let minimumExponent = -20
    /// log₂ of `subBucketCount`.
    static let subBucketBits = 7
    /// The largest bucket index (the top sub-bucket of `Double.greatestFiniteMagnitude`).
    static let maximumIndex = (1023 - minimumExponent + 1) * subBucketCount - 1

    /// One nonempty bucket.
    struct Bucket: Sendable, Equatable {
        /// Position in the log-linear scale (see `LogHistogram.index(of:)`).
        var index: Int
        /// Values recorded in it (at least 1).
        var count: Int
    }

    /// The indices of the nonempty buckets, ascending; 32 bits suffice (`maximumIndex` < 2³¹).
    /// Kept apart from the counts so that a search reads only the indices, half the memory.
    private(set) var bucketIndices: [Int32] = []
    /// The count of the bucket at the same position of `bucketIndices` (each at least 1).
    private(set) var bucketCounts: [Int] = []
    /// Values below `lowestTrackable`.
    private(set) var zeroCount = 0
    /// All values recorded.
    private(set) var totalCount = 0
    /// The exact sum of all values, in fixed point.
    private(set) var sum = FixedPointSum()
    /// The smallest value recorded (+∞ when empty).
    private(set) var minimumValue = Double.infinity
    /// The largest value recorded (−∞ when empty).
    private(set) var maximumValue = -Double.infinity

    /// An empty histogram.
    public init() {}

    /// A histogram from decoded parts (no validation beyond the caller's).
    init(buckets: [Bucket], zeroCount: Int, sum: FixedPointSum, minimum: Double, maximum: Double) {
        self.bucketIndices = buckets.map { Int32($0.index) }
        self.bucketCounts = buckets.map(\.count)
        self.zeroCount = zeroCount
        self.totalCount = buckets.reduce(zeroCount) { $0 + $1.count }
        self.sum = sum
        self.minimumValue = minimum
        self.maximumValue = maximum
    }

    /// A histogram of values sorted in ascending order: the same histogram as recording
    /// them one by one, built in one pass (bucket indices ascend with the values).
    /// - Precondition: `sorted` is ascending, finite and non-negative.
    public init(sorted values: [Double]) {
        var sum = FixedPointSum()
        for value in values {
            precondition(value >= 0 && value.isFinite, "LogHistogram records finite non-negative values, got \(value)")
            if value > 0 { sum.add(value) }
        }
        self.init(sorted: values, sum: sum)
    }

    /// `init(sorted:)` given the values' exact sum, as a replication's `ExactMoments` already
    /// holds it (each value rounded once to 1e-9 and added as an integer, as `FixedPointSum`
    /// adds), so that it is not summed twice: one pass that counts the buckets, and one that
    /// writes them into lists made at that size by `Array(filledWith:count:)` (the standard library's
    /// `Array(unsafeUninitializedCapacity:)` and `Array(repeating:count:)` look the storage's
    /// type up at run time, some 500 instructions a list).
    /// - Precondition: `sorted` is ascending, finite and non-negative; `sum` is their
    ///   `FixedPointSum`.
    init(sorted values: [Double], sum: FixedPointSum) {
        self.sum = sum
        totalCount = values.count
        guard let first = values.first, let last = values.last else { return }
        precondition(first >= 0 && last.isFinite, "LogHistogram records finite non-negative values")
        (minimumValue, maximumValue) = (first, last)
        // Sorted, the values below `lowestTrackable` (most are exactly zero) come first.
        let (zeros, buckets) = Self.countBuckets(sorted: values)
        zeroCount = zeros
        guard buckets > 0 else { return }
        var indices = [Int32](filledWith: 0, count: buckets)
        var counts = [Int](filledWith: 0, count: buckets)
        values.withUnsafeBufferPointer { v in
            indices.withUnsafeMutableBufferPointer { indices in
                counts.withUnsafeMutableBufferPointer { counts in
                    var k = 0
                    var lastIndex = Self.index(of: v[zeros])
                    indices[0] = Int32(truncatingIfNeeded: lastIndex)
                    counts[0] = 1
                    for i in zeros + 1 ..< v.count {
                        let index = Self.index(of: v[i])
                        if index == lastIndex {
                            counts[k] += 1
                        } else {
                            k += 1
                            indices[k] = Int32(truncatingIfNeeded: index)
                            counts[k] = 1
                            lastIndex = index
                        }
                    }
                }
            }
        }
        (bucketIndices, bucketCounts) = (indices, counts)
    }

    /// How many of `sorted` values lie below `lowestTrackable` (all at the front), and how many
    /// buckets the others fill.
    private static func countBuckets(sorted values: [Double]) -> (zeros: Int, buckets: Int) {
        values.withUnsafeBufferPointer { v in
            var start = 0
            while start < v.count && v[start] < lowestTrackable { start += 1 }
            guard start < v.count else { return (start, 0) }
            var buckets = 1
            var lastIndex = index(of: v[start])
            for i in start + 1 ..< v.count {
                let index = index(of: v[i])
                precondition(lastIndex <= index, "values are not sorted")
                if index != lastIndex { buckets += 1; lastIndex = index }
            }
            return (start, buckets)
        }
    }

    // MARK: Recording

    /// Records one value.
    /// - Precondition: `value` is finite and non-negative.
    /// - Complexity: O(log b) for b stored buckets, O(b) when a bucket is new.
    public mutating func record(_ value: Double) {
        record(value, count: 1)
    }

    /// Records `value` `count` times (`count` 0 does nothing).
    /// - Precondition: `value` is finite and non-negative; `count >= 0`.
    public mutating func record(_ value: Double, count: Int) {
        precondition(value >= 0, "LogHistogram records non-negative values, got \(value)")
        precondition(value.isFinite, "LogHistogram records finite values, got \(value)")
        precondition(count >= 0, "negative count \(count)")
        guard count > 0 else { return }
        sum.add(value, count: count)
        totalCount += count
        minimumValue = Swift.min(minimumValue, value)
        maximumValue = Swift.max(maximumValue, value)
        if value < Self.lowestTrackable {
            zeroCount += count
        } else {
            add(count, at: Self.index(of: value))
        }
    }

    /// Adds every value of `other` to this histogram; the result is exact.
    /// - Complexity: O(b + b') in the numbers of stored buckets, or O(b' log b) when
    ///   `other` is much smaller and brings no new bucket.
    public mutating func merge(_ other: LogHistogram) {
        guard other.totalCount > 0 else { return }
        if other.bucketIndices.count * 8 < bucketIndices.count {
            // A small histogram into a large one (a replication into its point): in place,
            // each bucket found by a search that starts where the previous one ended (both
            // lists ascend). The few buckets new to this histogram are inserted afterwards.
            var added: [Bucket] = []
            bucketIndices.withUnsafeBufferPointer { indices in
                bucketCounts.withUnsafeMutableBufferPointer { counts in
                    var start = 0
                    for (index, count) in zip(other.bucketIndices, other.bucketCounts) {
                        let position = Self.firstPosition(notBelow: index, in: indices, from: start)
                        if position < indices.count && indices[position] == index {
                            counts[position] += count
                        } else {
                            added.append(Bucket(index: Int(index), count: count))
                        }
                        start = position
                    }
                }
            }
            if !added.isEmpty { insert(added) }
        } else {
            (bucketIndices, bucketCounts) = Self.merged(self, other)
        }
        zeroCount += other.zeroCount
        totalCount += other.totalCount
        sum.add(other.sum)
        minimumValue = Swift.min(minimumValue, other.minimumValue)
        maximumValue = Swift.max(maximumValue, other.maximumValue)
    }

    /// Adds `count` to the bucket `index`, inserting it if new.
    private mutating func add(_ count: Int, at index: Int) {
        let index = Int32(index)
        let low = bucketIndices.withUnsafeBufferPointer { Self.firstPosition(notBelow: index, in: $0, from: 0) }
        if low < bucketIndices.count, bucketIndices[low] == index {
            bucketCounts[low] += count
        } else {
            bucketIndices.insert(index, at: low)
            bucketCounts.insert(count, at: low)
        }
    }

    /// The first position at or after `start` whose bucket index is at least `index`
    /// (`sorted.count` if none).
    ///
    /// Gallops from `start` (probes 1, 2, 4, … places on) and then halves the last
    /// step's range, so a bucket near the previous one is found in a few probes of
    /// memory close to it. The halving does not branch on the data (the answer
    /// stays in `base...base + length`; each step halves `length`).
    /// - Precondition: `sorted` ascends; `start <= sorted.count`.
    private static func firstPosition(notBelow index: Int32, in sorted: UnsafeBufferPointer<Int32>, from start: Int) -> Int {
        var base = start
        var step = 1
        while base &+ step &- 1 < sorted.count && sorted[base &+ step &- 1] < index {
            base &+= step
            step &<<= 1
        }
        // The answer is in base...min(base + step − 1, count).
        var length = Swift.min(step &- 1, sorted.count &- base)
        guard length > 0 else { return base }
        while length > 1 {
            let half = length &>> 1
            base = sorted[base &+ half] < index ? base &+ half : base
            length &-= half
        }
        return sorted[base] < index ? base &+ 1 : base
    }

    /// Inserts `added` (ascending, none of their indices already stored) in place:
    /// one walk from the back, without second arrays.
    private mutating func insert(_ added: [Bucket]) {
        var i = bucketIndices.count - 1
        bucketIndices.append(contentsOf: repeatElement(0, count: added.count))
        bucketCounts.append(contentsOf: repeatElement(0, count: added.count))
        bucketIndices.withUnsafeMutableBufferPointer { indices in
            bucketCounts.withUnsafeMutableBufferPointer { counts in
                var k = indices.count - 1
                for bucket in added.reversed() {
                    while i >= 0 && Int(indices[i]) > bucket.index {
                        (indices[k], counts[k]) = (indices[i], counts[i])
                        i -= 1
                        k -= 1
                    }
                    (indices[k], counts[k]) = (Int32(bucket.index), bucket.count)
                    k -= 1
                }
            }
        }
    }

    /// Two histograms' bucket lists merged, counts of equal indices added.
    private static func merged(_ left: LogHistogram, _ right: LogHistogram) -> (indices: [Int32], counts: [Int]) {
        let (li, lc, ri, rc) = (left.bucketIndices, left.bucketCounts, right.bucketIndices, right.bucketCounts)
        var indices: [Int32] = []
        var counts: [Int] = []
        indices.reserveCapacity(li.count + ri.count)
        counts.reserveCapacity(li.count + ri.count)
        var i = 0
        var j = 0
        while i < li.count || j < ri.count {
            if j == ri.count || (i < li.count && li[i] < ri[j]) {
                indices.append(li[i])
                counts.append(lc[i])
                i += 1
            } else if i == li.count || ri[j] < li[i] {
                indices.append(ri[j])
                counts.append(rc[j])
                j += 1
            } else {
                indices.append(li[i])
                counts.append(lc[i] + rc[j])
                i += 1
                j += 1
            }
        }
        return (indices, counts)
    }

    // MARK: Statistics

    /// The number of values recorded.
    public var count: Int { totalCount }

    /// Whether nothing has been recorded.
    public var isEmpty: Bool { totalCount == 0 }

    /// The exact mean (from the fixed-point sum, so within 1e-9 of the true
    /// mean of the values); `.nan` when empty.
    public var mean: Double {
        totalCount == 0 ? .nan : sum.value / Double(totalCount)
    }

    /// The exact smallest value recorded; `.nan` when empty.
    public var min: Double { totalCount == 0 ? .nan : minimumValue }

    /// The exact largest value recorded; `.nan` when empty.
    public var max: Double { totalCount == 0 ? .nan : maximumValue }

    /// Stored buckets (nonempty ones, the zero bucket included): the memory
    /// footprint, bounded by the range of values, not their number.
    public var bucketCount: Int { bucketIndices.count + (zeroCount > 0 ? 1 : 0) }

    /// The nonempty buckets in ascending index order (encoding).
    var buckets: [Bucket] {
        zip(bucketIndices, bucketCounts).map { Bucket(index: Int($0), count: $1) }
    }

    /// The value at which the cumulative share first reaches `q`.
    ///
    /// Finds the first bucket whose cumulative count reaches rank
    /// ⌈q·count⌉ (at least 1) and returns its midpoint clamped into
    /// [min, max] (0 for the zero bucket, likewise clamped). So `quantile(0)`
    /// is `min`, `quantile(1)` is `max`, and any other quantile is within
    /// 1/256 of a value of the right rank. `q` is clamped into [0, 1].
    /// - Returns: `.nan` when empty or when `q` is NaN.
    /// - Complexity: O(b) in the number of stored buckets.
    public func quantile(_ q: Double) -> Double {
        guard totalCount > 0, !q.isNaN else { return .nan }
        let share = Swift.min(Swift.max(q, 0), 1)
        if share == 0 { return minimumValue }
        if share == 1 { return maximumValue }
        let rank = SampleQuantile.nearestRank(share, count: totalCount)
        var cumulative = zeroCount
        if cumulative >= rank { return clamped(0) }
        for (index, count) in zip(bucketIndices, bucketCounts) {
            cumulative += count
            if cumulative >= rank {
                return clamped((Self.lowerBound(Int(index)) + Self.lowerBound(Int(index) + 1)) / 2)
            }
        }
        return maximumValue
    }

    /// `value` clamped into [min, max].
    private func clamped(_ value: Double) -> Double {
        Swift.min(Swift.max(value, minimumValue), maximumValue)
    }

    /// Nonempty buckets in ascending order with their cumulative share.
    ///
    /// The zero bucket, if any, comes first as [0, 1e-6); other bins are
    /// [lower, upper) with `lower` raised to 1e-6 for the first bucket above
    /// it, so bins never overlap. The last bin's share is exactly 1.
    /// - Complexity: O(b) in the number of stored buckets.
    public func bins() -> [HistogramBin] {
        var result: [HistogramBin] = []
        result.reserveCapacity(bucketCount)
        var cumulative = 0
        let total = Double(totalCount)
        if zeroCount > 0 {
            cumulative = zeroCount
            result.append(HistogramBin(lower: 0, upper: Self.lowestTrackable,
                                       count: zeroCount, cumulativeShare: Double(cumulative) / total))
        }
        for (index, count) in zip(bucketIndices, bucketCounts) {
            cumulative += count
            let lower = Swift.max(Self.lowerBound(Int(index)), Self.lowestTrackable)
            result.append(HistogramBin(lower: lower, upper: Self.lowerBound(Int(index) + 1),
                                       count: count, cumulativeShare: Double(cumulative) / total))
        }
        return result
    }

    // MARK: Bucket geometry

    /// The bucket index of a value ≥ `lowestTrackable`: 128 per power of two,
    /// `(exponent − minimumExponent)·128 + ⌊(significand − 1)·128⌋`.
    ///
    /// Read from the bit pattern: such a value is a normal double, whose bits 52…62
    /// hold `exponent + 1023` and bits 45…51 the top 7 bits of the fraction, which
    /// are exactly ⌊(significand − 1)·128⌋. So the bits from 45 up are
    /// `(exponent + 1023)·128 + subBucket`, and the index is that less
    /// `(1023 + minimumExponent)·128`.
    static func index(of value: Double) -> Int {
        Int(truncatingIfNeeded: value.bitPattern >> (52 - subBucketBits)) - (1023 + minimumExponent) << subBucketBits
    }

    /// The smallest value in bucket `index` (exact); `index + 1` gives the upper bound.
    static func lowerBound(_ index: Int) -> Double {
        let octave = index >> subBucketBits
        let subBucket = index & (subBucketCount - 1)
        let significand = 1 + Double(subBucket) / Double(subBucketCount)
        return Double(sign: .plus, exponent: octave + minimumExponent, significand: significand)
    }
}

/// One bin of a histogram: a value range, its count, and the share of all
/// values at or below it (enough to draw an ECDF; docs/output.md distributions.csv).
public struct HistogramBin: Sendable, Equatable {
    /// The bin's inclusive lower bound.
    public var lower: Double
    /// The bin's exclusive upper bound.
    public var upper: Double
    /// Values in the bin.
    public var count: Int
    /// Share of all values in this bin or a lower one, in (0, 1].
    public var cumulativeShare: Double

    /// Creates a bin.
    public init(lower: Double, upper: Double, count: Int, cumulativeShare: Double) {
        self.lower = lower
        self.upper = upper
        self.count = count
        self.cumulativeShare = cumulativeShare
    }
}
