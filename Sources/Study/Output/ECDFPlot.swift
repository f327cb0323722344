// The ECDF plot: one step line per series, cumulative share from 0 to 1.

/// Draws empirical CDFs as step lines (see `SVGPlot.ecdf`).
struct ECDFPlot {
    /// The plot title.
    let title: String
    /// The x axis label, with units.
    let xLabel: String
    /// The series; points are (value, cumulative share).
    let series: [PlotSeries]
    /// Whether the x axis is logarithmic.
    let logX: Bool

    /// The SVG text.
    func render() -> String {
        let frame = PlotFrame(hasLegend: !series.isEmpty)
        let xs = series.flatMap { $0.sortedFinitePoints().map(\.x) }
        let x = frame.horizontal(logX ? PlotAxis.logarithmic(covering: xs) : PlotAxis.linear(covering: xs))
        let y = frame.vertical(PlotAxis.linear(covering: [0, 1]))
        var svg = frame.document(title: title, x: x, y: y, xLabel: xLabel, yLabel: "cumulative share")
        if xs.isEmpty { frame.drawNoData(into: &svg) }
        // Series without a legend entry are drawn thin and gray, beneath the others (docs/output.md, "Legends").
        let shown = PlotLegend.fitting(series.map(\.label), top: frame.top, bottom: frame.bottom)
        for one in series.dropFirst(shown) {
            svg.path(stepPath(one, x: x, y: y, frame: frame), stroke: PlotLegend.overflowColor, width: 1)
        }
        for (index, one) in series.prefix(shown).enumerated() {
            let data = stepPath(one, x: x, y: y, frame: frame)
            svg.path(data, stroke: PlotFrame.color(index), width: 2, extra: PlotFrame.dashAttribute(index))
        }
        frame.drawLegend(series.map(\.label), into: &svg)
        return svg.render()
    }

    /// Path data `M left bottom H x₁ V y₁ H x₂ V y₂ … H right`, with points
    /// that land on the same pixel column merged into one vertical step.
    private func stepPath(_ one: PlotSeries, x: PlotAxis, y: PlotAxis, frame: PlotFrame) -> String {
        var data = "M\(SVGDocument.number(frame.left)) \(SVGDocument.number(frame.bottom))"
        var currentX = SVGDocument.number(frame.left)
        var currentY = SVGDocument.number(frame.bottom)
        var pendingY = currentY
        for point in one.sortedFinitePoints() {
            let pointX = SVGDocument.number(x.position(point.x))
            if pointX != currentX {
                if pendingY != currentY { data += "V" + pendingY }
                data += "H" + pointX
                (currentX, currentY) = (pointX, pendingY)
            }
            pendingY = SVGDocument.number(y.position(Swift.min(Swift.max(point.y, 0), 1)))
        }
        if pendingY != currentY { data += "V" + pendingY }
        let rightEdge = SVGDocument.number(frame.right)
        if rightEdge != currentX { data += "H" + rightEdge }
        return data
    }
}
