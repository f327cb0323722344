// The sweep line chart: a metric against a swept parameter, one line per
// series, with an optional translucent confidence band.

/// Draws lines with markers and confidence bands (see `SVGPlot.lineChart`).
struct LineChartPlot {
    /// The plot title.
    let title: String
    /// The x axis label, with units.
    let xLabel: String
    /// The y axis label, with units.
    let yLabel: String
    /// The series to draw.
    let series: [PlotSeries]
    /// For a categorical x (choices, on/off): the category names at x = 0, 1, …; each
    /// point is then a dot with its band as a whisker, nothing drawn between categories.
    var categories: [String]? = nil
    /// A horizontal axis of the caller's (a time series' clock time), in place of one fitted to the points.
    var xAxis: PlotAxis? = nil
    /// Whether each point gets a marker (a series of many bins is drawn as a line alone).
    var markers = true

    /// The SVG text.
    func render() -> String {
        for one in series {
            precondition(one.bandLow == nil || one.bandLow?.count == one.points.count,
                         "bandLow of '\(one.label)' needs one entry per point")
            precondition(one.bandHigh == nil || one.bandHigh?.count == one.points.count,
                         "bandHigh of '\(one.label)' needs one entry per point")
        }
        let frame = PlotFrame(hasLegend: !series.isEmpty)
        let points = series.flatMap { $0.sortedFinitePoints() }
        let bands = series.flatMap { ($0.bandLow ?? []) + ($0.bandHigh ?? []) }
        let x = frame.horizontal(categories.map { names in
            PlotAxis(kind: .linear, low: -0.5, high: Double(names.count) - 0.5,
                     ticks: names.enumerated().map { (Double($0.offset), $0.element) })
        } ?? xAxis ?? PlotAxis.linear(covering: points.map(\.x)))
        let y = frame.vertical(PlotAxis.linear(covering: points.map(\.y) + bands))
        var svg = frame.document(title: title, x: x, y: y, xLabel: xLabel, yLabel: yLabel)
        if points.isEmpty { frame.drawNoData(into: &svg) }
        let styles = series.indices.map { series[$0].style ?? PlotStyle.position($0) }
        // Series without a legend entry are drawn gray, without bands, beneath the others (docs/output.md, "Legends").
        let shown = PlotLegend.fitting(series.map(\.label), top: frame.top, bottom: frame.bottom)
        for one in series.dropFirst(shown) {
            if categories != nil {
                for point in one.sortedFinitePoints() {
                    svg.circle(x: x.position(point.x), y: y.position(point.y), radius: 2, fill: PlotLegend.overflowColor)
                }
            } else {
                drawLine(one, style: styles[0], color: PlotLegend.overflowColor, x: x, y: y, into: &svg)
            }
        }
        if categories != nil {
            // Dots with whiskers, side by side within a category (docs/output.md, "Categorical parameters").
            for (index, (one, style)) in zip(series, styles).prefix(shown).enumerated() {
                let offset = (Double(index) - Double(shown - 1) / 2) * Swift.min(8, 120 / Double(Swift.max(shown, 1)))
                drawDots(one, color: PlotFrame.color(style), offset: offset, x: x, y: y, into: &svg)
            }
        } else {
            for (one, style) in zip(series, styles).prefix(shown) {
                drawBand(one, color: PlotFrame.color(style), x: x, y: y, into: &svg)
            }
            for (one, style) in zip(series, styles).prefix(shown) {
                drawLine(one, style: style, x: x, y: y, into: &svg)
            }
        }
        frame.drawLegend(series.map(\.label), styles: styles, into: &svg)
        return svg.render()
    }

    /// The band as a polygon: upper ends left to right, lower ends back.
    private func drawBand(_ one: PlotSeries, color: String, x: PlotAxis, y: PlotAxis, into svg: inout SVGDocument) {
        guard let lows = one.bandLow, let highs = one.bandHigh else { return }
        let sorted = one.sortedFinitePoints().filter { lows[$0.index].isFinite && highs[$0.index].isFinite }
        guard sorted.count >= 2 else { return }
        var data = ""
        for (step, point) in sorted.enumerated() {
            data += (step == 0 ? "M" : "L") + coordinate(point.x, highs[point.index], x: x, y: y)
        }
        for point in sorted.reversed() {
            data += "L" + coordinate(point.x, lows[point.index], x: x, y: y)
        }
        svg.path(data + "Z", stroke: "none", width: 0, fill: color, extra: " fill-opacity=\"0.12\"")
    }

    /// The line through the points and a marker on each.
    private func drawLine(_ one: PlotSeries, style: PlotStyle, color: String? = nil,
                          x: PlotAxis, y: PlotAxis, into svg: inout SVGDocument) {
        let sorted = one.sortedFinitePoints()
        guard !sorted.isEmpty else { return }
        let color = color ?? PlotFrame.color(style)
        if sorted.count > 1 {
            var data = ""
            for (step, point) in sorted.enumerated() {
                data += (step == 0 ? "M" : "L") + coordinate(point.x, point.y, x: x, y: y)
            }
            svg.path(data, stroke: color, width: 2, extra: PlotFrame.dashAttribute(style))
        }
        guard markers || sorted.count == 1 else { return }
        for point in sorted {
            svg.circle(x: x.position(point.x), y: y.position(point.y), radius: 3, fill: color)
        }
    }

    /// A dot per point, `offset` pixels right of its category, with its band as a whisker.
    private func drawDots(_ one: PlotSeries, color: String, offset: Double, x: PlotAxis, y: PlotAxis, into svg: inout SVGDocument) {
        for point in one.sortedFinitePoints() {
            let px = x.position(point.x) + offset
            if let low = one.bandLow?[point.index], let high = one.bandHigh?[point.index], low.isFinite, high.isFinite {
                svg.line(x1: px, y1: y.position(low), x2: px, y2: y.position(high), stroke: color)
                svg.line(x1: px - 3, y1: y.position(low), x2: px + 3, y2: y.position(low), stroke: color)
                svg.line(x1: px - 3, y1: y.position(high), x2: px + 3, y2: y.position(high), stroke: color)
            }
            svg.circle(x: px, y: y.position(point.y), radius: 3.5, fill: color)
        }
    }

    /// `x y` in pixels.
    private func coordinate(_ valueX: Double, _ valueY: Double, x: PlotAxis, y: PlotAxis) -> String {
        SVGDocument.number(x.position(valueX)) + " " + SVGDocument.number(y.position(valueY))
    }
}
