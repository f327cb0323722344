import XCTest
import Study

/// Sample statistics: mean, sd, the Student-t interval and type-7 quantiles.
final class SampleSummaryTests: XCTestCase {
    func testMeanAndSampleStandardDeviation() {
        let summary = SampleSummary([2, 4, 4, 4, 5, 5, 7, 9])
        XCTAssertEqual(summary.n, 8)
        XCTAssertEqual(summary.mean, 5)
        XCTAssertEqual(summary.sd, (32.0 / 7).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(summary.min, 2)
        XCTAssertEqual(summary.max, 9)
    }

    func testTQuantileMatchesPublishedValues() {
        let published: [(Int, Double)] = [(1, 12.706), (4, 2.776), (30, 2.042), (1000, 1.962)]
        for (df, value) in published {
            XCTAssertEqual(SampleSummary.tQuantile975(degreesOfFreedom: df), value, accuracy: 5e-4, "df \(df)")
        }
        // Reference values to 1e-12 (scipy.stats.t.ppf(0.975, df)).
        let precise: [(Int, Double)] = [
            (1, 12.706204736174694), (2, 4.302652729749462), (10, 2.228138851986274),
            (31, 2.039513446396408), (40, 2.021075390306273), (60, 2.0002978220142604),
            (120, 1.9799304050824402), (1000, 1.9623390808264083),
        ]
        for (df, value) in precise {
            XCTAssertEqual(SampleSummary.tQuantile975(degreesOfFreedom: df), value, accuracy: 1e-7, "df \(df)")
        }
    }

    func testConfidenceIntervalUsesStudentT() {
        let summary = SampleSummary([1, 2, 3, 4, 5])
        let halfWidth = 2.7764451051977934 * (2.5).squareRoot() / (5.0).squareRoot()
        XCTAssertEqual(summary.ci95Low, 3 - halfWidth, accuracy: 1e-12)
        XCTAssertEqual(summary.ci95High, 3 + halfWidth, accuracy: 1e-12)
    }

    func testSmallSamples() {
        let one = SampleSummary([4.5])
        XCTAssertEqual(one.n, 1)
        XCTAssertEqual(one.mean, 4.5)
        XCTAssertTrue(one.sd.isNaN)
        XCTAssertEqual(one.ci95Low, 4.5)
        XCTAssertEqual(one.ci95High, 4.5)
        XCTAssertEqual(one.quantile(0.9), 4.5)
        let none = SampleSummary([])
        XCTAssertEqual(none.n, 0)
        XCTAssertTrue(none.mean.isNaN)
        XCTAssertTrue(none.quantile(0.5).isNaN)
        XCTAssertTrue(none.max.isNaN)
    }

    func testType7Quantiles() {
        let summary = SampleSummary([4, 1, 3, 2])
        XCTAssertEqual(summary.quantile(0), 1)
        XCTAssertEqual(summary.quantile(0.25), 1.75)
        XCTAssertEqual(summary.quantile(0.5), 2.5)
        XCTAssertEqual(summary.quantile(0.9), 3.7, accuracy: 1e-12)
        XCTAssertEqual(summary.quantile(1), 4)
        XCTAssertEqual(summary.max, 4)
    }
}
