import Foundation
import XCTest
@testable import Study

extension ContrastsTests {
    /// A fraction's mean contrast pairs the replications' counts (runs.csv's `M.numerator` and
    /// `M.denominator`): the difference of the pooled fractions summary.csv prints, with the
    /// paired ratio estimator's interval, as for a sampled metric.
    func testAFractionsContrastPairsItsCounts() throws {
        let f = try StudyFixture(Self.pushStudy(replications: 12))
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet", "--set", "observe.report=widget.staleness,widget.lag.censored"])
        let runs = try CSVParser.parse(try String(contentsOfFile: f.path("out/runs.csv"), encoding: .utf8))
        let metric = "widget.lag.censored"
        let (y, n) = (try XCTUnwrap(runs[0].firstIndex(of: metric + ".numerator")), try XCTUnwrap(runs[0].firstIndex(of: metric + ".denominator")))
        func clusters(_ point: String) -> [(Double, Double)] {
            runs.filter { $0[0] == point }.map { (Double($0[y])!, Double($0[n])!) }
        }
        let (a, b) = (clusters("refused20"), clusters("refused25"))
        let m = Double(a.count)
        let (ya, na) = (a.map(\.0).reduce(0, +) / m, a.map(\.1).reduce(0, +) / m)
        let (yb, nb) = (b.map(\.0).reduce(0, +) / m, b.map(\.1).reduce(0, +) / m)
        let (ra, rb) = (ya / na, yb / nb)
        XCTAssertGreaterThan(ra, 0, "the widget misses some changes by the end")
        let ea = a.map { ($0.0 - ra * $0.1) / na }, eb = b.map { ($0.0 - rb * $0.1) / nb }
        let zz = zip(ea, eb).map { ($1 - $0) * ($1 - $0) }.reduce(0, +)
        let half = SampleSummary.tQuantile975(degreesOfFreedom: a.count - 1) * (zz / (m * (m - 1))).squareRoot()
        let row = try contrasts(f.path("out/contrasts.csv")).rows["refused25/\(metric)/mean"]
        let difference = number(row, "difference")
        XCTAssertEqual(number(row, "baseline"), ra, accuracy: 1e-6)
        XCTAssertEqual(number(row, "value"), rb, accuracy: 1e-6)
        XCTAssertEqual(difference, rb - ra, accuracy: 1e-5)
        XCTAssertEqual(number(row, "diff_ci95_low"), difference - half, accuracy: 1e-5)
        XCTAssertEqual(number(row, "diff_ci95_high"), difference + half, accuracy: 1e-5)
        // summary.csv prints the same pooled fractions.
        let summary = try CSVParser.parse(try String(contentsOfFile: f.path("out/summary.csv"), encoding: .utf8))
        let (metricAt, meanAt) = (summary[0].firstIndex(of: "metric")!, summary[0].firstIndex(of: "mean")!)
        let means = summary.filter { $0[metricAt] == metric }.map { Double($0[meanAt])! }
        XCTAssertEqual(means[0], ra, accuracy: 1e-6)
        XCTAssertEqual(means[1], rb, accuracy: 1e-6)
    }
}
