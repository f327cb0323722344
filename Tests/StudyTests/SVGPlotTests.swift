import XCTest
import Study
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects element names and text while checking that a document is well-formed XML.
final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var texts: [String] = []
    private var current = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append(elementName)
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName: String?) {
        if elementName == "text" || elementName == "title" { texts.append(current) }
        current = ""
    }

    /// Parses `svg`, failing the test if it is not well-formed.
    static func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> XMLCollector {
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")",
                      file: file, line: line)
        return collector
    }
}

/// SVG plots: well-formed, labeled, escaped and deterministic.
final class SVGPlotTests: XCTestCase {
    private let series = [
        PlotSeries.ecdf(label: "widget", values: [0, 3, 1, 4, 1, 5, 9, 2, 6]),
        PlotSeries.ecdf(label: "watch & phone", values: [10, 20, 30, 0.5]),
    ]

    func testECDFHasTitleAxisLabelsAndLegend() {
        let svg = SVGPlot.ecdf(title: "Staleness <by> surface", xLabel: "staleness (s)", series: series, logX: false)
        let document = XMLCollector.parse(svg)
        XCTAssertEqual(document.elements.first, "svg")
        for text in ["Staleness <by> surface", "staleness (s)", "cumulative share", "widget", "watch & phone"] {
            XCTAssertTrue(document.texts.contains(text), "missing \(text)")
        }
        XCTAssertTrue(svg.contains("width=\"720\" height=\"440\""))
        XCTAssertTrue(svg.contains("Staleness &lt;by&gt; surface"))
        XCTAssertEqual(document.elements.filter { $0 == "path" }.count, 4)
        for tick in ["0", "0.2", "0.4", "0.6", "0.8", "1.0", "10", "20", "30"] {
            XCTAssertTrue(document.texts.contains(tick), "missing tick \(tick)")
        }
        XCTAssertEqual(svg, SVGPlot.ecdf(title: "Staleness <by> surface", xLabel: "staleness (s)",
                                         series: series, logX: false))
    }

    /// Zeros step up in the zero column at x = 88, left of the log axis (docs/output.md, "The zero atom").
    func testLogECDFPutsNonPositiveValuesInTheZeroColumn() {
        let svg = SVGPlot.ecdf(title: "log", xLabel: "age (s)", series: series, logX: true)
        let document = XMLCollector.parse(svg)
        for tick in ["0.1", "1", "10", "100"] {
            XCTAssertTrue(document.texts.contains(tick), "missing tick \(tick)")
        }
        XCTAssertTrue(svg.contains("<path d=\"M72 384H88V"), "a zero value should step up in the zero column")
        XCTAssertTrue(document.texts.contains("0"))
    }

    func testHistogramOfAWideLogHistogram() {
        var histogram = LogHistogram()
        for exponent in -30...40 { histogram.record(pow(10, Double(exponent) / 10), count: 1 + exponent & 7) }
        histogram.record(0, count: 5)
        let svg = SVGPlot.histogram(title: "Staleness & more", xLabel: "staleness (s)", bins: histogram.bins())
        let document = XMLCollector.parse(svg)
        for text in ["Staleness & more", "staleness (s)", "share of values", "0.001", "10000"] {
            XCTAssertTrue(document.texts.contains(text), "missing \(text)")
        }
        XCTAssertGreaterThan(document.elements.filter { $0 == "rect" }.count, 10)
    }

    func testLineChartDrawsBandsMarkersAndLegend() {
        let lines = [
            PlotSeries(label: "widget", points: [(x: 0, y: 10), (x: 0.5, y: 20), (x: 1, y: 35)],
                       bandLow: [8, 17, 30], bandHigh: [12, 23, 40]),
            PlotSeries(label: "complication", points: [(x: 0, y: 5), (x: 1, y: 15)]),
        ]
        let svg = SVGPlot.lineChart(title: "Refusal sweep", xLabel: "push.wakeRefusal",
                                    yLabel: "mean staleness (s)", series: lines)
        let document = XMLCollector.parse(svg)
        for text in ["Refusal sweep", "push.wakeRefusal", "mean staleness (s)", "widget", "complication"] {
            XCTAssertTrue(document.texts.contains(text), "missing \(text)")
        }
        XCTAssertEqual(document.elements.filter { $0 == "circle" }.count, 5)
        XCTAssertEqual(svg.components(separatedBy: "fill-opacity=\"0.12\"").count, 2)
    }

    func testEmptyPlotsSayNoData() {
        for svg in [SVGPlot.ecdf(title: "t", xLabel: "x", series: [], logX: true),
                    SVGPlot.histogram(title: "t", xLabel: "x", bins: []),
                    SVGPlot.lineChart(title: "t", xLabel: "x", yLabel: "y", series: [])] {
            XCTAssertTrue(XMLCollector.parse(svg).texts.contains("no data"))
        }
    }

    func testManySeriesRepeatColorsWithDashesAndSummarizeTheLegend() {
        let many = (0..<20).map { PlotSeries(label: "series \($0) with a rather long label", points: [(x: Double($0), y: 1)]) }
        let svg = SVGPlot.lineChart(title: "many", xLabel: "x", yLabel: "y", series: many)
        let document = XMLCollector.parse(svg)
        // Long labels wrap whole (no ellipsis); what does not fit is drawn gray and counted.
        XCTAssertTrue(document.texts.contains { $0.hasPrefix("gray: ") && $0.hasSuffix(" more") })
        // Wrapped by measured width (`PlotLegend.lineWidth`), at a space: a first line that is the label's start.
        XCTAssertTrue(document.texts.contains { $0.hasPrefix("series 0 with") && $0 != "series 0 with a rather long label" })
        let short = (0..<20).map { PlotSeries(label: "s\($0)", points: [(x: Double($0), y: 1)]) }
        XCTAssertTrue(SVGPlot.lineChart(title: "many", xLabel: "x", yLabel: "y", series: short).contains("stroke-dasharray"))
        XCTAssertFalse(document.texts.contains { $0.contains("…") })
    }
}
