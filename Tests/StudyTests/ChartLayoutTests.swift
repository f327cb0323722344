import Foundation
import XCTest
@testable import Study
import Surfaces
import SurfaceCore

/// Charts that show what was run (docs/output.md, "Charts"): every series of a grid labelled
/// (a panel per level of the other swept parameters), no text past the canvas (measured with
/// `TextMeasure`), time axes in s, min, h or d by the range, and a subtitle naming the study.
final class ChartLayoutTests: XCTestCase {
    /// A 3 × 3 grid over the budget and the jitter; each point's replications see staleness
    /// growing with the point's index, so every series has data and a band.
    static func grid(name: String = "grid-study", columns: [String] = ["widget.budgetPerDay", "widget.jitter"],
                     values: [[String]] = [["10", "40", "70"], ["0", "300", "600"]], named: [String]? = nil) -> StudyState {
        var fields: [[String]] = []
        for b in values[1] { for a in values[0] { fields.append([a, b]) } }
        let points = fields.enumerated().map { PointLayout(name: named?[$0.offset] ?? "\($0.offset)", fields: $0.element, warmupMinutes: 0) }
        let layout = StudyLayout(name: name, columns: columns, points: points, replications: 4, seed: 1,
                                 commonRandomNumbers: true, scenarioJSON: "{}")
        var state = StudyState(layout: layout, shard: nil)
        for p in points.indices {
            for r in 0..<4 {
                var result = ReplicationResult(minutes: 0)
                result.samples[Metric.widgetStaleness.rawValue] = [0, 60, 600, 3_600].map { $0 * Double(p + 1) + Double(r) }
                state.points[p].add(ReplicationFigures(result, seed: layout.seed(point: p, replication: r)))
            }
        }
        return state
    }

    /// Each `<text>` element's content, x, anchor, size and boldness (rotated ones left out).
    static func texts(_ svg: String) -> [(content: String, x: Double, anchor: String, size: Double, bold: Bool)] {
        func attribute(_ name: String, _ line: String) -> String? {
            guard let start = line.range(of: " \(name)=\"") else { return nil }
            let rest = line[start.upperBound...]
            return String(rest[..<rest.firstIndex(of: "\"")!])
        }
        return svg.split(separator: "\n").map(String.init).filter { $0.hasPrefix("<text ") && !$0.contains("rotate(") }.map { line in
            let open = line.firstIndex(of: ">")!, close = line.range(of: "</text>")!.lowerBound
            let content = String(line[line.index(after: open)..<close]).replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            return (content, Double(attribute("x", line)!)!, attribute("text-anchor", line) ?? "start",
                    Double(attribute("font-size", line) ?? "12")!, attribute("font-weight", line) == "bold")
        }
    }

    /// Every text of `svg` lies within the canvas's width, by its measured extent.
    func assertNothingClipped(_ svg: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for t in Self.texts(svg) {
            let extent = TextMeasure.extent(t.content, x: t.x, anchor: t.anchor, size: t.size, bold: t.bold)
            XCTAssertGreaterThanOrEqual(extent.lowerBound, 0, "\(what): '\(t.content)' starts left of the canvas", file: file, line: line)
            XCTAssertLessThanOrEqual(extent.upperBound, Double(PlotFrame.width), "\(what): '\(t.content)' runs past the canvas", file: file, line: line)
        }
    }

    func testEverySeriesOfAGridIsLabelled() {
        let svg = SweepChart.render(Self.grid(), column: 0)
        let texts = Self.texts(svg).map(\.content)
        // A panel per jitter level, titled by it; the legend names each statistic once.
        for panel in ["jitter 0 s", "jitter 5 min", "jitter 10 min"] { XCTAssertTrue(texts.contains(panel), "\(panel) in \(texts)") }
        for entry in ["widget mean", "widget p50", "widget p90"] { XCTAssertTrue(texts.contains(entry), "\(entry) in \(texts)") }
        // No series is left unlabelled: nothing gray, no "more" note.
        XCTAssertFalse(svg.contains(PlotLegend.overflowColor))
        XCTAssertFalse(texts.contains { $0.hasPrefix("gray:") })
        // Each panel draws all three statistics as lines: 3 panels × 3 lines of width 2.
        XCTAssertEqual(svg.components(separatedBy: "stroke-width=\"2\"").count - 1, 9)
    }

    func testNamedPointsAreADotChartNamingEachPointAndItsValue() {
        let state = Self.grid(values: [["10", "40"], ["0"]], named: ["small", "large"])
        let svg = SweepChart.render(state, column: 0)
        let texts = Self.texts(svg).map(\.content)
        XCTAssertTrue(texts.contains("small") && texts.contains("large"), "\(texts)")
        XCTAssertTrue(texts.contains("budgetPerDay 10") && texts.contains("budgetPerDay 40"), "\(texts)")
        // Dots, never a line through the points.
        XCTAssertFalse(svg.contains("stroke-width=\"2\""))
    }

