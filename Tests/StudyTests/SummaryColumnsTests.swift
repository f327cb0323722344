import Foundation
import XCTest
@testable import Study
import Statistics
import Surfaces
import SurfaceCore

/// summary.csv's last columns: the metric's unit from the catalogue, the point's
/// replications, which differ from `n` (the values a figure is over), the method of the
/// interval, and for a normal-theory interval the skewness and Cochran's replications.
final class SummaryColumnsTests: XCTestCase {
    func testEveryRowEndsWithTheMetricsUnitAndThePointsReplications() throws {
        let f = try StudyFixture()
        f.cli(["run", f.scenario, "--out", f.path("r"), "--quiet"])
        let rows = try CSVParser.parse(try String(contentsOfFile: f.path("r/summary.csv"), encoding: .utf8))
        let header = rows[0]
        XCTAssertEqual(Array(header.suffix(6)), ["max", "unit", "replications", "interval", "skewness", "replications_needed"])
        let (metric, n, unit, replications) = (header.firstIndex(of: "metric")!, header.firstIndex(of: "n")!,
                                               header.count - 5, header.count - 4)
        let (interval, skewness, needed) = (header.count - 3, header.count - 2, header.count - 1)
        let units = Dictionary(uniqueKeysWithValues: (MetricCatalog.specs + MetricCatalog.pointMetrics).map { ($0.name, $0.unit) })
        for row in rows.dropFirst() {
            XCTAssertEqual(row.count, header.count)
            XCTAssertEqual(row[unit], units[row[metric]], row[metric])
            XCTAssertEqual(row[replications], "7", row[metric])
            XCTAssertNotNil(IntervalMethod(rawValue: row[interval]), row[metric])
            // Cochran's rule is stated for the normal-theory intervals only, and from the skewness.
            if row[interval] == "ratio" || row[interval] == "t" {
                if let g1 = Double(row[skewness]) {
                    XCTAssertEqual(Int(row[needed]), max(2, Int((25 * g1 * g1).rounded(.up))), row[metric])
                } else {
                    XCTAssertEqual(row[needed], "", row[metric])
                }
            } else {
                XCTAssertEqual([row[skewness], row[needed]], ["", ""], row[metric])
            }
        }
        func row(_ name: String) -> [String] { rows.first { $0[metric] == name }! }
        XCTAssertEqual(row("widget.staleness")[unit], "s")
        XCTAssertEqual(row("widget.blank")[unit], "fraction")
        XCTAssertEqual(row("widget.reloads")[unit], "count")
        XCTAssertEqual(row("backend.requests.peakToMean")[unit], "ratio")
        XCTAssertEqual(row("widget.staleness")[interval], "ratio")
        XCTAssertEqual(row("widget.staleness.timeAvg")[interval], "t")
        XCTAssertEqual(row("backend.requests.peakToMean")[interval], "none")
        // A sampled metric's n counts glances, not replications.
        XCTAssertGreaterThan(Int(row("widget.staleness")[n])!, 7)
    }
}
