import XCTest
@testable import Study
import Surfaces
import SurfaceCore

/// Choices and on/off parameters are drawn as dots with whiskers at category positions,
/// never as lines or bands between categories (docs/output.md, "Categorical parameters").
final class CategoricalSweepTests: XCTestCase {
    func testAnOnOffSweepHasNoLinesOrBandsAndTicksNamedByCategory() {
        let state = SweepChartTests.state(column: "widget.alignReloads", values: ["true", "false"])
        let svg = SweepChart.render(state, column: 0)
        XCTAssertFalse(svg.contains("fill-opacity=\"0.12\""), "no bands")
        let paths = svg.components(separatedBy: "<path d=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertFalse(paths.contains { $0.contains("L") }, "no lines between categories")
        let texts = XMLCollector.parse(svg).texts
        XCTAssertTrue(texts.contains("true") && texts.contains("false"))
        // A marker per statistic and category: the mean a circle, the p50 a diamond, the p90 a
        // triangle (closed paths), so that the statistics stay apart without dash patterns.
        let markers = svg.components(separatedBy: "<circle").count - 1 + paths.filter { $0.hasSuffix("Z") }.count
        XCTAssertGreaterThanOrEqual(markers, 6)
    }

    func testANumericSweepStillDrawsLines() {
        let svg = SweepChart.render(SweepChartTests.state(), column: 0)
        XCTAssertTrue(svg.contains("fill-opacity=\"0.12\""))
    }
}