    func testNoTextRunsPastTheCanvas() {
        let grid = Self.grid(name: "a-study-with-a-rather-long-name-that-fills-the-subtitle-line-of-the-chart-and-then-some-more-text")
        assertNothingClipped(SweepChart.render(grid, column: 0), "grid sweep")
        assertNothingClipped(SweepChart.render(grid, column: 1), "grid sweep by jitter")
        let metric = ReportedMetric.named("widget.staleness")!
        assertNothingClipped(StudyPlots.ecdf(grid, metric: metric), "ECDF of a grid")
        let named = Self.grid(values: [["10", "40", "70"], ["0"]],
                              named: ["a-point-with-a-very-long-name", "another-point-with-a-long-name", "a-third-long-named-point"])
        assertNothingClipped(SweepChart.render(named, column: 0), "dot chart")
        let long = (0..<6).map { PlotSeries(label: "budgetPerDay 40, jitter 10 min, alignReloads false, a label of \($0) and more words",
                                            points: [(x: 1, y: 0.5), (x: 100, y: 1)]) }
        assertNothingClipped(SVGPlot.ecdf(title: String(repeating: "A very long title ", count: 10), xLabel: String(repeating: "x label ", count: 20),
                                          series: long, logX: true), "long labels")
    }

    func testARateIsLabelledWithItsUnit() {
        let state = Self.grid(columns: ["user.appOpens.perHour", "watch.phoneUnreachable.perDay"], values: [["0.5", "2"], ["4"]])
        XCTAssertEqual(StudyPlots.label(state, point: 0), "appOpens 0.5/h, phoneUnreachable 4/d")
    }

    func testTheTimeUnitFollowsTheRange() {
        XCTAssertEqual(TimeScale(covering: [0, 90]).unit, "s")
        XCTAssertEqual(TimeScale(covering: [0, 1_800]).unit, "min")
        XCTAssertEqual(TimeScale(covering: [0, 7_200]).unit, "h")
        XCTAssertEqual(TimeScale(covering: [0, 150_000]).unit, "h")
        XCTAssertEqual(TimeScale(covering: [0, 3 * 86_400]).unit, "d")
        XCTAssertEqual(TimeScale(covering: [3 * 86_400]).format(3 * 86_400, withUnit: true), "3 d")
    }

    func testALogTimeAxisTicksAtRoundTimesWithTheirUnits() {
        let axis = PlotAxis.logarithmicTime(covering: [5, 5_000])
        XCTAssertEqual(axis.low, 5)
        XCTAssertEqual(axis.high, 7_200)
        XCTAssertEqual(axis.ticks.map(\.label), ["10 s", "1 min", "10 min", "2 h"])
        // A wide range keeps to decades and their clock equivalents.
        let wide = PlotAxis.logarithmicTime(covering: [0.02, 40_000])
        XCTAssertEqual(wide.ticks.map(\.label), ["20 ms", "100 ms", "1 s", "10 s", "1 min", "10 min", "1 h", "12 h"])
        for tick in wide.ticks { XCTAssertTrue(TimeScale.roundTimes.contains(tick.value), "\(tick)") }
        // The staleness ECDF of a study: round times, no 1e-6 h.
        let svg = StudyPlots.ecdf(Self.grid(), metric: ReportedMetric.named("widget.staleness")!)
        let texts = Self.texts(svg).map(\.content)
        XCTAssertTrue(texts.contains("1 min") && texts.contains("1 h"), "\(texts)")
        XCTAssertTrue(texts.contains("staleness (log scale)"), "\(texts)")
        XCTAssertFalse(texts.contains { $0.contains("e-") })
    }

    func testEveryChartNamesItsStudyPointsReplicationsAndSamples() {
        let state = Self.grid()
        let expected = "study grid-study · 9 points · 4 replications each · 144 samples in all"
        XCTAssertEqual(StudyPlots.subtitle(state, metrics: [ReportedMetric.named("widget.staleness")!]), expected)
        XCTAssertTrue(Self.texts(SweepChart.render(state, column: 0)).map(\.content).contains(expected))
        XCTAssertTrue(Self.texts(StudyPlots.ecdf(state, metric: ReportedMetric.named("widget.staleness")!)).map(\.content).contains(expected))
    }

    func testThePlotVerbsBandsArePairedWhereContrastsCSVIsBeside() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("charts-paired-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = "point,widget.jitter,metric,statistic,baseline,value,difference,diff_ci95_low,diff_ci95_high,ratio,ratio_ci95_low,ratio_ci95_high,variance_reduction\n"
            + "b,600,widget.staleness,mean,100,80,-20,-22,-18,0.8,0.78,0.82,3\n"
            + "b,600,widget.age,mean,100,80,-20,-30,-10,0.8,0.78,0.82,3\n"
        try csv.write(to: dir.appendingPathComponent("contrasts.csv"), atomically: true, encoding: .utf8)
        let summary = dir.appendingPathComponent("summary.csv").path
        let bands = try XCTUnwrap(try PairedBands.read(beside: summary, metric: "widget.staleness", statistic: "mean", points: ["a", "b"]))
        XCTAssertEqual(bands.baseline, "a")
        XCTAssertEqual(bands.bands["b"]?.low, 78)
        XCTAssertEqual(bands.bands["b"]?.high, 82)
        // No contrasts.csv: no paired bands.
        XCTAssertNil(try PairedBands.read(beside: "/nonexistent/summary.csv", metric: "widget.staleness", statistic: "mean", points: ["a", "b"]))
    }
}
