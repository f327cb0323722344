import XCTest
@testable import Study

/// The lossless encodings written number by number (`EncodedLine`) are their documented text
/// forms, as one string per number joined by separators wrote them.
final class EncodedLineTests: XCTestCase {
    func testNumbersAreWrittenAsStringWritesThem() {
        for value in [0, 7, -7, 10, 99, 100, -1_000_000, Int.max, Int.min] {
            var line = EncodedLine(capacity: 0)
            line.append(value)
            XCTAssertEqual(line.text, String(value))
        }
        for value: UInt64 in [0, 9, 10, UInt64.max] {
            var line = EncodedLine(capacity: 0)
            line.append(value)
            XCTAssertEqual(line.text, String(value))
        }
    }

    func testExactSumsAreWrittenAsStringWritesThem() {
        let edges: [Int128] = [0, -1, Int128(Int64.max), Int128(Int64.max) + 1, Int128(Int64.min), Int128(Int64.min) - 1,
                               Int128.max, Int128.min, 10_000_000_000_000_000_000]
        for value in edges {
            var line = EncodedLine(capacity: 0)
            line.append(value)
            XCTAssertEqual(line.text, String(value))
        }
        // The sums' own texts: their fields as interpolation wrote them, past 64 bits too.
        var sums = ClusterSums()
        for (y, n) in [(Int128(Int64.max) * 3, 5), (-7, 1), (123_456_789_012, 40)] as [(Int128, Int128)] { sums.add(sumInMilli: y, count: n) }
        let fields: [Int128] = [sums.sumY, sums.sumN, sums.sumYY, sums.sumYN, sums.sumNN]
        let cubes: [Int128] = [sums.sumYYY, sums.sumYYN, sums.sumYNN, sums.sumNNN]
        XCTAssertEqual(sums.encode(), "\(sums.replications):" + fields.map { "\($0)" }.joined(separator: ":")
                       + ":\(sums.overflowed ? 1 : 0):" + cubes.map { "\($0)" }.joined(separator: ":") + ":0")
        var moments = ExactMoments()
        for x in [1e12, 3.25, 0] { moments.add(x) }
        XCTAssertEqual(moments.encode(), "3:\(moments.sum):\(moments.sumOfSquares)")
    }

    func testAHistogramIsEncodedInItsDocumentedForm() {
        var histogram = LogHistogram()
        XCTAssertEqual(histogram.encode(), "lh1;0;0:0;inf;-inf;")
        for value in [0, 2.5, 2.5, 3.5, 1e-3, 86_400] { histogram.record(value) }
        var previous = 0
        var pairs: [String] = []
        for bucket in histogram.buckets {
            pairs.append("\(bucket.index - previous):\(bucket.count)")
            previous = bucket.index
        }
        let parts = ["lh1", String(histogram.zeroCount), "\(histogram.sum.high):\(histogram.sum.low)",
                     histogram.minimumValue.description, histogram.maximumValue.description, pairs.joined(separator: ",")]
        XCTAssertEqual(histogram.encode(), parts.joined(separator: ";"))
    }

    func testABootstrapIsEncodedInItsDocumentedForm() {
        XCTAssertEqual(QuantileBootstrap().encode(), "qb1;0;0;")
        // Replications still pending and counted into the columns; buckets far apart (zeros
        // between kept columns, and after the last one up to the end of its block of 16).
        for b in [QuantileBootstrapTests.bootstrap(QuantileBootstrapTests.replications(5, size: 30, trial: 3)
                                                   + [(seed: 9, sorted: [0, 0, 1e9])]),
                  QuantileBootstrapTests.bootstrap(QuantileBootstrapTests.replications(12, size: 3, trial: 4)
                                                   + [(seed: 10, sorted: [2e-6, 5e3])])] {
            checkTheDocumentedForm(b)
        }
    }

    private func checkTheDocumentedForm(_ b: QuantileBootstrap) {
        let rows = (0...QuantileBootstrap.replicates).map { r -> String in
            var tokens: [String] = []
            var zeros = 0
            for count in b.row(r) {
                if count == 0 { zeros += 1; continue }
                if zeros > 0 { tokens.append("-\(zeros)"); zeros = 0 }
                tokens.append(String(count))
            }
            if zeros > 0 { tokens.append("-\(zeros)") }
            return tokens.joined(separator: ",")
        }
        let text = b.encode()
        XCTAssertEqual(text, ["qb1", String(b.replications), String(b.offset), rows.joined(separator: "|")].joined(separator: ";"))
        XCTAssertTrue(text.contains("-"), "the sample has runs of zeros")
    }
}
