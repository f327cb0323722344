import SimKernel
import XCTest
@testable import Study

/// The point's pooled histogram (`PooledHistogram`), the exact sum behind every histogram's
/// mean (`FixedPointSum`) and the bootstrap's columns: the shortcuts the study layer takes per
/// replication give the same figures as the plain way.
final class PooledHistogramTests: XCTestCase {
    /// Replications of widely spread samples (nine decades, some zeros), sorted as a worker sorts them.
    static func replications(_ count: Int, seed: UInt64) -> [[Double]] {
        var rng = RandomStream(seed: seed)
        return (0..<count).map { r in
            (0..<(5 + r % 40)).map { i in i % 17 == 0 ? 0 : pow(10, -3 + 9 * rng.uniform()) }.sorted()
        }
    }

    /// Pooling replication by replication equals merging their histograms into one, whatever the
    /// order, across windows that widen by whole octaves many times.
    func testPoolingEqualsMergingEveryReplication() {
        let reps = Self.replications(300, seed: 5)
        var merged = LogHistogram()
        for r in reps { merged.merge(LogHistogram(sorted: r)) }
        for order in [Array(reps.indices), reps.indices.reversed(), reps.indices.map { ($0 * 7) % reps.count }] {
            var pooled = PooledHistogram()
            for i in order { pooled.merge(replication: LogHistogram(sorted: reps[i])) }
            XCTAssertEqual(pooled.histogram, merged)
            XCTAssertEqual(pooled.histogram.encode(), merged.encode())
        }
    }

    /// Whole histograms (shards) and single values mix with pooled replications; equality is by
    /// the values held, not by how they were added.
    func testShardsAndValuesMixWithPooledReplications() {
        let reps = Self.replications(60, seed: 8)
        var plain = LogHistogram()
        for r in reps { for x in r { plain.record(x) } }
        plain.record(42)
        var pooled = PooledHistogram()
        for r in reps[..<20] { pooled.merge(replication: LogHistogram(sorted: r)) }
        var shard = LogHistogram()
        for r in reps[20...] { shard.merge(LogHistogram(sorted: r)) }
        pooled.merge(shard)
        pooled.record(42)
        XCTAssertEqual(pooled.histogram, plain)
        XCTAssertEqual(pooled, PooledHistogram(plain))
        XCTAssertNotEqual(pooled, PooledHistogram())
        XCTAssertTrue(PooledHistogram().isEmpty)
        var zeros = PooledHistogram()
        zeros.merge(replication: LogHistogram(sorted: [0, 0]))
        XCTAssertFalse(zeros.isEmpty)
        XCTAssertEqual(zeros.histogram.count, 2)
    }

    /// Single values (a per-replication metric's) counted in the window, between replications:
    /// zeros, values below and exactly at `lowestTrackable`, bucket edges and the doubles below
    /// them, and values far apart that widen the window down and up, give the histogram that
    /// recording each value into a `LogHistogram` gives.
    func testValuesRecordedOneByOneEqualRecordingThemInAHistogram() {
        var rng = RandomStream(seed: 31)
        var plain = LogHistogram()
        var pooled = PooledHistogram()
        var values: [Double] = [0, 1e-7, LogHistogram.lowestTrackable, LogHistogram.lowestTrackable.nextDown,
                                5e6, 3, LogHistogram.lowerBound(900), LogHistogram.lowerBound(900).nextDown, 1e12, 0.25]
        for _ in 0..<2_000 { values.append(pow(10, -7 + 19 * rng.uniform()).rounded(.down) * (rng.uniform() < 0.2 ? 0 : 1)) }
        for (k, x) in values.enumerated() {
            plain.record(x)
            pooled.record(x)
            if k % 500 == 0 {
                let replication = Self.replications(1, seed: UInt64(k))[0]
                for y in replication { plain.record(y) }
                pooled.merge(replication: LogHistogram(sorted: replication))
            }
            if k < 12 { XCTAssertEqual(pooled.histogram, plain, "after value \(k), \(x)") }
        }
        XCTAssertEqual(pooled.histogram, plain)
        XCTAssertEqual(pooled.histogram.encode(), plain.encode())
    }

    /// A histogram built from sorted values sums them as recording them one by one does: each
    /// value rounded half up to nanounits, as `rounded()` rounds (at exact halves, beside them,
    /// around 2⁵² nanounits where every double is an integer, and past 2⁶³).
    func testSortedValuesSumAsRecordedValues() {
        for x in SummaryMathTests.roundingCases(seed: 3) {
            var recorded = LogHistogram()
            recorded.record(x, count: 1)
            XCTAssertEqual(LogHistogram(sorted: [x]).encode(), recorded.encode(), "\(x)")
        }
    }

    /// The bootstrap's columns widen in blocks of 16 coarse buckets from a multiple of 16, so a
    /// widening copies the rows once per block reached, and the same replications give the same
    /// columns in any order.
    func testBootstrapColumnsWidenSixteenBucketsAtATime() {
        let reps = Self.replications(50, seed: 2).map { $0.filter { $0 > 0 } }   // no zero bucket: the columns start above it
        let weights = (0..<reps.count).map { PoissonWeights.draw(seed: UInt64($0), count: QuantileBootstrap.replicates) }
        var forward = QuantileBootstrap()
        var backward = QuantileBootstrap()
        for i in reps.indices { forward.add(QuantileBootstrap.buckets(sorted: reps[i]), weights: weights[i]) }
        for i in reps.indices.reversed() { backward.add(QuantileBootstrap.buckets(sorted: reps[i]), weights: weights[i]) }
        XCTAssertEqual(forward.offset % QuantileBootstrap.subBuckets, 0)
        XCTAssertEqual(forward.width % QuantileBootstrap.subBuckets, 0)
        XCTAssertGreaterThan(forward.offset, 0)
        XCTAssertEqual(forward, backward)
        // Row 0 counts every sample once, in its bucket, whatever the widenings did.
        var direct = Array(repeating: 0, count: forward.width)
        for r in reps { for x in r { direct[QuantileBootstrap.bucket(of: x) - forward.offset] += 1 } }
        XCTAssertEqual(Array(forward.row(0)), direct)
    }
}
