import Foundation
import XCTest
@testable import Study

/// `run --precision METRIC=5%` (docs/cli.md): replications grow in batches until the mean's
/// 95 % CI half-width is within the target at every point; the files equal a fixed-count run
/// of the reported size; a point short of the target within --max-runs fails the run.
final class PrecisionTests: XCTestCase {
    static let study = ContrastsTests.pushStudy(replications: 5)

    /// summary.csv's rows of `metric`: (point, half-width, mean, replications).
    func summary(_ path: String, metric: String) throws -> [(point: String, half: Double, mean: Double, replications: Int)] {
        let records = try CSVParser.parse(try String(contentsOfFile: path, encoding: .utf8))
        let h = records[0]
        func at(_ name: String) -> Int { h.firstIndex(of: name)! }
        return records.dropFirst().filter { $0[at("metric")] == metric }.map { r in
            (r[0], (Double(r[at("ci95_high")])! - Double(r[at("ci95_low")])!) / 2, Double(r[at("mean")])!, Int(r[at("replications")])!)
        }
    }

    func testThePrecisionIsReachedAndTheFilesEqualAFixedCountRun() throws {
        let f = try StudyFixture(Self.study)
        let console = f.cli(["run", f.scenario, "--precision", "widget.staleness=7%", "--out", f.path("sized")])
        let rows = try summary(f.path("sized/summary.csv"), metric: "widget.staleness")
        let n = rows[0].replications
        XCTAssertGreaterThan(n, 5, "the first batch (5) is not enough for 7%")
        for row in rows {
            XCTAssertEqual(row.replications, n, "every point has the reported count")
            XCTAssertLessThanOrEqual(row.half, 0.10 * row.mean, "point \(row.point) reaches the target")
        }
        XCTAssertTrue(console.output.contains("with \(n) replications per point"), console.output)
        let manifest = try String(contentsOfFile: f.path("sized/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"replicationsPerPoint\": \(n)"), manifest)
        XCTAssertTrue(manifest.contains("\"precision\""), manifest)
        f.cli(["run", f.scenario, "--runs", String(n), "--out", f.path("fixed"), "--quiet"])
        try f.assertSameResults("sized", "fixed")
    }

    func testAPointShortOfTheTargetFailsTheRunWithItsResultsWritten() throws {
        let f = try StudyFixture(Self.study)
        let console = f.cli(["run", f.scenario, "--precision", "widget.staleness=0.01", "--max-runs", "12", "--out", f.path("out")],
                            expect: 1)
        XCTAssertTrue(console.output.contains("point refused20: half-width"), console.output)
        XCTAssertTrue(console.errors.contains("did not reach --precision widget.staleness=0.01 within 12 replications"), console.errors)
        XCTAssertTrue(try summary(f.path("out/summary.csv"), metric: "widget.staleness").allSatisfy { $0.replications == 12 })
    }

    /// A metric that has had no value yet (its surface on, the events that give it values
    /// possible but not drawn) runs to --max-runs, and the run says so in words instead of
    /// printing an empty half-width and mean.
    func testAMetricWithNoValuesIsNamedAsSuch() throws {
        let f = try StudyFixture(Self.study)
        let console = f.cli(["run", f.scenario, "--set", "live.enabled=true", "--set", "live.activities.perDay=1e-9",
                             "--precision", "live.staleness=10%", "--max-runs", "10", "--out", f.path("out")], expect: 1)
        XCTAssertTrue(console.output.contains("no value of live.staleness in 10 replications"), console.output)
        XCTAssertFalse(console.output.contains("half-width ,"), console.output)
    }

