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
        let b = QuantileBootstrapTests.bootstrap(QuantileBootstrapTests.replications(5, size: 30, trial: 3)
                                                 + [(seed: 9, sorted: [0, 0, 1e9])])
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
