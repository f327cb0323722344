@testable import Study
import Statistics
import XCTest

/// A mean contrast's estimate and interval come from the same pairs: the interval always
/// holds the estimate, and pairs that all differ by one amount give that amount, whatever
/// summary.csv's figures (pooled over the samples) say.
final class PairedMeanEstimateTests: XCTestCase {
    struct Case {
        var label: String
        /// (baseline, point) per replication.
        var pairs: [(Double, Double)]
        /// The figures summary.csv prints for the two points.
        var baseline: Double, value: Double
        /// The difference the pairs give (NaN: none).
        var difference: Double
        /// Whether the interval has zero width (every pair differs by the same amount).
        var zeroWidth: Bool
    }

    static let cases: [Case] = [
        // car.staleness of a 12 h against a 1 d study: every replication's mean moved by the same
        // amount while the pooled means, weighted by each replication's samples, moved by another.
        Case(label: "pairs all differing by −5, pooled figures by −50", pairs: [(10, 5), (20, 15), (30, 25), (40, 35)],
             baseline: 100, value: 50, difference: -5, zeroWidth: true),
        Case(label: "pairs all equal", pairs: [(3, 3), (7, 7), (9, 9)], baseline: 6, value: 6.5, difference: 0, zeroWidth: true),
        Case(label: "pairs that vary", pairs: [(1, 2), (2, 5), (3, 4), (4, 8)], baseline: 2.5, value: 4.75, difference: 2.25, zeroWidth: false),
        Case(label: "pairs against pooled figures of the other sign", pairs: [(1, 3), (2, 3.5), (5, 6)], baseline: 9, value: 2,
             difference: 1.5, zeroWidth: false),
        Case(label: "one pair", pairs: [(4, 6)], baseline: 4, value: 6, difference: 2, zeroWidth: false),
        Case(label: "no pairs", pairs: [], baseline: 4, value: 6, difference: .nan, zeroWidth: false),
    ]

    func testTheDifferenceAndItsIntervalComeFromTheSamePairs() {
        for c in Self.cases {
            var moments = PairedMoments()
            for (b, a) in c.pairs { moments.add(baseline: b, value: a) }
            let f = ContrastFigures.mean(baseline: c.baseline, value: c.value, pairs: moments)
            XCTAssertEqual(f.baseline, c.baseline, "\(c.label): baseline is summary.csv's figure")
            XCTAssertEqual(f.value, c.value, "\(c.label): value is summary.csv's figure")
            if c.difference.isNaN {
                XCTAssertTrue(f.difference.isNaN, "\(c.label): no pairs, no estimate: \(f.difference)")
                continue
            }
            XCTAssertEqual(f.difference, c.difference, accuracy: 1e-12, c.label)
            guard c.pairs.count >= 2 else {
                XCTAssertTrue(f.differenceLow.isNaN && f.differenceHigh.isNaN, "\(c.label): no interval from one pair")
                continue
            }
            XCTAssertLessThanOrEqual(f.differenceLow, f.difference, "\(c.label): the interval holds the estimate")
            XCTAssertGreaterThanOrEqual(f.differenceHigh, f.difference, "\(c.label): the interval holds the estimate")
            if c.zeroWidth {
                XCTAssertEqual(f.differenceHigh - f.differenceLow, 0, accuracy: 1e-9, "\(c.label): zero width")
            } else {
                // ± t · sd(a − b)/√n, the closed form over the same pairs.
                let d = c.pairs.map { $1 - $0 }
                let mean = d.reduce(0, +) / Double(d.count)
                let sd = (d.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(d.count - 1)).squareRoot()
                let half = SampleSummary.tQuantile975(degreesOfFreedom: d.count - 1) * sd / Double(d.count).squareRoot()
                XCTAssertEqual(f.differenceLow, mean - half, accuracy: 1e-9, c.label)
                XCTAssertEqual(f.differenceHigh, mean + half, accuracy: 1e-9, c.label)
            }
            let ratio = moments.meanValue / moments.meanBaseline
            XCTAssertEqual(f.ratio, ratio, accuracy: 1e-12, "\(c.label): the ratio of the pairs' means")
            if f.ratioLow.isFinite { XCTAssertTrue(f.ratioLow <= f.ratio && f.ratio <= f.ratioHigh, "\(c.label): the ratio lies in its interval") }
        }
    }

    /// A per-point metric has no pairs: the difference of its two figures, no interval.
    func testAPerPointMetricHasItsFiguresDifference() {
        let f = ContrastFigures.mean(baseline: 2, value: 3.5, pairs: nil)
        XCTAssertEqual(f.difference, 1.5)
        XCTAssertEqual(f.ratio, 1.75)
        XCTAssertTrue(f.differenceLow.isNaN && f.differenceHigh.isNaN)
    }
}
