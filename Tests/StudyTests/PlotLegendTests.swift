import XCTest
@testable import Study
import Surfaces
import SurfaceCore

/// Legends name the point (docs/output.md, "Legends"): a grid point by its swept values
/// with units, never cut inside a value; the series that do not fit are drawn gray and counted.
final class PlotLegendTests: XCTestCase {
    /// A grid over a budget and a jitter; no replications needed for labels.
    static func grid(_ columns: [String], _ points: [[String]]) -> StudyState {
        let layout = StudyLayout(name: "t", columns: columns,
                                 points: points.enumerated().map { PointLayout(name: "\($0.offset)", fields: $0.element, warmupMinutes: 0) },
                                 replications: 1, seed: 1, commonRandomNumbers: true, scenarioJSON: "{}")
        return StudyState(layout: layout, shard: nil)
    }

    func testAGridPointIsNamedByEverySweptValueWithItsUnit() {
        let state = Self.grid(["widget.budgetPerDay", "widget.jitter"], [["40", "0"], ["40", "300"]])
        XCTAssertEqual(StudyPlots.label(state, point: 0), "budgetPerDay 40, jitter 0 s")
        XCTAssertEqual(StudyPlots.label(state, point: 1), "budgetPerDay 40, jitter 5 min")
    }

    func testParametersSharingALastNameKeepTheirPaths() {
        XCTAssertEqual(StudyPlots.shortNames(["widget.jitter", "watch.jitter", "push.wakeRefusal"]),
                       ["widget.jitter", "watch.jitter", "wakeRefusal"])
    }

    func testAStudyWithoutASweepSaysPointZero() {
        XCTAssertEqual(StudyPlots.label(Self.grid([], [[]]), point: 0), "point 0")
    }

    func testWrappedLabelsKeepEveryValueWhole() {
        let label = "budgetPerDay 40, jitter 10 min, alignReloads false"
        let lines = PlotLegend.lines(label)
        XCTAssertGreaterThan(lines.count, 1)
        XCTAssertEqual(lines.joined(separator: " "), label)
        for line in lines { XCTAssertFalse(line.hasPrefix("min") || line.hasPrefix("false") || line.hasSuffix("…"), line) }
        // In the SVG: the legend shows both swept values of the point.
        let svg = SVGPlot.ecdf(title: "t", xLabel: "staleness (s)", series: [PlotSeries(label: label, points: [(x: 1, y: 1)])], logX: true)
        let texts = XMLCollector.parse(svg).texts
        XCTAssertTrue(texts.contains { $0.contains("budgetPerDay 40") })
        XCTAssertTrue(texts.contains { $0.contains("jitter 10 min") })
    }

    func testAUnitStaysWithItsNumber() {
        let lines = PlotLegend.lines("widget mean @ jitter 0 s")
        XCTAssertFalse(lines.contains("s"), "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasSuffix("0 s") }, "\(lines)")
    }

    func testSeriesWithoutAnEntryAreDrawnGrayAndCounted() {
        let many = (0..<20).map { PlotSeries(label: "point \($0)", points: [(x: 1, y: 0.5), (x: 10, y: 1)]) }
        let svg = SVGPlot.ecdf(title: "t", xLabel: "x", series: many, logX: true)
        let shown = PlotLegend.fitting(many.map(\.label), top: PlotFrame(hasLegend: true).top, bottom: PlotFrame(hasLegend: true).bottom)
        XCTAssertLessThan(shown, 20)
        XCTAssertTrue(XMLCollector.parse(svg).texts.contains("gray: \(20 - shown) more"))
        // Every series is still drawn: the hidden ones in gray.
        XCTAssertEqual(svg.components(separatedBy: "stroke=\"\(PlotLegend.overflowColor)\" stroke-width=\"1\"").count - 1, 20 - shown)
    }
}
