import XCTest
import Statistics
@testable import Study
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// A fraction's row of summary.csv: the pooled fraction Σ events / Σ trials, with the
/// interval its counts call for (docs/metrics.md#estimators-and-intervals), from the counts
/// each replication wrote to runs.csv.
final class FractionSummaryTests: XCTestCase {
    /// `share.lost`'s summary figures over replications with these (events, trials).
    private func figures(_ counts: [(Int, Int)]) -> SummaryFigures {
        var point = PointAccumulator()
        for (r, c) in counts.enumerated() {
            var result = ReplicationResult(minutes: 0)
            result.setFraction(.shareLost, c.0, of: c.1)
            point.add(ReplicationFigures(result, seed: UInt64(r)))
        }
        return SummaryFigures(point.metrics[Metric.shareLost.rawValue], spec: Metric.shareLost.spec)
    }

    private func clusters(_ counts: [(Int, Int)]) -> [Cluster] { counts.map { Cluster(sum: Double($0.0), count: Double($0.1)) } }

    /// 45 lost of 320 shares: the mean is 45/320 (each share weighs the same), not the mean of
    /// the replications' fractions (0.12, 0.15, 0.15, and none for the replication without
    /// shares); the interval is the ratio estimator's over the four replications as clusters.
    func testTheMeanIsThePooledFractionWithTheClusterInterval() {
        let counts = [(12, 100), (3, 20), (30, 200), (0, 0)]
        let f = figures(counts)
        XCTAssertEqual(f.mean, 45.0 / 320, accuracy: 1e-15)
        XCTAssertEqual(f.n, 3, "n counts the replications with a value")
        XCTAssertEqual(f.interval, .clusterRatio)
        let e = PooledFraction.estimate(clusters(counts))
        XCTAssertEqual(e.method, .clusterRatio)
        XCTAssertEqual(f.ci95Low, e.low, accuracy: 1e-9)
        XCTAssertEqual(f.ci95High, e.high, accuracy: 1e-9)
        XCTAssertEqual(f.halfWidth95, e.halfWidth, accuracy: 1e-9)
        XCTAssertTrue(f.ci95Low <= f.mean && f.mean <= f.ci95High)
    }

    /// 3 events of 300 in three replications: Wilson's interval on the effective number of
    /// trials (Korn & Graubard). By hand: residuals yᵢ − p·nᵢ = 0, 1, −1, so the ratio's variance
    /// is 2/(3·2·100²) = 1/30,000; p(1 − p)/se² = 0.0099 · 30,000 = 297 trials, times
    /// (z/t₂)² for three replications.
    func testFewEventsGetWilsonsInterval() {
        let f = figures([(1, 100), (2, 100), (0, 100)])
        let (z, t) = (1.959963984540054, 4.302652729749462)
        let n = 297 * (z / t) * (z / t)
        let w = PooledFraction.wilson(events: 0.01 * n, trials: n)
        XCTAssertEqual(f.interval, .wilson)
        XCTAssertEqual(f.mean, 0.01, accuracy: 1e-15)
        XCTAssertEqual(f.ci95Low, w.low, accuracy: 1e-12)
        XCTAssertEqual(f.ci95High, w.high, accuracy: 1e-12)
        XCTAssertLessThan(f.ci95Low, PooledFraction.wilson(events: 3, trials: 300).low, "three replications are not 300 independent trials")
        XCTAssertGreaterThan(f.ci95Low, 0)
        // As many non-events: Wilson too, and the interval stays below 1.
        let g = figures([(100, 100), (98, 100), (99, 100)])
        XCTAssertEqual(g.interval, .wilson)
        XCTAssertLessThanOrEqual(g.ci95High, 1)
    }

    /// No event in 5 × 100 trials: 0 with the exact one-sided upper bound 1 − 0.05^(1/500)
    /// (about 3/500), not "0 [0, 0]".
    func testNoEventAnywhereGivesAnUpperBound() {
        let f = figures(Array(repeating: (0, 100), count: 5))
        XCTAssertEqual(f.interval, .zeroEventsUpperBound)
        XCTAssertEqual(f.mean, 0)
        XCTAssertEqual(f.ci95Low, 0)
        XCTAssertEqual(f.ci95High, 1 - pow(0.05, 1.0 / 500), accuracy: 1e-12)
        XCTAssertEqual(f.ci95High, 3.0 / 500, accuracy: 0.0002)
        XCTAssertEqual(f.sd, 0)
    }

