import XCTest
@testable import Study

/// The digits `CSVNumber` writes two at a time are the decimal digits `String` gives, for
/// every length of number (odd and even), the bounds, and the fractions' digits.
final class CSVDigitsTests: XCTestCase {
    private func written(_ write: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: CSVNumber.longestField) { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[..<write(buffer.baseAddress!)]), as: UTF8.self)
        }
    }

    func testIntegersOfEveryLengthAreTheirDecimalDigits() {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, UInt64.max, UInt64.max - 1, UInt64(Int64.max)]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1, power / 2 + 7]
        }
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(x >> (x % 64))
        }
        for v in values {
            XCTAssertEqual(written { CSVNumber.writeUnsigned(v, to: $0) }, String(v))
            let signed = Int64(bitPattern: v)
            XCTAssertEqual(written { CSVNumber.writeInteger(signed, to: $0) }, String(signed))
        }
    }

    func testFractionsKeepEachDigit() {
        for (value, expected) in [(0.0102, "0.0102"), (1.000001, "1.000001"), (12.3456, "12.3456"), (0.101, "0.101"),
                                  (9999.000009, "9999.000009"), (1234567.891, "1234567.891"), (0.12345, "0.12345")] {
            XCTAssertEqual(CSVNumber.format(value), expected)
        }
    }
}
