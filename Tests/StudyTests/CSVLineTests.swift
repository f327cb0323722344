import XCTest
@testable import Study
import Surfaces
import SurfaceCore

/// Records written in place: leading fields encoded once, numbers written where they stay.
final class CSVLineTests: XCTestCase {
    /// distributions.csv reads back as its header's columns on every record: the point's
    /// quoted name and swept values and the metric's name, then each bin as `CSVNumber.format`
    /// writes its bounds, count and share (the bins of the histograms the table is made of).
    func testDistributionsReadBackWithQuotedLeadingFields() throws {
        let names = ["a, \"b\"", "x\ny"]
        let layout = StudyLayout(name: "t", columns: ["p,q"],
                                 points: [PointLayout(name: names[0], fields: ["1\r\n2"], warmupMinutes: 0),
                                          PointLayout(name: names[1], fields: [""], warmupMinutes: 0)],
                                 replications: 3, seed: 1, commonRandomNumbers: true, scenarioJSON: "{}")
        var state = StudyState(layout: layout, shard: nil)
        for p in 0..<2 {
            for r in 0..<3 {
                var result = ReplicationResult(minutes: 0)
                result.samples[Metric.widgetStaleness.rawValue] = [0, 1e-7, 0.5, 86_400.25, 3e15 + Double(r)]
                result.values[Metric.widgetBlank.rawValue] = 1.0 / Double(r + 3)
                state.points[p].add(ReplicationFigures(result, seed: layout.seed(point: p, replication: r)))
            }
        }
        let records = try CSVParser.parse(String(decoding: DistributionsTable.bytes(state), as: UTF8.self))
        XCTAssertEqual(records.first, DistributionsTable.header(columns: layout.columns))
        var expected: [[String]] = []
        for (p, point) in layout.points.enumerated() {
            for (slot, spec) in MetricCatalog.specs.enumerated() {
                for bin in state.points[p].metrics[slot].histogram.bins() {
                    expected.append([point.name] + point.fields + [spec.name, CSVNumber.format(bin.lower),
                                    CSVNumber.format(bin.upper), String(bin.count), CSVNumber.format(bin.cumulativeShare)])
                }
            }
        }
        XCTAssertGreaterThan(expected.count, 10)
        XCTAssertEqual(Array(records.dropFirst()), expected)
    }

    /// A seed is written as `String(seed)` writes it, across the whole range of `UInt64`, and a
    /// count as `String(count)` across `Int64`'s (its bit pattern; `1 << 63` is `Int64.min`):
    /// every length of number, odd and even (the digits are written two at a time), each side
    /// of every power of ten.
    func testIntegersAreWrittenAsTheirDecimalDigits() {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, UInt64(Int64.max), UInt64(Int64.max) + 1, .max, .max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1, power / 2 + 7]
        }
        for _ in 0..<2_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(x >> (x % 64))
        }
        var buffer = [UInt8](repeating: 0, count: CSVNumber.longestField)
        for value in values {
            let count = buffer.withUnsafeMutableBufferPointer { CSVNumber.writeUnsigned(value, to: $0.baseAddress!) }
            XCTAssertEqual(String(decoding: buffer.prefix(count), as: UTF8.self), String(value))
            let signed = Int64(bitPattern: value)
            let signedCount = buffer.withUnsafeMutableBufferPointer { CSVNumber.writeInteger(signed, to: $0.baseAddress!) }
            XCTAssertEqual(String(decoding: buffer.prefix(signedCount), as: UTF8.self), String(signed))
        }
    }

    /// A fraction keeps each of its digits, zeros inside it included (written two at a time).
    func testFractionsKeepEachDigit() {
        for (value, expected) in [(0.0102, "0.0102"), (1.000001, "1.000001"), (12.3456, "12.3456"), (0.101, "0.101"),
                                  (9999.000009, "9999.000009"), (1234567.891, "1234567.891"), (0.12345, "0.12345")] {
            XCTAssertEqual(CSVNumber.format(value), expected)
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
        // Each sampled metric's numerator and denominator: sums as large as the moments hold.
        figures.sampleMoments = figures.sampleMoments.indices.map { k in
            var m = ExactMoments()
            for _ in 0..<(k % 4) { m.add(k % 2 == 0 ? 1.7e308 : 123_456.000_001) }
            return m
        }
        // Each fraction's events and trials: the largest counts, or none (empty fields).
        figures.fractionCounts = figures.fractionCounts.indices.map { k in
            k % 3 == 2 ? nil : FractionCount(events: k % 3 == 0 ? Int.max : 0, trials: Int.max)
        }
        let row = RunsTable.row(point: point, replication: Int(Int64.min + 1), figures: figures)
        let text = String(decoding: row, as: UTF8.self)
        let fields = try XCTUnwrap(CSVParser.parse(text).first)
        let columns = RunsTable.header(columns: ["p", "q", "r"])
        XCTAssertEqual(fields.count, columns.count)
        XCTAssertEqual(Array(fields.prefix(5)), [point.name] + point.fields + [String(Int64.min + 1)])
        XCTAssertEqual(fields[5], String(UInt64.max))
        var expected: [String] = []
        // The built-in metrics in their column groups (`MetricCatalog.runsColumnGroups`), then the added ones.
        let starts = MetricCatalog.runsColumnGroups + [Metric.allCases.count]
        for part in zip(starts, starts.dropFirst()).map({ $0..<$1 }) + [Metric.allCases.count..<MetricCatalog.specs.count] {
            for i in part {
                switch MetricCatalog.shapes[i] {
                case .sampled: expected += figures.statistics(at: i).map(CSVNumber.format)
                case .perReplication: expected.append(CSVNumber.format(figures.values[i]))
                }
            }
            for i in part where MetricCatalog.shapes[i] == .sampled {
                let m = figures.sampleMoments[ReplicationFigures.sampledPosition[i]]
                expected += [CSVNumber.format(m.total), String(m.count)]
            }
            for i in part where MetricCatalog.fractionPosition[i] >= 0 {
                let c = figures.fractionCounts[MetricCatalog.fractionPosition[i]]
                expected += c.map { [String($0.events), String($0.trials)] } ?? ["", ""]
            }
        }
        XCTAssertEqual(Array(fields.dropFirst(6)), expected)
        XCTAssertEqual(text.last, "\n")
    }
}
