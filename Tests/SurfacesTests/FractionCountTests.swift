import XCTest
import SimKernel
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

/// Every fraction metric is counted: a replication reports how many events of how many
/// trials it saw (the shares a `share.lost` is a fraction of), and its value is their ratio,
/// not a number the counts were reconstructed from.
final class FractionCountTests: XCTestCase {
    /// The counted fractions are exactly the per-replication metrics in `fraction`, each with
    /// its own position.
    func testEveryFractionMetricHasAPlaceForItsCounts() {
        let fractions = MetricCatalog.specs.indices.filter { MetricCatalog.specs[$0].unit == "fraction" }
        XCTAssertGreaterThanOrEqual(fractions.count, 32)
        XCTAssertEqual(fractions.map { MetricCatalog.fractionPosition[$0] }, Array(0..<fractions.count))
        XCTAssertEqual(MetricCatalog.fractionCount, fractions.count)
        for (slot, spec) in MetricCatalog.specs.enumerated() where spec.unit != "fraction" {
            XCTAssertEqual(MetricCatalog.fractionPosition[slot], -1, spec.name)
        }
    }

    /// A day with every surface on: each fraction of an enabled surface has counts, events ≤
    /// trials, and its value is events / trials (NaN for 0 of 0); the view fractions, losses
    /// and item shares of the busy surfaces have trials in every replication.
    func testEachReplicationReportsTheCountsBehindEachFraction() {
        var p = Parameters()
        p.duration = Time.day
        var trials = [Int](repeating: 0, count: MetricCatalog.fractionCount)
        for seed in UInt64(41)...43 {
            let r = Replication.run(p, seed: seed)
            for (slot, spec) in MetricCatalog.specs.enumerated() where spec.isCountedFraction {
                let k = MetricCatalog.fractionPosition[slot]
                guard let c = r.fractionCounts[k] else {
                    XCTFail("seed \(seed): \(spec.name) has no counts with every surface on")
                    continue
                }
                XCTAssertTrue(c.events >= 0 && c.events <= c.trials, "seed \(seed): \(spec.name) \(c.events) of \(c.trials)")
                let value = r.values[slot]
                if c.trials == 0 {
                    XCTAssertTrue(value.isNaN, "seed \(seed): \(spec.name) has no trials but the value \(value)")
                } else {
                    XCTAssertEqual(value, Double(c.events) / Double(c.trials), "seed \(seed): \(spec.name)")
                }
                trials[k] += c.trials
            }
        }
        for m in [Metric.widgetBlank, .appBlank, .changesLost, .shareLost, .widgetLagCensored] {
            XCTAssertGreaterThan(trials[MetricCatalog.fractionPosition[m.rawValue]], 0, "\(m): no trials in three days")
        }
    }

    /// A surface that is off counts nothing: its fractions have no counts and no value.
    func testASurfaceThatIsOffHasNoCounts() {
        var p = Parameters()
        p.share.enabled = false
        let r = Replication.run(p, seed: 7)
        XCTAssertNil(r[fraction: .shareLost])
        XCTAssertTrue(r[value: .shareLost].isNaN)
        XCTAssertNotNil(r[fraction: .changesLost])
    }
}
