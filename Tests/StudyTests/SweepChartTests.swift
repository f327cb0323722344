import XCTest
@testable import Study
import Surfaces
import SurfaceCore

/// The sweep chart draws what summary.csv reports: the mean and the p50 and p90
/// over all glances of a point (not the mean of each run's quantiles), with
/// 95 % bands from the replications.
final class SweepChartTests: XCTestCase {
    /// Two points; at the first, six replications see only fresh views and four see
    /// stale ones, so the pooled median is 0 while the runs' medians average 260 s.
    static func state(column: String = "push.wakeRefusal", values: [String] = ["0", "0.5"]) -> StudyState {
        let layout = StudyLayout(name: "t", columns: [column],
                                 points: [PointLayout(name: "0", fields: [values[0]], warmupMinutes: 0),
                                          PointLayout(name: "1", fields: [values[1]], warmupMinutes: 0)],
                                 replications: 10, seed: 1, commonRandomNumbers: true, scenarioJSON: "{}")
        var state = StudyState(layout: layout, shard: nil)
        let samples: [[[Double]]] = [
            Array(repeating: [0, 0, 0, 0], count: 6) + Array(repeating: [500, 600, 700, 800], count: 4),
            (0..<10).map { r in [10, 20, 30, 40].map { $0 * Double(r + 1) } },
        ]
        for p in 0..<2 {
            for r in 0..<10 {
                var result = ReplicationResult(minutes: 0)
                result.samples[Metric.widgetStaleness.rawValue] = samples[p][r]
                state.points[p].add(ReplicationFigures(result, seed: layout.seed(point: p, replication: r)))
            }
        }
        return state
    }

    func testEverySeriesPlotsTheFigureSummaryCSVPrints() throws {
        let state = Self.state()
        let rows = try CSVParser.parse(SummaryTable.render(state))
        let header = rows[0]
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        let summary = rows.filter { $0[column("metric")] == "widget.staleness" }
        XCTAssertEqual(summary.count, 2)
        let axis = SweepAxis(values: ["0", "0.5"])
        let series = SweepChart.series(state, column: 0, axis: axis)
        XCTAssertEqual(series.map(\.label), ["widget mean", "widget p50", "widget p90"])
        for (one, statistic) in zip(series, ["mean", "p50", "p90"]) {
            XCTAssertEqual(one.points.map { CSVNumber.format($0.y) }, summary.map { $0[column(statistic)] }, one.label)
        }
        // The case the chart used to get wrong: a point where most glances see fresh data.
        XCTAssertEqual(series[1].points[0].y, 0)
        XCTAssertEqual(summary[0][column("p50")], "0")
    }

    func testBandsComeFromTheReplications() throws {
        let state = Self.state()
        let rows = try CSVParser.parse(SummaryTable.render(state))
        let header = rows[0]
        let summary = rows.filter { $0[header.firstIndex(of: "metric")!] == "widget.staleness" }
        let series = SweepChart.series(state, column: 0, axis: SweepAxis(values: ["0", "0.5"]))
        // The mean's band is summary.csv's confidence interval (its low end at least 0).
        let (low, high) = (header.firstIndex(of: "ci95_low")!, header.firstIndex(of: "ci95_high")!)
        XCTAssertEqual(series[0].bandLow!.map(CSVNumber.format), summary.map { CSVNumber.format(max(0, Double($0[low])!)) })
        XCTAssertEqual(series[0].bandHigh!.map(CSVNumber.format), summary.map { $0[high] })
        // The quantiles' bands enclose the value and are not empty where replications differ.
        for one in series.dropFirst() {
            for (i, point) in one.points.enumerated() {
                XCTAssertLessThanOrEqual(one.bandLow![i], point.y, one.label)
                XCTAssertGreaterThanOrEqual(one.bandHigh![i], point.y, one.label)
            }
            XCTAssertGreaterThan(one.bandHigh![1], one.bandLow![1], one.label)
        }
        // At the first point the p90 falls among the stale glances, which only four of the
        // ten replications hold, so its band has width too.
        XCTAssertGreaterThan(series[2].bandHigh![0], series[2].bandLow![0])
    }

    func testTheChartNamesWhatItDraws() {
        let svg = SweepChart.render(Self.state(), column: 0)
        for text in ["widget mean", "widget p50", "widget p90", SweepChart.yLabel(TimeScale(covering: [800]).unit), "Staleness vs push.wakeRefusal"] {
            XCTAssertTrue(svg.contains(text), text)
        }
        XCTAssertFalse(svg.contains("per-run"))
    }

    func testTheBootstrappedMetricsAreTheChartedOnes() {
        XCTAssertEqual(QuantileBootstrap.metrics.map(\.spec.name), MetricCatalog.glancedSurfaces.map { $0 + ".staleness" })
    }
}
