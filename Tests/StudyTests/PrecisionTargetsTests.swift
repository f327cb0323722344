import Foundation
import XCTest
@testable import Study
import Statistics

/// `run --precision` on a paired contrast, a quantile and a tail probability, several at once
/// (docs/cli.md#sizing-a-study-to-a-precision), on the push study whose widget staleness is a
/// closed form: at refusal r and λ edits an hour the staleness at a glance S has
/// P(S > x) = r·e^{−(1−r)λx} and mean r/((1 − r)λ).
final class PrecisionTargetsTests: XCTestCase {
    static let study = ContrastsTests.pushStudy(replications: 5)
    /// mean at refused25 − mean at refused20: 400 s − 300 s.
    static let difference = ContrastsTests.mean25 - ContrastsTests.mean20

    func records(_ path: String) throws -> [[String: String]] {
        let records = try CSVParser.parse(try String(contentsOfFile: path, encoding: .utf8))
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
    }

    func testTheFormsParse() throws {
        let mean = try PrecisionTarget(parsing: "widget.staleness=5%")
        XCTAssertEqual(mean.estimand, .mean)
        XCTAssertEqual(mean.goal, .relative(0.05))
        XCTAssertEqual(try PrecisionTarget(parsing: "widget.staleness=10s").goal, .absolute(10))
        let q = try PrecisionTarget(parsing: "widget.staleness.p90=5%")
        XCTAssertEqual(q.estimand, .quantile(0.9, name: "p90"))
        let tail = try PrecisionTarget(parsing: "P(widget.staleness > 1h)=0.01")
        XCTAssertEqual(tail.estimand, .tail(threshold: 3600))
        XCTAssertEqual(tail.goal, .absolute(0.01))
        XCTAssertEqual(try PrecisionTarget(parsing: "P(widget.staleness>90)=1%").estimand, .tail(threshold: 90))
        let c = try PrecisionTarget(parsing: "widget.staleness[doze.enabled=true] - widget.staleness[doze.enabled=false]=10s")
        guard case .contrast(let a, let b) = c.estimand else { return XCTFail("\(c.estimand)") }
        XCTAssertEqual([a.paths, a.values, b.values], [["doze.enabled"], ["true"], ["false"]])
        XCTAssertEqual(c.goal, .absolute(10))
        XCTAssertEqual(try PrecisionTarget(parsing: "widget.staleness[b] - widget.staleness[a]=2min".replacingOccurrences(of: "min", with: "m")).goal,
                       .absolute(120))
    }

    /// A zero-width interval never meets a target, absolute or relative: an all-zero first
    /// batch (a metric that never moved) is not a precision (checked by dropping the
    /// `halfWidth > 0` condition: the absolute target below was then met at once).
    func testAnIntervalOfNoWidthNeverMeetsATarget() throws {
        let absolute = try PrecisionTarget(parsing: "widget.staleness=10s")
        XCTAssertFalse(absolute.isMet(halfWidth: 0, mean: 0))
        XCTAssertFalse(absolute.isMet(halfWidth: 0, mean: 5))
        XCTAssertTrue(absolute.isMet(halfWidth: 9, mean: 0), "an amount needs no share of the mean")
        let f = try StudyFixture(Self.study)
        // No one signs out in this study: widget.wrongAccount is 0 in every replication at both points.
        let console = f.cli(["run", f.scenario, "--precision", "widget.wrongAccount[refused25] - widget.wrongAccount[refused20]=0.01",
                             "--max-runs", "20", "--out", f.path("out")], expect: 1)
        XCTAssertTrue(console.output.contains("interval of no width"), console.output)
        // A tail no sample reaches has no interval of the replications: never met either.
        let g = try StudyFixture(Self.study)
        let tail = g.cli(["run", g.scenario, "--precision", "P(widget.staleness > 100d)=0.05", "--max-runs", "20", "--out", g.path("out")],
                         expect: 1)
        XCTAssertTrue(tail.output.contains("too few samples on one side of the threshold"), tail.output)
    }

    /// A paired contrast stops with its half-width met, from the paired interval of the same
    /// estimator contrasts.csv prints (its row for the same pair has that half-width), and the
    /// interval covers the closed-form difference of 100 s. Named points and swept values select
    /// the same pair.
    func testAContrastStopsWithItsHalfWidthMet() throws {
        let f = try StudyFixture(Self.study)
        let target = "widget.staleness[refused25] - widget.staleness[refused20]=40s"
        let console = f.cli(["run", f.scenario, "--precision", target, "--out", f.path("out")])
        let rows = try records(f.path("out/contrasts.csv"))
        let row = rows.first { $0["point"] == "refused25" && $0["metric"] == "widget.staleness" && $0["statistic"] == "mean" }!
        let (low, high, d) = (Double(row["diff_ci95_low"]!)!, Double(row["diff_ci95_high"]!)!, Double(row["difference"]!)!)
        XCTAssertLessThanOrEqual((high - low) / 2, 40 * (1 + 1e-9), "the half-width reached")
        XCTAssertGreaterThan((high - low) / 2, 0)
        XCTAssertTrue(low <= Self.difference && Self.difference <= high, "\(low)…\(high) covers \(Self.difference)")
        XCTAssertEqual(d, Self.difference, accuracy: 3 * (high - low) / 2)
        let n = Int(try records(f.path("out/summary.csv")).first!["replications"]!)!
        XCTAssertGreaterThanOrEqual(n, PrecisionTarget.fewestReplications, "a contrast holds from 30 replications per point")
        XCTAssertTrue(console.output.contains("\(target): held from \(n) replications per point"), console.output)
        XCTAssertTrue(console.output.contains("refused25 − refused20: "), console.output)
        let manifest = try String(contentsOfFile: f.path("out/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"replicationsNeeded\": \(n)"), manifest)
        // The same pair by swept value: the same run.
        let g = try StudyFixture(Self.study)
        g.cli(["run", g.scenario, "--precision", "widget.staleness[push.wakeRefusal=0.25] - widget.staleness[push.wakeRefusal=0.2]=40s",
               "--out", g.path("out"), "--quiet"])
        XCTAssertEqual(try String(contentsOfFile: g.path("out/contrasts.csv"), encoding: .utf8),
                       try String(contentsOfFile: f.path("out/contrasts.csv"), encoding: .utf8))
    }

