// The histogram a point pools its replications' samples into (docs/output.md): one
// replication's histogram at a time, each added at the cost of its own buckets.

/// A `LogHistogram` that many small histograms are merged into, one after another.
///
/// Merging a replication's sorted bucket list into the point's would insert the buckets new
/// to the point, shifting every bucket above them, once per replication. Here a replication's
/// buckets are counted into a dense window of cells instead (whole octaves of
/// `LogHistogram.subBucketCount` cells, widened when a sample reaches a new octave), and the
/// window becomes buckets only when the histogram is read. The result is the same histogram,
/// count for count and sum for sum (integers, so the order of additions never shows).
struct PooledHistogram: Sendable, Equatable {
    /// What was merged whole: decoded checkpoints and shards.
    private var settled = LogHistogram()
    /// The bucket index of `cells[0]` (a multiple of `LogHistogram.subBucketCount`).
    private var low = 0
    /// The counts of buckets `low ..< low + cells.count` added by `merge(replication:)`.
    private var cells: [Int] = []
    /// Of the replications and values added to the cells: their values below
    /// `LogHistogram.lowestTrackable`, their exact sum and their extremes.
    private var zeroCount = 0
    private var sum = FixedPointSum()
    private var minimum = Double.infinity
    private var maximum = -Double.infinity

    /// Whether any replication was added to the cells: each brings a value, in a cell or below
    /// `lowestTrackable`.
    private var buffered: Bool { zeroCount > 0 || !cells.isEmpty }

    /// An empty histogram.
    init() {}

    /// A histogram that starts as `histogram`.
    init(_ histogram: LogHistogram) { settled = histogram }

    /// Whether nothing has been recorded.
    var isEmpty: Bool { !buffered && settled.isEmpty }

    /// Every value recorded, as one histogram.
    var histogram: LogHistogram {
        guard buffered else { return settled }
        var buckets: [LogHistogram.Bucket] = []
        for (offset, count) in cells.enumerated() where count > 0 {
            buckets.append(LogHistogram.Bucket(index: low + offset, count: count))
        }
        var result = settled
        result.merge(LogHistogram(buckets: buckets, zeroCount: zeroCount, sum: sum, minimum: minimum, maximum: maximum))
        return result
    }

    /// Adds one replication's histogram: O(its buckets), plus O(the window) when a value reaches
    /// a new octave.
    mutating func merge(replication other: LogHistogram) {
        guard !other.isEmpty else { return }
        zeroCount += other.zeroCount
        sum.add(other.sum)
        minimum = Swift.min(minimum, other.minimumValue)
        maximum = Swift.max(maximum, other.maximumValue)
        guard let first = other.bucketIndices.first, let last = other.bucketIndices.last else { return }
        cover(Int(first), Int(last))
        let low = self.low
        cells.withUnsafeMutableBufferPointer { cells in
            for (index, count) in zip(other.bucketIndices, other.bucketCounts) { cells[Int(index) - low] += count }
        }
    }

    /// The cells of the dense window (0 once settled).
    var windowCells: Int { cells.count }

    /// Turns the window into buckets and lets it go: a point whose replications are all in
    /// keeps only the buckets its values reached, not the window's span (a sweep of many
    /// points would otherwise keep every point's window).
    mutating func settle() {
        guard buffered else { return }
        settled = histogram
        (low, cells, zeroCount, sum, minimum, maximum) = (0, [], 0, FixedPointSum(), .infinity, -.infinity)
    }

    /// Adds a histogram whole (another shard's, a checkpoint's part).
    mutating func merge(_ other: LogHistogram) { settled.merge(other) }

    /// Records one value (a per-replication metric's) into the window, as a replication's
    /// buckets are: one cell counted, where `LogHistogram.record` searches its bucket list and
    /// inserts a bucket new to it.
    mutating func record(_ value: Double) {
        precondition(value >= 0 && value.isFinite, "a pooled histogram records finite non-negative values, got \(value)")
        sum.add(value)
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
        guard value >= LogHistogram.lowestTrackable else { zeroCount += 1; return }
        let index = LogHistogram.index(of: value)
        if index < low || index - low >= cells.count { cover(index, index) }
        cells.withUnsafeMutableBufferPointer { $0[index - low] += 1 }
    }

    /// Widens the window to cover buckets `first...last`, in whole octaves.
    private mutating func cover(_ first: Int, _ last: Int) {
        let octave = LogHistogram.subBucketCount
        let newLow = (cells.isEmpty ? first : Swift.min(first, low)) / octave * octave
        let newEnd = ((cells.isEmpty ? last : Swift.max(last, low + cells.count - 1)) / octave + 1) * octave
        guard newLow != low || newEnd - newLow != cells.count else { return }
        var widened = Array(repeating: 0, count: newEnd - newLow)
        for (offset, count) in cells.enumerated() { widened[low - newLow + offset] = count }
        (cells, low) = (widened, newLow)
    }

    /// Equal when they hold the same values, however they were added.
    static func == (a: PooledHistogram, b: PooledHistogram) -> Bool { a.histogram == b.histogram }
}
