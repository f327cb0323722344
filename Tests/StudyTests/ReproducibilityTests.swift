import Foundation
import XCTest
@testable import Study

/// The same scenario and seed give byte-identical results whatever the number
/// of workers, the split into shards, or an interruption (docs/model.md#randomness).
final class ReproducibilityTests: XCTestCase {
    func testJobs1And2AreByteIdentical() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--jobs", "1", "--out", f.path("one"), "--quiet"])
        f.cli(["run", f.scenario, "--jobs", "2", "--out", f.path("two"), "--quiet"])
        try f.assertSameResults("one", "two")
    }

    func testMergedShardsEqualTheUnsplitRun() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("whole"), "--quiet"])
        for k in 1...3 { f.cli(["run", f.scenario, "--shard", "\(k)/3", "--jobs", "\(k % 2 + 1)", "--out", f.path("s\(k)"), "--quiet"]) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: f.path("s2/state.json")))
        f.cli(["merge", f.path("s3"), f.path("s1"), f.path("s2"), "--out", f.path("merged"), "--quiet"])
        try f.assertSameResults("whole", "merged")
    }

    func testMergeRefusesAnIncompleteOrMixedSetOfShards() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--shard", "1/2", "--out", f.path("a"), "--quiet"])
        f.cli(["run", f.scenario, "--shard", "2/2", "--seed", "5", "--out", f.path("b"), "--quiet"])
        let missing = f.cli(["merge", f.path("a"), "--out", f.path("m")], expect: 2)
        XCTAssertEqual(missing.errors, "Error: shard 2/2 is missing\n")
        let mixed = f.cli(["merge", f.path("a"), f.path("b"), "--out", f.path("m")], expect: 2)
        XCTAssertTrue(mixed.errors.hasPrefix("Error: \(f.path("b")) is a shard of another study"), mixed.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("m/summary.csv")))
    }

    func testResumedRunEqualsTheUninterruptedOne() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("whole"), "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("resumed"), "--stop-after", "3", "--jobs", "2", "--quiet"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("resumed/summary.csv")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: f.path("resumed/.partial/checkpoint.json")))
        f.cli(["run", f.scenario, "--out", f.path("resumed"), "--resume", "--stop-after", "5", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("resumed"), "--resume", "--jobs", "2", "--quiet"])
        try f.assertSameResults("whole", "resumed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("resumed/.partial")))
    }

    func testResumeRefusesAnotherStudysCheckpoint() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("r"), "--stop-after", "2", "--quiet"])
        let console = f.cli(["run", f.scenario, "--out", f.path("r"), "--resume", "--seed", "99", "--quiet"], expect: 2)
        XCTAssertTrue(console.errors.hasPrefix("Error: cannot resume: "), console.errors)
    }

    func testAnInterruptedRunLeavesThePreviousResults() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("r"), "--quiet"])
        let before = try f.results("r")
        f.cli(["run", f.scenario, "--out", f.path("r"), "--seed", "3", "--stop-after", "4", "--quiet"])
        XCTAssertEqual(try f.results("r"), before)
    }

    func testRunsCSVHasARowPerPointAndReplication() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("r"), "--quiet"])
        let rows = try CSVParser.parse(try String(contentsOfFile: f.path("r/runs.csv"), encoding: .utf8))
        XCTAssertEqual(Array(rows[0].prefix(5)), ["point", "widget.budgetPerDay", "replication", "seed", "widget.staleness.mean"])
        XCTAssertEqual(rows.count, 1 + 2 * 7)
        XCTAssertEqual(rows[8].prefix(3), ["1", "70", "0"])
        XCTAssertEqual(rows[8][3], String(SeedMixerCheck.seed(11, 0)))
        let summary = try CSVParser.parse(try String(contentsOfFile: f.path("r/summary.csv"), encoding: .utf8))
        XCTAssertEqual(summary[0], ["point", "widget.budgetPerDay", "metric", "n", "mean", "sd", "ci95_low", "ci95_high",
                                    "p05", "p50", "p90", "p95", "p99", "max", "unit", "replications", "interval",
                                    "skewness", "replications_needed"])
        XCTAssertEqual(summary.count, 1 + 2 * (MetricCatalogCount.all))
        let distributions = try CSVParser.parse(try String(contentsOfFile: f.path("r/distributions.csv"), encoding: .utf8))
        XCTAssertEqual(distributions[0], ["point", "widget.budgetPerDay", "metric", "bin_low", "bin_high", "count", "cumulative_share"])
    }
}
