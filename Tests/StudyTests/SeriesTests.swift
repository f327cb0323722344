import Foundation
import SimKernel
import Statistics
import Surfaces
import SurfaceCore
import XCTest
@testable import Study

/// `observe.series` and series.csv (docs/scenarios.md#time-series, docs/output.md#seriescsv).
final class SeriesTests: XCTestCase {
    static let study = """
    {
      name: "series", duration: "6h", replications: 6, seed: 5,
      observe: {warmup: "1h", series: {every: "1h", metrics: ["widget.staleness", "backend.requests"]}},
      sweep: {"widget.budgetPerDay": [40, 70]},
    }
    """

    // MARK: Decoding and bad input

    func testTheSeriesIsDecodedNestedOrDottedAndRenderedBack() throws {
        let s = try ScenarioLoader.decode(Self.study, file: "s")
        let series = try XCTUnwrap(s.series)
        XCTAssertEqual(series.every, Time.hour)
        XCTAssertEqual(series.metrics, [Metric.widgetStaleness.rawValue, Metric.backendRequests.rawValue])
        XCTAssertEqual(s.base.observe.warmup, Time.hour, "the other observe keys are still parameters")
        let dotted = try ScenarioLoader.decode(#"{"observe.series": {every: "1m", metrics: ["live.staleness"]}}"#, file: "s")
        XCTAssertEqual(dotted.series, SeriesRequest(every: Time.minute, metrics: [Metric.liveStaleness.rawValue]))
        XCTAssertNil(try ScenarioLoader.decode("{}", file: "s").series)
        // The state of a study keeps the rendered scenario: it gives the request back.
        let rendered = ParameterRendering.node(s.renderedJSON()).render()
        XCTAssertEqual(SeriesDecoder.inRenderedScenario(rendered), series)
        XCTAssertEqual(try ScenarioLoader.decode(rendered, file: "s").series, series)
    }

    func testBadInputIsOneClearError() {
        func error(_ series: String, duration: String = "1d") -> String {
            do {
                _ = try ScenarioLoader.decode("{duration: \"\(duration)\",\nobserve: {series: \(series)}}", file: "f.json5")
                return "accepted"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(error(#"{every: "1h", metrics: ["widget.stalenes"]}"#),
                       #"f.json5:2:43: observe.series.metrics[0]: expected a metric name (surfacesim help metrics), found "widget.stalenes". Did you mean 'widget.staleness'?"#)
        XCTAssertEqual(error(#"{every: "0s", metrics: ["widget.staleness"]}"#),
                       #"f.json5:2:27: observe.series.every: expected a bin length above 0s, found "0s""#)
        XCTAssertTrue(error(#"{every: "-5m", metrics: ["widget.staleness"]}"#).contains("expected a bin length above 0s"))
        XCTAssertEqual(error(#"{every: "2d", metrics: ["widget.staleness"]}"#),
                       #"f.json5:2:27: observe.series.every: expected a bin length at most the run's duration (1d), found "2d""#)
        XCTAssertEqual(error(#"{every: "2h", metrics: ["widget.staleness"]}"#, duration: "2h"), "accepted", "one bin of the whole run")
        XCTAssertEqual(error(#"{every: "1s", metrics: ["widget.staleness"]}"#),
                       #"f.json5:2:27: observe.series.every: expected at most 20000 bins in all (the duration over the bin length, times the metrics), found "1s": 86400 bins × 1 metric"#)
        XCTAssertEqual(error(#"{every: "1m", metrics: ["widget.staleness"]}"#), "accepted", "a day of minutes")
        XCTAssertTrue(error(#"{every: "1h", metrics: ["widget.blank"]}"#).contains("whose values are not tied to moments of the run"))
        XCTAssertTrue(error(#"{every: "1h", metrics: []}"#).contains("expected at least one metric name"))
        XCTAssertTrue(error(#"{every: "1h", metrics: ["app.age", "app.age"]}"#).contains("each metric at most once"))
        XCTAssertTrue(error(#"{evry: "1h", metrics: ["app.age"]}"#).hasSuffix("Did you mean 'every'?"))
        XCTAssertTrue(error(#""1h""#).contains("expected an object {every: <duration>, metrics: [<metric names>]}"))
    }

    func testTheCommandRefusesBadInputWithStatus2AndWritesNothing() throws {
        let f = try StudyFixture(#"{duration: "3h", replications: 2, observe: {series: {every: "4h", metrics: ["widget.staleness"]}}}"#)
        let c = f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"], expect: 2)
        XCTAssertTrue(c.errors.contains("observe.series.every: expected a bin length at most the run's duration (3h)"), c.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.path("out")))
    }

    // MARK: The study's files

    func testSeriesCSVHasItsColumnsItsWarmUpBinsEmptyAndItsCountsAddUp() throws {
        let f = try StudyFixture(Self.study)
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let text = try String(contentsOfFile: f.path("out/series.csv"), encoding: .utf8)
        let rows = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows[0], ["point", "bin_start_s", "metric", "mean", "ci_low", "ci_high", "unit"])
        XCTAssertEqual(rows.count, 1 + 2 * 2 * 6, "points × metrics × bins")
        for row in rows.dropFirst() {
            let start = Int(row[1])!
            if start == 0 {
                XCTAssertEqual(row[3...5], ["", "", ""], "the warm-up's bin is written with empty values")
            } else if !row[3].isEmpty {
                let (mean, low, high) = (Double(row[3])!, Double(row[4])!, Double(row[5])!)
                XCTAssertTrue(low <= mean && mean <= high && low >= 0, "\(row)")
            }
            XCTAssertEqual(row[6], row[2] == "backend.requests" ? "count/1h" : "s")
        }
        // The bins' means of a count add up to the mean of its replication totals (summary.csv).
        let summary = try String(contentsOfFile: f.path("out/summary.csv"), encoding: .utf8).split(separator: "\n")
        let header = summary[0].split(separator: ",").map(String.init)
        let (pointColumn, metricColumn, meanColumn) = (header.firstIndex(of: "point")!, header.firstIndex(of: "metric")!, header.firstIndex(of: "mean")!)
        for point in ["0", "1"] {
            let total = rows.dropFirst().filter { $0[0] == point && $0[2] == "backend.requests" && !$0[3].isEmpty }
                .reduce(0.0) { $0 + Double($1[3])! }
            let line = summary.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
                .first { $0[pointColumn] == point && $0[metricColumn] == "backend.requests" }!
            XCTAssertEqual(total, Double(line[meanColumn])!, accuracy: 1e-5)
        }
        for name in ["series-widget.staleness.svg", "series-backend.requests.svg"] {
            let svg = try String(contentsOfFile: f.path("out/\(name)"), encoding: .utf8)
            XCTAssertTrue(svg.contains(">03:00<") && svg.contains(">06:00<"), "the time axis is in clock time")
        }
    }

    func testNoSeriesWritesNoSeriesFile() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("out"), "--quiet"])
        let names = try FileManager.default.contentsOfDirectory(atPath: f.path("out"))
        XCTAssertFalse(names.contains { SeriesOutput.isFileName($0) })
    }

    func testAnyJobsAndAnySplitIntoShardsGiveTheSameBytes() throws {
        let f = try StudyFixture(Self.study)
        f.cli(["run", f.scenario, "--jobs", "1", "--out", f.path("one"), "--quiet"])
        f.cli(["run", f.scenario, "--jobs", "3", "--out", f.path("three"), "--quiet"])
        try f.assertSameResults("one", "three")
        for k in 1...4 { f.cli(["run", f.scenario, "--shard", "\(k)/4", "--jobs", "\(k % 2 + 1)", "--out", f.path("s\(k)"), "--quiet"]) }
        f.cli(["merge", f.path("s2"), f.path("s4"), f.path("s1"), f.path("s3"), "--out", f.path("merged"), "--quiet"])
        try f.assertSameResults("one", "merged")
        XCTAssertTrue(try f.results("merged").keys.contains("series.csv"))
        // A run stopped and resumed from its checkpoint (which keeps the bins) too.
        f.cli(["run", f.scenario, "--out", f.path("resumed"), "--stop-after", "5", "--jobs", "2", "--quiet"])
        f.cli(["run", f.scenario, "--out", f.path("resumed"), "--resume", "--quiet"])
        try f.assertSameResults("one", "resumed")
        // Shards of another series are another study: merge refuses them.
        let other = Self.study.replacingOccurrences(of: #"every: "1h""#, with: #"every: "30m""#)
        try other.write(toFile: f.path("other.json5"), atomically: true, encoding: .utf8)
        f.cli(["run", f.path("other.json5"), "--shard", "4/4", "--out", f.path("o4"), "--quiet"])
        let mixed = f.cli(["merge", f.path("s1"), f.path("s2"), f.path("s3"), f.path("o4"), "--out", f.path("m")], expect: 2)
        XCTAssertTrue(mixed.errors.contains("is a shard of another study"), mixed.errors)
    }

    // MARK: The estimators

    /// A bin's sampled estimate is the Statistics module's ratio estimator over the
    /// replications as clusters; a count's is the replications' mean with Student's t; both
    /// merge exactly, in any order, and survive the state's encoding.
    func testEachBinIsTheStatisticsModulesEstimateAndMergesExactly() throws {
        var p = Parameters()
        p.duration = 6 * Time.hour
        p.observe.warmup = 2 * Time.hour
        let request = SeriesRequest(every: 2 * Time.hour, metrics: [Metric.widgetStaleness.rawValue, Metric.backendRequests.rawValue])
        let results = (UInt64(1)...9).map { Replication.run(p, seed: $0, series: request) }
        var whole: SeriesAccumulator?
        var parts = [SeriesAccumulator?](repeating: nil, count: 3)
        for (i, r) in results.enumerated() {
            let bins = r.series!
            if whole == nil { whole = SeriesAccumulator(shapedAs: bins) }
            whole!.add(bins, values: r.values)
            if parts[i % 3] == nil { parts[i % 3] = SeriesAccumulator(shapedAs: bins) }
            parts[i % 3]!.add(bins, values: r.values)
        }
        var merged = parts[2]!
        merged.merge(parts[0]!)
        merged.merge(parts[1]!)
        XCTAssertEqual(merged, whole, "shards merge to the same sums in any order")
        let series = try XCTUnwrap(whole)
        let decoded = SeriesAccumulator.decode(try JSON5.parse(PrettyJSON.render(series.json())))
        XCTAssertEqual(decoded, series, "the state's encoding is exact")
        XCTAssertEqual(series.bins, 3)
        XCTAssertNil(series.estimate(metric: 0, bin: 0), "no values in a bin that ends by the warm-up's end")
        XCTAssertNil(series.estimate(metric: 1, bin: 0))
        for b in 1..<3 {
            let clusters = results.map { r in
                Cluster(sum: (r.series!.sums[0][b] * 1000).rounded() / 1000, count: Double(r.series!.counts[0][b]))
            }
            let expected = RatioEstimator.estimate(clusters)
            let got = try XCTUnwrap(series.estimate(metric: 0, bin: b))
            XCTAssertEqual(got.value, expected.value, accuracy: 1e-9 * max(1, expected.value))
            XCTAssertEqual(got.high, expected.high, accuracy: 1e-6 * max(1, expected.high))
            XCTAssertEqual(got.low, max(0, expected.low), accuracy: 1e-6 * max(1, expected.high))
            let counts = ReplicationMean.estimate(results.map { Double($0.series!.counts[1][b]) })
            let gotCount = try XCTUnwrap(series.estimate(metric: 1, bin: b))
            XCTAssertEqual(gotCount.value, counts.value, accuracy: 1e-9)
            XCTAssertEqual(gotCount.high, counts.high, accuracy: 1e-9)
            XCTAssertEqual(gotCount.method, .studentT)
        }
    }

    func testTheClockAxisHasRoundTicksInHoursAndMinutes() {
        XCTAssertEqual(SeriesOutput.clockAxis(end: 86400).ticks.map(\.label),
                       ["00:00", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00", "24:00"])
        XCTAssertEqual(SeriesOutput.clockAxis(end: 3600).ticks.map(\.label), ["00:00", "00:10", "00:20", "00:30", "00:40", "00:50", "01:00"])
        XCTAssertEqual(SeriesOutput.clockAxis(end: 2 * 86400).ticks.map(\.label),
                       ["00:00", "06:00", "12:00", "18:00", "d2 00:00", "d2 06:00", "d2 12:00", "d2 18:00", "d3 00:00"])
        XCTAssertEqual(SeriesOutput.seconds(90 * 1_000_000), "90")
        XCTAssertEqual(SeriesOutput.seconds(1_500_000), "1.5")
    }
}
