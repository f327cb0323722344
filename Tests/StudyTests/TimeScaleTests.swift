import XCTest
@testable import Study

/// Time axes in s, min or h chosen by the range (docs/output.md, "Units").
final class TimeScaleTests: XCTestCase {
    func testTheUnitFollowsTheLargestValue() {
        XCTAssertEqual(TimeScale(covering: [0, 90]).unit, "s")
        XCTAssertEqual(TimeScale(covering: [0, 1_800]).unit, "min")
        XCTAssertEqual(TimeScale(covering: [0, 7_200]).unit, "h")
        XCTAssertEqual(TimeScale(covering: [300]).format(300, withUnit: true), "5 min")
    }

    func testATwoHourRangeAxisIsLabeledInHoursAndTheTicksAgree() {
        let series = [PlotSeries(label: "a", points: [(x: 0, y: 0), (x: 3_600, y: 3_600), (x: 7_200, y: 7_200)])]
        let svg = StudyPlotsAxisProbe.sweep(series)
        let texts = XMLCollector.parse(svg).texts
        XCTAssertTrue(texts.contains { $0.hasPrefix("staleness (h)") }, "\(texts)")
        // The ticks run 0…2 (hours), not 0…7200.
        XCTAssertTrue(texts.contains("2.0") || texts.contains("2"), "\(texts)")
        XCTAssertFalse(texts.contains("7000"))
    }

    func testTheSweepChartOfAStudyWritesItsStalenessInMinutes() {
        // The fixture's staleness reaches 800 s and more: minutes, on the axis title and ticks alike.
        let svg = SweepChart.render(SweepChartTests.state(), column: 0)
        XCTAssertTrue(svg.contains("staleness (min), all glances"))
    }
}

/// The sweep chart's scaling applied to given series, as `SweepChart.render` does.
enum StudyPlotsAxisProbe {
    static func sweep(_ series: [PlotSeries]) -> String {
        let y = TimeScale(series: series)
        return SVGPlot.lineChart(title: "t", xLabel: "x", yLabel: SweepChart.yLabel(y.unit), series: y.scaled(series))
    }
}
