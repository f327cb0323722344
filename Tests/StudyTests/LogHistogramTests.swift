import XCTest
import Study

/// A tiny seeded generator (SplitMix64) so the samples are reproducible.
private struct SeededValues {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// 10^u with u uniform in [lowDecade, highDecade): widely spread values.
    mutating func spread(_ lowDecade: Double, _ highDecade: Double) -> Double {
        pow(10, lowDecade + (highDecade - lowDecade) * unit())
    }
}

/// The log-linear histogram: accuracy, exact merging, encoding, bounded memory.
final class LogHistogramTests: XCTestCase {
    private func sample(seed: UInt64, count: Int) -> [Double] {
        var generator = SeededValues(seed: seed)
        return (0..<count).map { index in index % 50 == 0 ? 0 : generator.spread(-4, 4) }
    }

    func testQuantilesAreWithinOneOver128OfExactQuantiles() {
        for seed: UInt64 in [1, 2, 3] {
            let values = sample(seed: seed, count: 20_000)
            var histogram = LogHistogram()
            for value in values { histogram.record(value) }
            let sorted = values.sorted()
            for q in [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999] {
                let rank = max(1, Int((q * Double(sorted.count)).rounded(.up)))
                let exact = sorted[rank - 1]
                let estimate = histogram.quantile(q)
                XCTAssertLessThanOrEqual(abs(estimate - exact), exact / 128, "seed \(seed), q \(q)")
            }
            XCTAssertEqual(histogram.quantile(0), sorted.first)
            XCTAssertEqual(histogram.quantile(1), sorted.last)
            XCTAssertEqual(histogram.min, sorted.first)
            XCTAssertEqual(histogram.max, sorted.last)
            let exactMean = values.reduce(0, +) / Double(values.count)
            XCTAssertEqual(histogram.mean, exactMean, accuracy: abs(exactMean) * 1e-9, "seed \(seed)")
        }
    }

    func testMergeEqualsRecordingEverythingInOne() {
        let values = sample(seed: 7, count: 9_000)
        var whole = LogHistogram()
        var shards = [LogHistogram(), LogHistogram(), LogHistogram()]
        for (index, value) in values.enumerated() {
            whole.record(value)
            shards[index % 3].record(value)
        }
        var merged = LogHistogram()
        for shard in shards { merged.merge(shard) }
        XCTAssertEqual(merged, whole)
        XCTAssertEqual(merged.encode(), whole.encode())
        XCTAssertEqual(merged.mean, whole.mean)
    }

    func testMergeOrderDoesNotChangeTheEncoding() {
        let shards = (0..<4).map { shard -> LogHistogram in
            var histogram = LogHistogram()
            for value in sample(seed: UInt64(100 + shard), count: 1_000 + 500 * shard) { histogram.record(value) }
            return histogram
        }
        var encodings = Set<String>()
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]] {
            var merged = LogHistogram()
            for index in order { merged.merge(shards[index]) }
            encodings.insert(merged.encode())
        }
        XCTAssertEqual(encodings.count, 1)
    }

    func testEncodingRoundTrips() {
        var histogram = LogHistogram()
        for value in sample(seed: 11, count: 5_000) { histogram.record(value) }
        histogram.record(1e9, count: 3)
        let text = histogram.encode()
        XCTAssertFalse(text.contains("\n"))
        XCTAssertEqual(LogHistogram.decode(text), histogram)
        XCTAssertEqual(LogHistogram.decode(LogHistogram().encode()), LogHistogram())
    }

    func testDecodeRejectsMalformedText() {
        var histogram = LogHistogram()
        histogram.record(2.5)
        histogram.record(3.5)
        let good = histogram.encode()
        XCTAssertNotNil(LogHistogram.decode(good))
        let bad = ["", "lh1", "lh2" + good.dropFirst(3), good + ";", good.replacingOccurrences(of: ",", with: ",0:1,"),
                   "lh1;0;0:0;inf;-inf;5:1", "lh1;-1;0:0;inf;-inf;", "lh1;0;0:0;3;2;5:1", "lh1;0;0:0;1;2;5:0"]
        for text in bad {
            XCTAssertNil(LogHistogram.decode(text), "accepted '\(text)'")
        }
    }

    func testZeroAndTinyValuesShareTheZeroBucket() {
        var histogram = LogHistogram()
        histogram.record(0)
        histogram.record(5e-7, count: 2)
        histogram.record(1)
        let bins = histogram.bins()
        XCTAssertEqual(bins.count, 2)
        XCTAssertEqual(bins[0], HistogramBin(lower: 0, upper: 1e-6, count: 3, cumulativeShare: 0.75))
        XCTAssertEqual(bins[1].cumulativeShare, 1)
        XCTAssertEqual(histogram.quantile(0.5), 0)
        XCTAssertEqual(histogram.min, 0)
    }

    func testBinsAreAscendingDisjointAndComplete() {
        var histogram = LogHistogram()
        let values = sample(seed: 5, count: 3_000)
        for value in values { histogram.record(value) }
        let bins = histogram.bins()
        XCTAssertEqual(bins.reduce(0) { $0 + $1.count }, values.count)
        XCTAssertEqual(bins.last?.cumulativeShare, 1)
        for (previous, next) in zip(bins, bins.dropFirst()) {
            XCTAssertLessThanOrEqual(previous.upper, next.lower)
            XCTAssertLessThan(previous.cumulativeShare, next.cumulativeShare)
        }
        for bin in bins where bin.lower > 0 {
            XCTAssertLessThanOrEqual((bin.upper - bin.lower) / bin.lower, LogHistogram.relativeError * 1.0001)
        }
    }

    func testRecordWithCountEqualsRepeatedRecords() {
        var once = LogHistogram()
        once.record(0.3, count: 4)
        once.record(0.7, count: 0)
        var repeated = LogHistogram()
        for _ in 0..<4 { repeated.record(0.3) }
        XCTAssertEqual(once, repeated)
        XCTAssertEqual(once.count, 4)
    }

    func testEmptyHistogram() {
        let empty = LogHistogram()
        XCTAssertEqual(empty.count, 0)
        XCTAssertTrue(empty.quantile(0.5).isNaN)
        XCTAssertTrue(empty.mean.isNaN)
        XCTAssertTrue(empty.min.isNaN)
        XCTAssertTrue(empty.max.isNaN)
        XCTAssertEqual(empty.bins(), [])
    }

    func testMemoryStaysBoundedWhateverTheCount() {
        var generator = SeededValues(seed: 99)
        var histogram = LogHistogram()
        for _ in 0..<1_000_000 { histogram.record(generator.spread(-3, 5)) }
        XCTAssertEqual(histogram.count, 1_000_000)
        XCTAssertLessThan(histogram.bucketCount, 5_000)
    }
}