    /// The sums of a fraction's counts merge exactly in any split of the replications
    /// (shards), so a merged study prints the same interval.
    func testTheCountsMergeExactly() {
        var whole = PointAccumulator(), left = PointAccumulator(), right = PointAccumulator()
        for r in 0..<30 {
            var result = ReplicationResult(minutes: 0)
            result.setFraction(.changesLost, r * 7 % 11, of: 40 + r % 13)
            let figures = ReplicationFigures(result, seed: UInt64(r))
            whole.add(figures)
            if r % 3 == 0 { left.add(figures) } else { right.add(figures) }
        }
        right.merge(left)
        let slot = Metric.changesLost.rawValue
        XCTAssertEqual(right.metrics[slot].clusters, whole.metrics[slot].clusters)
        XCTAssertEqual(SummaryFigures(right.metrics[slot], spec: Metric.changesLost.spec),
                       SummaryFigures(whole.metrics[slot], spec: Metric.changesLost.spec))
    }

    /// Counts that are not 0 ≤ events ≤ trials are a model error: a violation, no value, no counts.
    func testImpossibleCountsAreViolations() {
        var result = ReplicationResult(minutes: 0)
        result.setFraction(.shareLost, 5, of: 3)
        let figures = ReplicationFigures(result, seed: 0)
        XCTAssertEqual(figures.violations, ["share.lost: 5 events of 3 trials"])
        XCTAssertTrue(figures.values[Metric.shareLost.rawValue].isNaN)
        XCTAssertNil(figures.fractionCounts[MetricCatalog.fractionPosition[Metric.shareLost.rawValue]])
    }

    /// runs.csv: each fraction's numerator and denominator follow every sampled metric's, in
    /// catalogue order, and a row writes the counts (empty where none were counted).
    func testRunsCSVWritesEachFractionsCounts() throws {
        let columns = RunsTable.metricColumns
        let fractions = MetricCatalog.specs.filter(\.isCountedFraction).flatMap { [$0.name + ".numerator", $0.name + ".denominator"] }
        // In the first group of columns (the metrics runs.csv had before the mechanism diagnostics,
        // which follow as a group of their own, MetricCatalog.runsColumnGroups), the fractions'
        // counts follow the sampled metrics' without a gap.
        let start = try XCTUnwrap(columns.firstIndex(of: fractions[0]))
        XCTAssertEqual(Array(columns[start..<(start + fractions.count)]), fractions)
        XCTAssertTrue(MetricCatalog.specs.contains { $0.shape == .sampled && columns[start - 1] == $0.name + ".denominator" })
        var result = ReplicationResult(minutes: 0)
        result.setFraction(.shareLost, 2, of: 37)
        let row = String(decoding: RunsTable.row(point: PointLayout(name: "p", fields: [], warmupMinutes: 0),
                                                 replication: 0, figures: ReplicationFigures(result, seed: 5)), as: UTF8.self)
        let fields = row.dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let header = RunsTable.header(columns: [])
        XCTAssertEqual(fields.count, header.count)
        XCTAssertEqual(fields[try XCTUnwrap(header.firstIndex(of: "share.lost.numerator"))], "2")
        XCTAssertEqual(fields[try XCTUnwrap(header.firstIndex(of: "share.lost.denominator"))], "37")
        XCTAssertEqual(fields[try XCTUnwrap(header.firstIndex(of: "changes.lost.numerator"))], "")
    }

    /// The terminal table prints a rare loss with its significant digits.
    func testSmallFractionsKeepTheirDigits() {
        XCTAssertEqual(RunReport.percent(0.000115), "0.0115%")
        XCTAssertEqual(RunReport.percent(0.00345), "0.345%")
        XCTAssertEqual(RunReport.percent(0.0000004), "0.0000400%")
        XCTAssertEqual(RunReport.percent(0.123), "12.3%")
        XCTAssertEqual(RunReport.percent(0.01), "1.0%")
        XCTAssertEqual(RunReport.percent(0.0099999), "1.0%")
        XCTAssertEqual(RunReport.percent(0.0099), "0.990%")
        XCTAssertEqual(RunReport.percent(1), "100.0%")
        XCTAssertEqual(RunReport.percent(0), "0%")
    }
}
