import Foundation
import XCTest
@testable import Study

/// The bucket indices read from bit patterns equal the definitions by exponent and
/// significand, and the in-place merge of a small histogram into a large one equals
/// recording every value into one.
final class HistogramIndexTests: XCTestCase {
    /// `LogHistogram.index(of:)` by its definition.
    private static func definedIndex(_ value: Double) -> Int {
        let octave = Int(value.exponent) - LogHistogram.minimumExponent
        let subBucket = Int((value.significand - 1) * Double(LogHistogram.subBucketCount))
        return octave << LogHistogram.subBucketBits + subBucket
    }

    /// `QuantileBootstrap.bucket(of:)` by its definition.
    private static func definedCoarseBucket(_ value: Double) -> Int {
        guard value >= QuantileBootstrap.lowestTrackable else { return 0 }
        let subBuckets = QuantileBootstrap.subBuckets
        let sub = Int((value.significand - 1) * Double(subBuckets))
        return 1 + Int(value.exponent - QuantileBootstrap.lowestExponent) * subBuckets + min(sub, subBuckets - 1)
    }

    /// Values at and around every edge that matters, and many spread ones.
    private static func values() -> [Double] {
        var values: [Double] = [1e-6, 1e-6.nextUp, 1e-6.nextDown, 2e-6, 9.5367431640625e-07, 1, 1.5, 2, 3600, 86_400,
                                31_557_600, 1e18, 1e300, .greatestFiniteMagnitude, .greatestFiniteMagnitude.nextDown,
                                0, 5e-7, .leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude / 3]
        for exponent in -22...1023 {
            for sub in 0...128 {
                let edge = Double(sign: .plus, exponent: exponent, significand: 1 + Double(sub) / 128)
                guard edge.isFinite else { continue }
                values += [edge, edge.nextUp, edge.nextDown]
            }
        }
        var state: UInt64 = 0x1234_5678_9ABC_DEF0
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Any finite non-negative bit pattern: exponents from subnormal to huge.
            let value = Double(bitPattern: state >> 1)
            if value.isFinite { values.append(value) }
        }
        return values
    }

    func testIndexFromBitsEqualsTheDefinition() {
        for value in Self.values() where value >= LogHistogram.lowestTrackable {
            XCTAssertEqual(LogHistogram.index(of: value), Self.definedIndex(value), "value \(value)")
        }
        XCTAssertEqual(LogHistogram.index(of: .greatestFiniteMagnitude), LogHistogram.maximumIndex)
        XCTAssertEqual(LogHistogram.index(of: LogHistogram.lowestTrackable), 6)  // 1e-6 = 1.048576 · 2⁻²⁰
    }

    func testCoarseBucketFromBitsEqualsTheDefinition() {
        for value in Self.values() {
            XCTAssertEqual(QuantileBootstrap.bucket(of: value), Self.definedCoarseBucket(value), "value \(value)")
        }
    }

    func testSmallIntoLargeMergeEqualsRecordingEverything() {
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var large = LogHistogram()
        var whole = LogHistogram()
        for _ in 0..<5_000 {
            let value = pow(10, -2 + 4 * next())
            large.record(value)
            whole.record(value)
        }
        for round in 0..<300 {
            // Mostly stored buckets, some new ones below, inside and above the large one's range.
            var values = (0..<(1 + round % 40)).map { _ in pow(10, -2 + 4 * next()) }
            if round % 3 == 0 { values.append(pow(10, -5 + 1.5 * next())) }
            if round % 5 == 0 { values.append(pow(10, 3 + 3 * next())) }
            if round % 7 == 0 { values.append(0) }
            let small = LogHistogram(sorted: values.sorted())
            for value in values { whole.record(value) }
            large.merge(small)
            XCTAssertEqual(large, whole, "round \(round)")
        }
        XCTAssertEqual(large.encode(), whole.encode())
    }

    func testSortedInitEqualsRecordingOneByOne() {
        let values = Self.values().filter { $0 < 1e9 }.sorted()
        var recorded = LogHistogram()
        for value in values { recorded.record(value) }
        XCTAssertEqual(LogHistogram(sorted: values), recorded)
    }
}
