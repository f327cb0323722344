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

    /// Fractions with zeros after the point, a fraction that rounds away, no room left for
    /// decimals (ten digits before the point), and a value that rounds up to the next integer.
    func testWritesTheFractionsDigitsInPlace() {
        let cases: [(Double, String)] = [
            (1.000123, "1.000123"), (5.05, "5.05"), (0.00005, "0.00005"), (-3.0007, "-3.0007"),
            (9_999_999.99, "9999999.99"), (123_456_789.5, "123456789.5"), (1_234_567_890.4, "1234567890"),
            (0.9999997, "1"), (-0.5, "-0.5"), (10.1, "10.1"), (100.000001, "100.000001"), (7.0000004, "7"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(CSVNumber.format(value), expected, "\(value)")
        }
    }

    /// Across magnitudes, a value prints with at most 6 decimals and 10 significant digits, no
    /// trailing zero after the point, and reads back within half of its last digit.
    func testReadsBackWithinHalfItsLastDigit() {
        var x: UInt64 = 0x1234_5678
        for _ in 0..<20_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Uniform below 10^k for k from −6 to 10: the exponent from the top 5 bits, the
            // fraction from the 53 bits below them.
            let k = Int(x >> 59) % 17 - 6
            let value = Double((x << 5) >> 11) * 0x1.0p-53 * pow10(k)
            let text = CSVNumber.format(value)
            let parsed = Double(text)!
            let parts = text.split(separator: ".")
            let decimals = parts.count == 2 ? parts[1].count : 0
            XCTAssertLessThanOrEqual(decimals, 6, text)
            if parts.count == 2 { XCTAssertNotEqual(parts[1].last, "0", text) }
            // Significant digits: from the first non-zero one, an integer's trailing zeros left out.
            var digits = text.filter(\.isNumber).drop { $0 == "0" }
            if parts.count == 1 { while digits.last == "0" { digits = digits.dropLast() } }
            XCTAssertLessThanOrEqual(digits.count, 10, text)
            let digitsBefore = value < 1 ? 0 : String(Int(value)).count
            let unit = pow10(-min(6, 10 - digitsBefore))
            XCTAssertLessThanOrEqual(abs(parsed - value), unit / 2 + 4 * value.ulp, "\(value) printed \(text)")
        }
    }

    /// 10^k for a small k.
    private func pow10(_ k: Int) -> Double {
        var r = 1.0
        for _ in 0..<abs(k) { r *= 10 }
        return k < 0 ? 1 / r : r
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

    /// A value too small for six decimals keeps three significant digits; others print as `format`.
    func testFormatKeepingDigitsNeverPrintsAPositiveValueAsZero() {
        XCTAssertEqual(CSVNumber.formatKeepingDigits(3.2596e-7), "0.000000326")
        XCTAssertEqual(CSVNumber.formatKeepingDigits(4e-9), "0.000000004")
        XCTAssertEqual(CSVNumber.formatKeepingDigits(0.0123), CSVNumber.format(0.0123))
        XCTAssertEqual(CSVNumber.formatKeepingDigits(0), "0")
        XCTAssertEqual(Double(CSVNumber.formatKeepingDigits(1.5e-12))!, 1.5e-12, accuracy: 1e-15)
    }
}
