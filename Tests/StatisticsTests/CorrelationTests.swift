import XCTest
@testable import Statistics

/// `Correlation` (Spearman's ρ), `FisherZ` and `LargeSampleMean` against textbook values.
final class CorrelationTests: XCTestCase {
    /// Ten people's IQ against weekly hours of television (the worked example of Spearman's ρ
    /// on Wikipedia's "Spearman's rank correlation coefficient"): Σd² = 194, ρ = 1 − 6·194/(10·99)
    /// = −29/165 ≈ −0.1758.
    func testSpearmansWorkedExample() {
        let iq: [Double] = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110]
        let tv: [Double] = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17]
        XCTAssertEqual(Correlation.spearman(iq, tv), -29.0 / 165, accuracy: 1e-12)
        XCTAssertEqual(Correlation.spearman(iq, iq.map { $0 * $0 }), 1, accuracy: 1e-12)
        XCTAssertTrue(Correlation.spearman(iq, iq.map { _ in 3 }).isNaN)
    }

    /// Ties share their average rank; Pearson's r of a line is ±1.
    func testRanksAndPearson() {
        XCTAssertEqual(Correlation.ranks([10, 20, 20, 30]), [1, 2.5, 2.5, 4])
        XCTAssertEqual(Correlation.ranks([3, 1, 2]), [3, 1, 2])
        XCTAssertEqual(Correlation.pearson([1, 2, 3], [5, 3, 1]), -1, accuracy: 1e-12)
        XCTAssertEqual(Correlation.pearson([1, 2, 3, 4], [1, 3, 2, 4]), 0.8, accuracy: 1e-12)
    }

    /// r = 0.5 on n = 28 pairs: z = atanh(0.5) = 0.549306, se = 1/√25 = 0.2, z ± 1.96·0.2 =
    /// [0.157314, 0.941299], back by tanh: [0.1560, 0.7358] (worked by hand from tanh and
    /// atanh). Spearman's standard error 1.06/√25 widens it to [0.1330, 0.7464].
    func testFishersIntervalForRHalfOnTwentyEightPairs() {
        let pearson = FisherZ.interval(correlation: 0.5, count: 28)
        XCTAssertEqual(pearson.low, 0.156028, accuracy: 1e-6)
        XCTAssertEqual(pearson.high, 0.735818, accuracy: 1e-6)
        let spearman = FisherZ.interval(correlation: 0.5, count: 28, standardErrorFactor: FisherZ.spearmanFactor)
        XCTAssertEqual(spearman.low, 0.133001, accuracy: 1e-6)
        XCTAssertEqual(spearman.high, 0.746418, accuracy: 1e-6)
        // Symmetric in the sign of r, and finite at r = ±1.
        let negative = FisherZ.interval(correlation: -0.5, count: 28)
        XCTAssertEqual(negative.low, -pearson.high, accuracy: 1e-15)
        XCTAssertEqual(negative.high, -pearson.low, accuracy: 1e-15)
        XCTAssertTrue(FisherZ.interval(correlation: 1, count: 10).low.isFinite)
    }

    /// |r|'s interval is the image of r's under the absolute value.
    func testTheIntervalOfTheMagnitude() {
        XCTAssertTrue(FisherZ.intervalOfMagnitude((0.1, 0.5)) == (0.1, 0.5))
        XCTAssertTrue(FisherZ.intervalOfMagnitude((-0.5, -0.1)) == (0.1, 0.5))
        XCTAssertTrue(FisherZ.intervalOfMagnitude((-0.3, 0.2)) == (0, 0.3))
        XCTAssertTrue(FisherZ.intervalOfMagnitude((-0.2, 0.3)) == (0, 0.3))
    }

    /// Mean 10, s = 4 over 16 values: 10 ± 1.959964·4/4 = [8.040036, 11.959964].
    func testTheLargeSampleInterval() {
        let interval = LargeSampleMean.interval(mean: 10, sd: 4, count: 16)
        XCTAssertEqual(interval.low, 8.040036015459946, accuracy: 1e-12)
        XCTAssertEqual(interval.high, 11.959963984540054, accuracy: 1e-12)
        XCTAssertEqual(NormalDistribution.quantile975, NormalDistribution.quantile(0.975), accuracy: 1e-15)
    }
}
