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
    /// Whether x is a time in seconds: a log axis then ticks at round times with their units
    /// (`1 s`, `10 min`, `6 h`) and `xLabel` gets ` (log scale)`; a linear one is in s, min, h
    /// or d by the range and `xLabel` gets the unit.
    var timeX = false
    /// The line under the title: the study, its points, replications and samples.
    var subtitle: String? = nil

    /// The SVG text.
    func render() -> String {
        let frame = PlotFrame(legend: series.map(\.label), subtitle: subtitle)
        var series = self.series
        var xLabel = self.xLabel
        if timeX, !logX {
            let scale = TimeScale(series: series, x: true)
            (series, xLabel) = (scale.scaled(series, x: true), xLabel + " (\(scale.unit))")
        } else if timeX {
            xLabel += " (log scale)"
        }
        let xs = series.flatMap { $0.sortedFinitePoints().map(\.x) }
        // On a log axis, zero (a fresh view) gets its own column left of the axis
        // (docs/output.md, "The zero atom"): the log scale starts `zeroGap` pixels in.
        let hasZero = logX && xs.contains { $0 <= 0 }
        let axis: PlotAxis
        if logX, timeX {
            // A time axis starts where the curves start to rise, not at a histogram's tiniest bucket.
            let start = Self.bodyStart(series)
            axis = PlotAxis.logarithmicTime(covering: xs.filter { $0 >= start })
        } else {
            axis = logX ? PlotAxis.logarithmic(covering: xs.filter { $0 > 0 }) : PlotAxis.linear(covering: xs)
        }
        var x = frame.horizontal(axis)
        if hasZero { x.pixelLow += Self.zeroGap }
        let y = frame.vertical(PlotAxis.linear(covering: [0, 1]))
        var svg = frame.document(title: title, x: x, y: y, xLabel: xLabel, yLabel: "cumulative share")
        if xs.isEmpty { frame.drawNoData(into: &svg) }
        if hasZero { drawZeroColumn(frame: frame, y: y, into: &svg) }
        // Series without a legend entry are drawn thin and gray, beneath the others (docs/output.md, "Legends").
        let shown = PlotLegend.fitting(series.map(\.label), top: frame.top, bottom: frame.bottom)
        for one in series.dropFirst(shown) {
            svg.path(stepPath(one, x: x, y: y, frame: frame), stroke: PlotLegend.overflowColor, width: 1)
        }
        for (index, one) in series.prefix(shown).enumerated() {
            let data = stepPath(one, x: x, y: y, frame: frame)
            svg.path(data, stroke: PlotFrame.color(index), width: 2, extra: PlotFrame.dashAttribute(index))
        }
        if hasZero {
            // Each series' share of zeros as a dot in the zero column, drawn over the lines.
            for (index, one) in series.enumerated() {
                guard let atom = one.sortedFinitePoints().last(where: { $0.x <= 0 }) else { continue }
                let color = index < shown ? PlotFrame.color(index) : PlotLegend.overflowColor
                svg.circle(x: zeroX(frame), y: y.position(Swift.min(Swift.max(atom.y, 0), 1)), radius: 3.5, fill: color)
            }
        }
        frame.drawLegend(series.map(\.label), into: &svg)
        return svg.render()
    }

    /// The share of a series' positive values below which its curve is taken as not yet rising.
    static let bodyShare = 0.005

    /// The smallest positive x at which some series has risen by `bodyShare` of its positive
    /// values above its share of zeros (the axis starts there; values below sit at its edge).
    static func bodyStart(_ series: [PlotSeries]) -> Double {
        var start = Double.infinity
        for one in series {
            let points = one.sortedFinitePoints()
            let zeros = points.last { $0.x <= 0 }?.y ?? 0
            let threshold = zeros + bodyShare * (1 - zeros)
            if let first = points.first(where: { $0.x > 0 && $0.y >= threshold }) { start = Swift.min(start, first.x) }
        }
        return start.isFinite ? start : 0
    }

    /// Pixels between the zero column and the start of the log axis.
    static let zeroGap = 56.0

    /// The x of the zero column.
    private func zeroX(_ frame: PlotFrame) -> Double { frame.left + 16 }

    /// The zero column: its tick labeled `0`, and a break mark where the log axis begins.
    private func drawZeroColumn(frame: PlotFrame, y: PlotAxis, into svg: inout SVGDocument) {
        let x0 = zeroX(frame), gapEnd = frame.left + Self.zeroGap
        svg.line(x1: x0, y1: frame.top, x2: x0, y2: frame.bottom, stroke: "#E6E6E6")
        svg.line(x1: x0, y1: frame.bottom, x2: x0, y2: frame.bottom + 5, stroke: "#444444")
        svg.text("0", x: x0, y: frame.bottom + 18, anchor: "middle")
        let mid = gapEnd - 8
        svg.line(x1: mid - 4, y1: frame.bottom + 4, x2: mid, y2: frame.bottom - 4, stroke: "#444444")
        svg.line(x1: mid, y1: frame.bottom + 4, x2: mid + 4, y2: frame.bottom - 4, stroke: "#444444")
    }

    /// Path data `M left bottom H x₁ V y₁ H x₂ V y₂ … H right`, with points
    /// that land on the same pixel column merged into one vertical step.
    private func stepPath(_ one: PlotSeries, x: PlotAxis, y: PlotAxis, frame: PlotFrame) -> String {
        var data = "M\(SVGDocument.number(frame.left)) \(SVGDocument.number(frame.bottom))"
        var currentX = SVGDocument.number(frame.left)
        var currentY = SVGDocument.number(frame.bottom)
        var pendingY = currentY
        for point in one.sortedFinitePoints() {
            let atZero = logX && point.x <= 0 && x.pixelLow > frame.left
            let pointX = SVGDocument.number(atZero ? zeroX(frame) : x.position(point.x))
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
