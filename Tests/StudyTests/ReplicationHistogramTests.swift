import XCTest
@testable import Study
import SimKernel

/// A replication's histogram and bootstrap buckets, built from what the replication already
/// has (its sorted samples' exact moments, the histogram's buckets): the same histogram and
/// the same buckets as building them from the values one by one.
final class ReplicationHistogramTests: XCTestCase {
    /// Sorted samples that reach every case: exact zeros, values below `lowestTrackable`, the
    /// edges of histogram buckets and of coarse bootstrap buckets (and the doubles just below
    /// them), repeats, and values spread over fourteen decades.
    static func samples(seed: UInt64, count: Int) -> [Double] {
        var stream = RandomStream(replicationSeed: seed, name: "test.histogram")
        var values: [Double] = []
        for _ in 0..<count {
            let u = stream.uniform()
            switch Int(u * 6) {
            case 0: values.append(0)
            case 1: values.append(LogHistogram.lowestTrackable * stream.uniform())
            case 2:
                let edge = LogHistogram.lowerBound(Int(stream.uniform() * 4_000))
                values.append(contentsOf: [edge, edge.nextDown])
            case 3: values.append(Double(Int(stream.uniform() * 5)) * 60)
            default: values.append(pow(10, -8 + 14 * stream.uniform()))
            }
        }
        return values.sorted()
    }

    /// The values recorded one by one: the histogram the builders from sorted values are held to.
    static func recorded(_ values: [Double]) -> LogHistogram {
        var h = LogHistogram()
        for x in values { h.record(x) }
        return h
    }

    func testTheHistogramFromTheMomentsSumIsTheHistogramOfTheValues() {
        for seed: UInt64 in 1...40 {
            let sorted = Self.samples(seed: seed, count: Int(seed) * 25)
            let moments = ReplicationFigures.sumAndMoments(sorted).moments
            XCTAssertEqual(moments.count, sorted.count)
            XCTAssertEqual(LogHistogram(sorted: sorted, sum: FixedPointSum(nanounits: moments.sum)),
                           Self.recorded(sorted), "seed \(seed)")
            XCTAssertEqual(LogHistogram(sorted: sorted), Self.recorded(sorted), "seed \(seed)")
        }
        XCTAssertEqual(LogHistogram(sorted: [], sum: FixedPointSum()), LogHistogram())
        XCTAssertEqual(LogHistogram(sorted: [0, 0], sum: FixedPointSum()), Self.recorded([0, 0]))
        XCTAssertEqual(LogHistogram(sorted: [7], sum: FixedPointSum(nanounits: 7_000_000_000)), Self.recorded([7]))
        // Past the largest sample the moments keep exactly, the histogram sums the values itself.
        let huge = [1, ReplicationFigures.largestUnclampedSample, ReplicationFigures.largestUnclampedSample * 4]
        XCTAssertEqual(ExactMoments.largestTerm, (huge[1] * ExactMoments.scale).rounded())
        XCTAssertEqual(LogHistogram(sorted: huge), Self.recorded(huge))
    }

    func testBootstrapBucketsFromTheHistogramAreTheBucketsOfTheValues() {
        func pairs(_ buckets: [(bucket: Int, count: Int)]) -> [[Int]] { buckets.map { [$0.bucket, $0.count] } }
        for seed: UInt64 in 1...40 {
            let sorted = Self.samples(seed: seed, count: Int(seed) * 25)
            XCTAssertEqual(pairs(QuantileBootstrap.buckets(of: LogHistogram(sorted: sorted))),
                           pairs(QuantileBootstrap.buckets(sorted: sorted)), "seed \(seed)")
        }
        XCTAssertTrue(QuantileBootstrap.buckets(of: LogHistogram(sorted: [])).isEmpty)
        XCTAssertEqual(pairs(QuantileBootstrap.buckets(of: LogHistogram(sorted: [0, 1e-7, 1]))),
                       pairs(QuantileBootstrap.buckets(sorted: [0, 1e-7, 1])))
    }
}
