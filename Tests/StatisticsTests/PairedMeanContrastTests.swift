import XCTest
@testable import Statistics

/// The paired contrast of means from moments, against a hand computation.
final class PairedMeanContrastTests: XCTestCase {
    func testAgainstAHandComputation() {
        // 4 pairs, ā = 10, b̄ = 8, var(a − b) = 4, var(a/ā − b/b̄) = 0.01; t₀.₉₇₅,₃ = 3.182446305284263.
        let c = PairedMeanContrast(count: 4, meanValue: 10, meanBaseline: 8, varianceOfDifference: 4, varianceOfRelativeDifference: 0.01)
        let t = 3.182446305284263
        XCTAssertEqual(c.difference.value, 2)
        XCTAssertEqual(c.difference.low, 2 - t * 2 / 2, accuracy: 1e-12)
        XCTAssertEqual(c.difference.high, 2 + t * 2 / 2, accuracy: 1e-12)
        XCTAssertEqual(c.ratio.value, 1.25)
        XCTAssertEqual(c.ratio.low, 1.25 * exp(-t * 0.1 / 2), accuracy: 1e-12)
        XCTAssertEqual(c.ratio.high, 1.25 * exp(t * 0.1 / 2), accuracy: 1e-12)
    }

    func testOnePairHasAnEstimateAndNoIntervalAndAZeroBaselineNoRatio() {
        let one = PairedMeanContrast(count: 1, meanValue: 3, meanBaseline: 1, varianceOfDifference: .nan, varianceOfRelativeDifference: .nan)
        XCTAssertEqual(one.difference.value, 2)
        XCTAssertTrue(one.difference.low.isNaN && one.ratio.high.isNaN)
        let zero = PairedMeanContrast(count: 5, meanValue: 3, meanBaseline: 0, varianceOfDifference: 1, varianceOfRelativeDifference: 1)
        XCTAssertTrue(zero.ratio.value.isNaN && zero.ratio.low.isNaN)
        XCTAssertFalse(zero.difference.low.isNaN)
    }
}
