import XCTest
@testable import Statistics

final class PairedMeansTests: XCTestCase {
    /// Differences 1…5: mean 3, t = 4.2426 on 4 degrees of freedom, two-sided p = 0.013236.
    func testThePairedTTestAtAReferenceValue() {
        let paired = PairedMeans(baseline: [0, 0, 0, 0, 0], value: [1, 2, 3, 4, 5])
        XCTAssertEqual(paired.difference.value, 3)
        XCTAssertEqual(paired.pValue, 0.01323559956368269, accuracy: 1e-10)
        XCTAssertEqual(paired.difference.halfWidth, 2.7764451051977934 * (2.5 / 5).squareRoot(), accuracy: 1e-12)
    }

    /// Pairs that all differ by one constant: the estimate and the interval are that constant
    /// (never an interval around a difference the pairs do not contain).
    func testAConstantDifferenceIsItsOwnInterval() {
        let a = [100.0, 250, 380, 90]
        let paired = PairedMeans(baseline: a, value: a.map { $0 - 50.1 })
        XCTAssertEqual(paired.difference.value, -50.1, accuracy: 1e-12)
        XCTAssertTrue(paired.difference.contains(paired.difference.value))
        XCTAssertLessThan(paired.pValue, 1e-12)
    }

    /// Holm's step-down: (0.01, 0.04, 0.03) → (0.03, 0.06, 0.06); NaN stays out of the family.
    func testHolmAdjustment() {
        XCTAssertEqual(Holm.adjusted([0.01, 0.04, 0.03]), [0.03, 0.06, 0.06])
        let withNaN = Holm.adjusted([0.2, .nan, 0.01])
        XCTAssertEqual(withNaN[0], 0.2)
        XCTAssertTrue(withNaN[1].isNaN)
        XCTAssertEqual(withNaN[2], 0.02)
        XCTAssertEqual(Holm.adjusted([0.5, 0.9]), [1.0, 1.0].map { Swift.min($0, 1) })
    }
}
