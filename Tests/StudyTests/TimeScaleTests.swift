import Foundation
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

    /// A value that is not a whole number is written with three significant digits, as C's
    /// `%.3g` writes it (what `String(format:)` gave before the study layer stopped loading
    /// Foundation): compared over values across every magnitude a chart shows, both signs.
    func testFractionsAreWrittenAsPercentPoint3gWritesThem() {
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        var values: [Double] = [0.5, 1.25, 0.001234, 12.345, 999.5, 999.4, 1_234.5, 0.000_099_95, 1e15 + 0.5, 2.0 / 3]
        for _ in 0..<3_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var value = Double(x >> 11) * 0x1.0p-53
            for _ in 0..<Int(x % 12) { value *= 10 }
            for _ in 0..<Int((x >> 8) % 6) { value /= 10 }
            values.append(x & 1 == 0 ? value : -value)
        }
        for value in values {
            XCTAssertEqual(TimeScale.threeSignificantDigits(value), String(format: "%.3g", value), "\(value)")
        }
        XCTAssertEqual(TimeScale(covering: [1]).format(1.5, withUnit: true), "1.5 s")
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