    /// A metric whose surface is switched off at some point can never have a value there:
    /// refused before anything runs (exit 2, nothing written), naming the point and the switch.
    /// Checked by removing the refusal: the run then went on to --max-runs and exit 1.
    func testAMetricOfASurfaceSwitchedOffIsRefusedBeforeRunning() throws {
        let f = try StudyFixture(Self.study)
        let console = f.cli(["run", f.scenario, "--set", "live.enabled=false", "--precision", "live.staleness=10%",
                             "--max-runs", "10", "--out", f.path("out")], expect: 2)
        XCTAssertTrue(console.errors.contains("live.staleness has no value at point"), console.errors)
        XCTAssertTrue(console.errors.contains("(live.enabled false)"), console.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")), "nothing written")
    }

    /// docs/cli.md: a mean of 0 takes 4n. A metric that never moved in the first batch has a
    /// half-width of 0 around a mean of 0, which is no share of the mean: it is not met, so the
    /// next batch is 4n. Checked against the old rule (0 ≤ 5% of 0 was met at the first batch).
    func testAMeanOfZeroIsNeverMetAndTakesFourTimesAsMany() throws {
        let t = try PrecisionTarget(parsing: "share.lost=5%")
        XCTAssertFalse(t.isMet(halfWidth: 0, mean: 0))
        XCTAssertFalse(t.isMet(halfWidth: 0, mean: -0.0))
        // Nor is an interval of no width around any mean: nothing varied (docs/cli.md).
        XCTAssertFalse(t.isMet(halfWidth: 0, mean: 3))
        XCTAssertTrue(t.isMet(halfWidth: 0.1, mean: 3))
        XCTAssertEqual(t.next(after: 20, first: 20, cap: 100_000, unmet: [(halfWidth: 0, mean: 0)]), 80)
        // End to end: no glance shows a signed-out account in this study (no one signs out), so
        // the metric is 0 in every replication: never certified, it grows 5 → 20 (4n) and stops at --max-runs.
        let f = try StudyFixture(Self.study)
        let console = f.cli(["run", f.scenario, "--precision", "widget.wrongAccount=5%", "--max-runs", "20", "--out", f.path("out")],
                            expect: 1)
        XCTAssertTrue(console.errors.contains("did not reach --precision widget.wrongAccount=5% within 20 replications"), console.errors)
    }

    func testBadPrecisionOptionsAreExit2() throws {
        let f = try StudyFixture(Self.study)
        let cases: [([String], String)] = [
            (["--precision", "widget.stalenes=5%"], "unknown metric 'widget.stalenes'. Did you mean 'widget.staleness'?"),
            (["--precision", "widget.staleness=5"], "expected a target above 0 and at most 100%"),
            (["--precision", "widget.staleness=0%"], "expected a target above 0 and at most 100%"),
            (["--precision", "widget.staleness"], "expected METRIC=5% or METRIC=0.05"),
            (["--precision", "backend.requests.peakToMean=5%"], "no confidence interval"),
            (["--precision", "widget.staleness=5%", "--shard", "1/2"], "--precision cannot be combined with --shard"),
            (["--precision", "widget.staleness=5%", "--max-runs", "3"], "--max-runs 3 is below the first batch"),
            (["--max-runs", "30"], "--max-runs needs --precision"),
        ]
        for (options, message) in cases {
            let console = f.cli(["run", f.scenario, "--out", f.path("out")] + options, expect: 2)
            XCTAssertTrue(console.errors.contains(message), "\(options): \(console.errors)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")), "nothing written")
    }

    /// The growth rule: the worst point's n·(h/(f·|m|))², at least n + the first batch, at most 4n and the cap.
    func testTheBatchGrowthRule() throws {
        let t = try PrecisionTarget(parsing: "widget.staleness=5%")
        XCTAssertEqual(t.next(after: 10, first: 10, cap: 1000, unmet: [(halfWidth: 7.5, mean: 100)]), 23)  // 10·1.5² = 22.5
        XCTAssertEqual(t.next(after: 10, first: 10, cap: 1000, unmet: [(halfWidth: 5.5, mean: 100)]), 20)  // at least n + first
        XCTAssertEqual(t.next(after: 10, first: 10, cap: 1000, unmet: [(halfWidth: 50, mean: 100)]), 40)   // at most 4n
        XCTAssertEqual(t.next(after: 10, first: 10, cap: 1000, unmet: [(halfWidth: .nan, mean: 100)]), 40) // no interval yet
        XCTAssertEqual(t.next(after: 10, first: 10, cap: 30, unmet: [(halfWidth: 50, mean: 0)]), 30)       // the cap
    }
}
