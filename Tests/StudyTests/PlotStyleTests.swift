import XCTest
@testable import Study

/// A series' own style sets its color and dash, in the line and in the legend.
final class PlotStyleTests: XCTestCase {
    func testAStyledSeriesKeepsItsColorAndDash() {
        let lines = [
            PlotSeries(label: "a mean", points: [(x: 0, y: 1), (x: 1, y: 2)], style: PlotStyle(color: 2, dash: 0)),
            PlotSeries(label: "a p50", points: [(x: 0, y: 1), (x: 1, y: 3)], style: PlotStyle(color: 2, dash: 1)),
        ]
        let svg = SVGPlot.lineChart(title: "t", xLabel: "x", yLabel: "y", series: lines)
        // Two lines and two legend swatches, all in the third color; one line and its swatch dashed.
        XCTAssertEqual(svg.components(separatedBy: "stroke=\"\(PlotFrame.palette[2])\"").count - 1, 4)
        XCTAssertEqual(svg.components(separatedBy: "stroke-dasharray=\"\(PlotFrame.dashes[1])\"").count - 1, 2)
        XCTAssertFalse(svg.contains(PlotFrame.palette[1]))
    }
}