    /// Several targets at once: the run stops when all hold and says how many replications each
    /// needed; the tail probability's interval (replications as clusters) covers the closed
    /// form r·e^{−(1−r)λx} at each point, and the quantile target is met by the bootstrap's interval.
    func testSeveralTargetsAtOnce() throws {
        let f = try StudyFixture(Self.study)
        let console = f.cli(["run", f.scenario, "--precision", "P(widget.staleness > 10m)=0.02", "--precision", "widget.staleness.p90=10%",
                             "--out", f.path("out")])
        XCTAssertTrue(console.output.contains("Precision: every target holds with"), console.output)
        XCTAssertTrue(console.output.contains("P(widget.staleness > 10m)=0.02: held from"), console.output)
        XCTAssertTrue(console.output.contains("widget.staleness.p90=10%: held from"), console.output)
        // Re-estimate the tail from the run's own report through the same code path.
        let manifest = try String(contentsOfFile: f.path("out/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"estimate\": \"tail probability\""), manifest)
        XCTAssertTrue(manifest.contains("\"estimate\": \"p90\""), manifest)
        for (point, r) in [("refused20", 0.2), ("refused25", 0.25)] {
            let truth = r * exp(-(1 - r) * 3 * (10.0 / 60))
            let line = console.output.split(separator: "\n").first { $0.contains("point \(point):") && $0.contains("±") && !$0.contains("p90") }
            // "    point refused20: 0.13 [0.12, 0.15] (±0.014) within ±0.02, since N replications"
            guard let line, let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else {
                return XCTFail(console.output)
            }
            let ends = line[line.index(after: open)..<close].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            XCTAssertTrue(ends[0] <= truth && truth <= ends[1], "\(point): \(ends) covers \(truth)")
        }
    }

    func testBadTargetsAreExit2WithAClearMessage() throws {
        let f = try StudyFixture(Self.study)
        let cases: [(String, String)] = [
            ("P(widget.staleness > 1h", "expected METRIC=5% or METRIC=0.05"),
            ("P(widget.staleness 1h)=0.01", "expected a tail probability written P(METRIC > THRESHOLD)=0.01"),
            ("P(widget.staleness > soon)=0.01", "expected a threshold of widget.staleness in its unit (a duration such as 10s or 1h), found 'soon'"),
            ("P(widget.staleness > 1h)=2", "a probability above 0 and below 1"),
            ("P(widget.stalenes > 1h)=0.01", "unknown metric 'widget.stalenes'. Did you mean 'widget.staleness'?"),
            ("widget.staleness.p90=5s0", "expected a half-width above 0 in widget.staleness's unit"),
            ("widget.staleness.p120=5%", "expected a quantile between p0 and p100"),
            ("share.lost.p90=5%", "a quantile target needs the bootstrap of a staleness"),
            ("widget.staleness[refused25] widget.staleness[refused20]=10s", "no ' - ' after the first ']'"),
            ("widget.staleness[refused25] - app.staleness[refused20]=10s", "a contrast is of one metric at two sets of points"),
            ("widget.staleness[refused25] - widget.staleness[push.wakeRefusal=0.2]=10s", "must name points the same way"),
            ("widget.staleness[refused26] - widget.staleness[refused20]=10s", "no point named 'refused26'. Did you mean"),
            ("widget.staleness[push.wakeRefusl=0.3] - widget.staleness[push.wakeRefusl=0.2]=10s", "'push.wakeRefusl' is not a swept parameter"),
            ("widget.staleness[push.wakeRefusal=0.3] - widget.staleness[push.wakeRefusal=0.2]=10s", "no pair of points matches"),
            ("widget.staleness[refused25] - widget.staleness[refused20]=-3s", "expected a half-width above 0"),
            ("widget.staleness[refused25 - widget.staleness[refused20]=10s", "expected METRIC=5% or METRIC=0.05"),
            ("widget.staleness[refused25] - widget.staleness[refused20=10s", "expected METRIC=5% or METRIC=0.05"),
        ]
        for (target, message) in cases {
            let console = f.cli(["run", f.scenario, "--precision", target, "--out", f.path("out")], expect: 2)
            XCTAssertTrue(console.errors.contains(message), "\(target): \(console.errors)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")), "nothing written")
    }
}
