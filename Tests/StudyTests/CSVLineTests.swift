import XCTest
@testable import Study
import Surfaces

/// Records built as bytes: shared prefixes encoded once, seeds written as unsigned integers.
final class CSVLineTests: XCTestCase {
    /// A prefix encoded once (`CSVFields`) gives the bytes that adding its fields one by one
    /// gives, quoting included, wherever it stands in the record.
    func testEncodedFieldsWriteWhatAddingThemWrites() {
        let awkward = ["", ",", "\"", "a\r\nb", " spaced ", "ünïcode", "x,\"y\"\nz", "plain"]
        for n in 0...3 {
            for start in awkward.indices {
                let fields = (0..<n).map { awkward[(start + $0) % awkward.count] }
                for numberFirst in [true, false] {
                    var byField = CSVLine(), encoded = CSVLine()
                    if numberFirst { byField.add(number: 1.5); encoded.add(number: 1.5) }
                    for field in fields { byField.add(field) }
                    encoded.add(CSVFields(fields))
                    byField.add(integer: 7); encoded.add(integer: 7)
                    byField.endRecord(); encoded.endRecord()
                    XCTAssertEqual(encoded.text, byField.text, "\(fields), number first: \(numberFirst)")
                }
            }
        }
    }

    /// A seed is written as `String(seed)` writes it, across the whole range of `UInt64`.
    func testUnsignedIntegersAreWrittenAsTheirDecimalDigits() {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, UInt64(Int64.max), UInt64(Int64.max) + 1, .max, .max - 1]
        for _ in 0..<2_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(x >> (x % 64))
        }
        for value in values {
            var bytes: [UInt8] = []
            CSVNumber.appendUnsigned(value, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(value))
        }
    }

    /// Around each power of ten the number of digits before the point changes, and with it the
    /// decimals kept: each side of every power from 10⁻⁷ to 10¹⁷ keeps at most 10 significant
    /// digits, at most 6 decimals, and reads back within half its last digit.
    func testNumbersEitherSideOfEachPowerOfTen() {
        var power = 1e-7
        for _ in 0..<25 {
            for value in [power.nextDown, power, power.nextUp, power * 0.999_999_999_9, power * 1.000_000_000_1] {
                let text = CSVNumber.format(value)
                guard let parsed = Double(text) else { return XCTFail("\(value) printed \(text)") }
                let digitsBefore = value < 1 ? 0 : String(UInt64(value)).count
                let decimals = min(6, max(0, 10 - digitsBefore))
                var unit = 1.0
                for _ in 0..<decimals { unit /= 10 }
                if digitsBefore > 10 { for _ in 0..<(digitsBefore - 10) { unit *= 10 } }
                let parts = text.split(separator: ".")
                XCTAssertLessThanOrEqual(parts.count == 2 ? parts[1].count : 0, decimals, "\(value) printed \(text)")
                XCTAssertLessThanOrEqual(abs(parsed - value), unit / 2 + 4 * value.ulp, "\(value) printed \(text)")
            }
            power *= 10
        }
    }
}

/// A runs.csv record is written in place into room made for its longest form.
final class RunsRecordTests: XCTestCase {
    /// Every figure at its longest (the largest magnitudes, negative, infinite, NaN) still fits,
    /// and the record reads back as the header's columns, each field as `CSVNumber.format`
    /// writes the figure, after the point's quoted fields, the replication and the seed.
    func testTheLongestFiguresFitAndReadBack() throws {
        let point = PointLayout(name: "a, \"b\"", fields: ["x\ny", "", "plain"], warmupMinutes: 0)
        var figures = ReplicationFigures(ReplicationResult(minutes: 0), seed: .max)
        let extremes: [Double] = [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, -.infinity, .nan,
                                  -123_456_789.123456, -0.000_001_5, 1e17 + 0.5, -9.223372036854775e18]
        figures.values = figures.values.indices.map { extremes[$0 % extremes.count] }
        figures.sampleFigures = figures.sampleFigures.indices.map { extremes[($0 + 3) % extremes.count] }
        let row = RunsTable.row(point: point, replication: Int(Int64.min + 1), figures: figures)
        let text = String(decoding: row, as: UTF8.self)
        let fields = try XCTUnwrap(CSVParser.parse(text).first)
        let columns = RunsTable.header(columns: ["p", "q", "r"])
        XCTAssertEqual(fields.count, columns.count)
        XCTAssertEqual(Array(fields.prefix(5)), [point.name] + point.fields + [String(Int64.min + 1)])
        XCTAssertEqual(fields[5], String(UInt64.max))
        var expected: [String] = []
        for (i, shape) in MetricCatalog.shapes.enumerated() {
            switch shape {
            case .sampled: expected += figures.statistics(at: i).map(CSVNumber.format)
            case .perReplication: expected.append(CSVNumber.format(figures.values[i]))
            }
        }
        XCTAssertEqual(Array(fields.dropFirst(6)), expected)
        XCTAssertEqual(text.last, "\n")
    }
}
