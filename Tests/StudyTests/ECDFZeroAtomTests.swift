import XCTest
@testable import Study

/// The zero-staleness atom is drawn explicitly in its own column (docs/output.md, "The zero atom").
final class ECDFZeroAtomTests: XCTestCase {
    func testTheAtomIsADotAtZeroWhereverTheLogAxisStarts() {
        func svg(smallest: Double) -> String {
            SVGPlot.ecdf(title: "t", xLabel: "staleness (s)",
                         series: [PlotSeries(label: "a", points: [(x: 0, y: 0.4), (x: smallest, y: 0.5), (x: 100, y: 1)])], logX: true)
        }
        let (a, b) = (svg(smallest: 0.01), svg(smallest: 50))
        XCTAssertTrue(XMLCollector.parse(a).texts.contains("0"))
        func circles(_ s: String) -> [String] {
            s.components(separatedBy: "<circle").dropFirst().map { String($0.prefix(while: { $0 != "/" })) }
        }
        XCTAssertEqual(circles(a).count, 1)
        XCTAssertEqual(circles(a), circles(b), "the atom's dot does not move with the smallest positive value")
        // Its height is the share of zeros: 0.4 of the way up the plotting area.
        let frame = PlotFrame(hasLegend: true)
        let expected = SVGDocument.number(frame.bottom - 0.4 * (frame.bottom - frame.top))
        XCTAssertTrue(circles(a).first?.contains("cy=\"\(expected)\"") == true, "\(circles(a))")
    }

    func testWithoutZerosThereIsNoZeroColumn() {
        let svg = SVGPlot.ecdf(title: "t", xLabel: "x", series: [PlotSeries(label: "a", points: [(x: 1, y: 0.5), (x: 10, y: 1)])], logX: true)
        XCTAssertFalse(XMLCollector.parse(svg).texts.contains("0"))
        XCTAssertFalse(svg.contains("<circle"))
    }
}
