import XCTest
@testable import Statistics

/// `SampleQuantile`, `SampleDeviation` and `SampleSize` against hand-computed values.
final class SampleFiguresTests: XCTestCase {
    /// Type 7 (R's and NumPy's default): h = (n − 1)q, interpolated between order statistics.
    /// 1…10 at q = 0.25: h = 2.25 → 3 + 0.25 = 3.25; at 0.9: h = 8.1 → 9.1; the ends are the
    /// smallest and largest value; [1, 3, 5, 7] at 0.4: h = 1.2 → 3 + 0.2·2 = 3.4.
    func testType7QuantilesByHand() {
        let ten = (1...10).map(Double.init)
        XCTAssertEqual(SampleQuantile.type7(ten, 0.25), 3.25, accuracy: 1e-12)
        XCTAssertEqual(SampleQuantile.type7(ten, 0.9), 9.1, accuracy: 1e-12)
        XCTAssertEqual(SampleQuantile.type7(ten, 0), 1)
        XCTAssertEqual(SampleQuantile.type7(ten, 1), 10)
        XCTAssertEqual(SampleQuantile.type7([1, 3, 5, 7], 0.4), 3.4, accuracy: 1e-12)
        XCTAssertEqual(SampleQuantile.type7([1, 3, 5, 7], 0.5), 4)
        XCTAssertEqual(SampleQuantile.type7([42], 0.975), 42)
    }

    /// Nearest rank ⌈q·n⌉ within 1…n: the p99 of 250 values is the 248th (247.5 up), of 100 the
    /// 99th; q = 0 is the first; the median of 4 values is the 2nd, of 5 the 3rd.
    func testNearestRanksByHand() {
        XCTAssertEqual(SampleQuantile.nearestRank(0.99, count: 250), 248)
        XCTAssertEqual(SampleQuantile.nearestRank(0.99, count: 100), 99)
        XCTAssertEqual(SampleQuantile.nearestRank(0, count: 7), 1)
        XCTAssertEqual(SampleQuantile.nearestRank(1, count: 7), 7)
        XCTAssertEqual(SampleQuantile.nearestRank(0.5, count: 4), 2)
        XCTAssertEqual(SampleQuantile.nearestRank(0.5, count: 5), 3)
    }

    /// 2, 4, 4, 4, 5, 5, 7, 9: mean 5, Σ(x − x̄)² = 32, s² = 32/7 in every form: from the values,
    /// from SS, and from n·Σx² − (Σx)² = 8·232 − 40² = 256 = n·SS. About the median 4.5 the sum
    /// is 34.
    func testTheSampleDeviationInEachForm() {
        let values: [Double] = [2, 4, 4, 4, 5, 5, 7, 9]
        let s = (32.0 / 7).squareRoot()
        XCTAssertEqual(SampleDeviation.variance(values), 32.0 / 7, accuracy: 1e-12)
        XCTAssertEqual(SampleDeviation.standardDeviation(values, about: 5), s, accuracy: 1e-12)
        XCTAssertEqual(SampleDeviation.standardDeviation(sumOfSquaredDeviations: 32, count: 8), s, accuracy: 1e-12)
        XCTAssertEqual(SampleDeviation.standardDeviation(countTimesSumOfSquaredDeviations: 256, count: 8), s, accuracy: 1e-12)
        XCTAssertEqual(SampleDeviation.variance(values, about: 4.5), 34.0 / 7, accuracy: 1e-12)
        // Rounding's negative sums count as 0; one value has no spread.
        XCTAssertEqual(SampleDeviation.standardDeviation(sumOfSquaredDeviations: -1e-18, count: 3), 0)
        XCTAssertEqual(SampleDeviation.standardDeviation(countTimesSumOfSquaredDeviations: -1e-18, count: 3), 0)
        XCTAssertEqual(SampleDeviation.variance([3]), 0)
    }

    /// 1, 1, 2, 2, 4, 6, 9: median 2, absolute deviations 1, 1, 0, 0, 2, 4, 7 → MAD 1
    /// (Wikipedia's "Median absolute deviation" example); 1, 2, 3, 4: median 2.5, deviations
    /// 1.5, 0.5, 0.5, 1.5 → 1.
    func testTheMedianAbsoluteDeviation() {
        let seven = SampleDeviation.medianAbsoluteDeviation(sorted: [1, 1, 2, 2, 4, 6, 9])
        XCTAssertEqual(seven.median, 2)
        XCTAssertEqual(seven.deviation, 1)
        let four = SampleDeviation.medianAbsoluteDeviation(sorted: [1, 2, 3, 4])
        XCTAssertEqual(four.median, 2.5)
        XCTAssertEqual(four.deviation, 1)
    }

    /// A half-width twice the target over 10 replications needs 10·2² = 40; 1.5 times, 22.5 → 23;
    /// no interval yet (NaN) or one of no width says nothing (+∞). The ratio that projects to 30
    /// from 10 is √3, and projects back to 30.
    func testTheProjectedReplications() {
        XCTAssertEqual(SampleSize.projected(from: 10, halfWidthRatio: 2), 40)
        XCTAssertEqual(SampleSize.projected(from: 10, halfWidthRatio: 1.5), 23)
        XCTAssertEqual(SampleSize.projected(from: 10, halfWidthRatio: .nan), .infinity)
        XCTAssertEqual(SampleSize.projected(from: 10, halfWidthRatio: 0), .infinity)
        let ratio = SampleSize.halfWidthRatio(reaching: 30, from: 10)
        XCTAssertEqual(ratio, 3.0.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(SampleSize.projected(from: 10, halfWidthRatio: ratio), 30)
    }

    /// The standard error recovered from a t interval's half-width is the s/√n it was made
    /// from: mean 0, s = 6 over 4 replications → se 3.
    func testTheStandardErrorFromAHalfWidth() {
        let e = ReplicationMean.estimate(mean: 0, sd: 6, count: 4)
        XCTAssertEqual(ReplicationMean.standardError(halfWidth95: e.high - e.value, replications: 4), 3, accuracy: 1e-12)
        XCTAssertEqual(ReplicationMean.standardError(halfWidth95: 2.228138851986274 * 3, replications: 11), 3, accuracy: 1e-6)
    }
}
