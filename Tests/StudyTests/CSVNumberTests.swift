import XCTest
import Study

/// Deterministic number fields: integers, rounding, special values.
final class CSVNumberTests: XCTestCase {
    func testFormatsNumbers() {
        let cases: [(Double, String)] = [
            (3, "3"), (-2, "-2"), (0, "0"), (-0.0, "0"), (0.5, "0.5"), (1.0 / 3, "0.333333"),
            (2.0 / 3, "0.666667"), (-2.0 / 3, "-0.666667"), (1234.5678912, "1234.567891"),
            (123_456.123456789, "123456.1235"), (1e-6, "0.000001"), (4e-7, "0"), (-4e-7, "0"),
            (6e-7, "0.000001"), (0.1 + 0.2, "0.3"), (12_345_678_901.7, "12345678900"),
            (99_999_999_999_999, "99999999999999"), (1e15, "1000000000000000"), (1e18, "1e+18"),
            (.nan, ""), (.infinity, "inf"), (-.infinity, "-inf"), (86_400.25, "86400.25"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(CSVNumber.format(value), expected, "\(value)")
        }
    }

    func testNeverUsesExponentsInTheUsualRange() {
        var value = 1e-6
        while value < 1e15 {
            for factor in [1.0, 1.234567, 7.77] {
                let text = CSVNumber.format(value * factor)
                XCTAssertFalse(text.contains("e"), text)
                XCTAssertNotNil(Double(text), text)
            }
            value *= 10
        }
    }
}
