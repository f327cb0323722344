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

    /// The line under the title: the study, its points, replications and samples.
    var subtitle: String? = nil

    /// The SVG text.
    func render() -> String {
        checkBands(series)
        var frame = PlotFrame(legend: series.map(\.label), subtitle: subtitle)
        if twoLineTicks(frame) { frame.bottom -= 13 }
        let (x, y) = axes([series], frame: frame)
        var svg = frame.document(title: title, x: x, y: y, xLabel: xLabel, yLabel: yLabel)
        if series.allSatisfy({ $0.sortedFinitePoints().isEmpty }) { frame.drawNoData(into: &svg) }
        let shown = PlotLegend.fitting(series.map(\.label), top: frame.top, bottom: frame.bottom)
        drawSeries(series, shown: shown, x: x, y: y, into: &svg)
        frame.drawLegend(series.map(\.label), styles: styles(series), markers: categories != nil, into: &svg)
        return svg.render()
    }

    /// Whether category names have a second line (a named point's swept value).
    func twoLineTicks(_ frame: PlotFrame) -> Bool { tickNames(frame)?.contains { $0.contains("\n") } ?? false }

    /// The category names as ticks show them in `frame`: a name wider than its column is
    /// wrapped at a space into two lines, and a line still too wide cut with `…`.
    func tickNames(_ frame: PlotFrame) -> [String]? {
        guard let names = categories else { return nil }
        let room = (frame.right - frame.left) / Double(Swift.max(names.count, 1)) - 6
        return names.map { name in
            var lines = name.split(separator: "\n").map(String.init)
            if lines.count == 1, TextMeasure.width(name) > room, let space = Self.splitPoint(name, room: room) {
                lines = [String(name[..<space]), String(name[name.index(after: space)...])]
            }
            return lines.map { TextMeasure.truncated($0, available: room) }.joined(separator: "\n")
        }
    }

    /// The space of `name` after which its first line is longest within `room`.
    static func splitPoint(_ name: String, room: Double) -> String.Index? {
        let spaces = name.indices.filter { name[$0] == " " }
        return spaces.last { TextMeasure.width(String(name[..<$0])) <= room } ?? spaces.first
    }

    /// Each band, if present, has one entry per point.
    func checkBands(_ series: [PlotSeries]) {
        for one in series {
            precondition(one.bandLow == nil || one.bandLow?.count == one.points.count,
                         "bandLow of '\(one.label)' needs one entry per point")
            precondition(one.bandHigh == nil || one.bandHigh?.count == one.points.count,
                         "bandHigh of '\(one.label)' needs one entry per point")
        }
    }

    /// The styles of `series`: given, or by position.
    func styles(_ series: [PlotSeries]) -> [PlotStyle] {
        series.indices.map { series[$0].style ?? PlotStyle.position($0) }
    }

    /// The x and y axes covering every series of every panel (bands included), placed in `frame`.
    func axes(_ panels: [[PlotSeries]], frame: PlotFrame) -> (PlotAxis, PlotAxis) {
        let all = panels.flatMap { $0 }
        let points = all.flatMap { $0.sortedFinitePoints() }
        let bands = all.flatMap { ($0.bandLow ?? []) + ($0.bandHigh ?? []) }
        let x = frame.horizontal(categories.map { names in
            // Each name cut to its column's width, so neighbours never overlap.
            let fitted = tickNames(frame) ?? names
            return PlotAxis(kind: .linear, low: -0.5, high: Double(names.count) - 0.5,
                            ticks: fitted.enumerated().map { (Double($0.offset), $0.element) })
        } ?? xAxis ?? PlotAxis.linear(covering: points.map(\.x)))
        let y = frame.vertical(PlotAxis.linear(covering: points.map(\.y) + bands))
        return (x, y)
    }

    /// The series: the first `shown` in color (bands beneath lines), the rest gray beneath them.
    func drawSeries(_ series: [PlotSeries], shown: Int, x: PlotAxis, y: PlotAxis, into svg: inout SVGDocument) {
        let styles = styles(series)
        // Series without a legend entry are drawn gray, without bands, beneath the others (docs/output.md, "Legends").
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
            let room = (x.position(1) - x.position(0)) * 0.8
            for (index, (one, style)) in zip(series, styles).prefix(shown).enumerated() {
                let spacing = Swift.min(8, room / Double(Swift.max(shown, 1)))
                let offset = (Double(index) - Double(shown - 1) / 2) * spacing
                drawDots(one, style: style, offset: offset, x: x, y: y, into: &svg)
            }
        } else {
            for (one, style) in zip(series, styles).prefix(shown) {
                drawBand(one, color: PlotFrame.color(style), x: x, y: y, into: &svg)
            }
            for (one, style) in zip(series, styles).prefix(shown) {
                drawLine(one, style: style, x: x, y: y, into: &svg)
            }
        }
    }

    /// Pixels of a panel's plotting area, of its title above it, and of its tick labels below it.
    static let panelHeight = 190.0, panelTitle = 22.0, panelTicks = 30.0
    /// Pixels between two panels side by side.
    static let panelGap = 56.0

    /// Small multiples: one panel per entry of `panels` (a level of the other swept factors),
    /// two to a row, all on the same x and y axes and sharing one legend (the series of
    /// every panel have the same labels and styles, those of the first panel).
    func renderPanels(_ panels: [(title: String, series: [PlotSeries])]) -> String {
        guard panels.count > 1 else { return LineChartPlot(title: title, xLabel: xLabel, yLabel: yLabel,
                                                           series: panels.first?.series ?? [], categories: categories,
                                                           subtitle: subtitle).render() }
        for panel in panels { checkBands(panel.series) }
        let labels = panels[0].series.map(\.label)
        var outer = PlotFrame(legend: labels, subtitle: subtitle)
        let columns = 2, rows = (panels.count + 1) / 2
        let block = Self.panelTitle + Self.panelHeight + Self.panelTicks
        outer.bottom = outer.top + Double(rows) * block - Self.panelTicks
        outer.canvasHeight = Int(outer.bottom + Self.panelTicks + 34)
        let width = (outer.right - outer.left - Self.panelGap * Double(columns - 1)) / Double(columns)
        var svg = SVGDocument(width: PlotFrame.width, height: outer.canvasHeight, title: title)
        outer.drawHeading(title, into: &svg)
        let shown = PlotLegend.fitting(labels, top: outer.top, bottom: outer.bottom)
        var placed = outer
        placed.top = outer.top + Self.panelTitle
        placed.bottom = placed.top + Self.panelHeight
        let (x0, y0) = axes(panels.map(\.series), frame: placed)
        for (i, panel) in panels.enumerated() {
            var frame = outer
            frame.left = outer.left + Double(i % columns) * (width + Self.panelGap)
            frame.right = frame.left + width
            frame.top = outer.top + Double(i / columns) * block + Self.panelTitle
            frame.bottom = frame.top + Self.panelHeight
            let (x, y) = (frame.horizontal(x0), frame.vertical(y0))
            svg.text(TextMeasure.truncated(panel.title, available: width, bold: true), x: frame.left, y: frame.top - 8, bold: true)
            frame.drawAxes(x: x, y: y, into: &svg)
            if panel.series.allSatisfy({ $0.sortedFinitePoints().isEmpty }) { frame.drawNoData(into: &svg) }
            drawSeries(panel.series, shown: shown, x: x, y: y, into: &svg)
        }
        outer.drawAxisLabels(xLabel: xLabel, yLabel: yLabel, into: &svg)
        outer.drawLegend(labels, styles: styles(panels[0].series), markers: categories != nil, into: &svg)
        return svg.render()
    }

    /// The band as a polygon: upper ends left to right, lower ends back.
    private func drawBand(_ one: PlotSeries, color: String, x: PlotAxis, y: PlotAxis, into svg: inout SVGDocument) {
        guard let lows = one.bandLow, let highs = one.bandHigh else { return }
        let sorted = one.sortedFinitePoints().filter { lows[$0.index].isFinite && highs[$0.index].isFinite }
        // A lone interval (its neighbours have none) is a whisker: a band needs two ends.
        if sorted.count == 1, let point = sorted.first {
            let (px, low, high) = (x.position(point.x), y.position(lows[point.index]), y.position(highs[point.index]))
            svg.line(x1: px, y1: low, x2: px, y2: high, stroke: color)
            svg.line(x1: px - 3, y1: low, x2: px + 3, y2: low, stroke: color)
            svg.line(x1: px - 3, y1: high, x2: px + 3, y2: high, stroke: color)
            return
        }
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
    private func drawDots(_ one: PlotSeries, style: PlotStyle, offset: Double, x: PlotAxis, y: PlotAxis, into svg: inout SVGDocument) {
        let color = PlotFrame.color(style)
        for point in one.sortedFinitePoints() {
            let px = x.position(point.x) + offset
            if let low = one.bandLow?[point.index], let high = one.bandHigh?[point.index], low.isFinite, high.isFinite {
                svg.line(x1: px, y1: y.position(low), x2: px, y2: y.position(high), stroke: color)
                svg.line(x1: px - 3, y1: y.position(low), x2: px + 3, y2: y.position(low), stroke: color)
                svg.line(x1: px - 3, y1: y.position(high), x2: px + 3, y2: y.position(high), stroke: color)
            }
            Self.marker(style, x: px, y: y.position(point.y), into: &svg)
        }
    }

    /// A dot chart's marker of `style`: its dash pattern's shape (a line's solid, dashed and
    /// dotted are a dot's circle, diamond and triangle), in its color.
    static func marker(_ style: PlotStyle, x: Double, y: Double, into svg: inout SVGDocument) {
        let color = PlotFrame.color(style)
        let px = SVGDocument.number(x)
        switch style.dash % 3 {
        case 1: svg.path("M\(px) \(SVGDocument.number(y - 4.5))l4.5 4.5l-4.5 4.5l-4.5 -4.5Z", stroke: "none", width: 0, fill: color)
        case 2: svg.path("M\(px) \(SVGDocument.number(y - 4.5))l4.5 7.5h-9Z", stroke: "none", width: 0, fill: color)
        default: svg.circle(x: x, y: y, radius: 3.5, fill: color)
        }
    }

    /// `x y` in pixels.
    private func coordinate(_ valueX: Double, _ valueY: Double, x: PlotAxis, y: PlotAxis) -> String {
        SVGDocument.number(x.position(valueX)) + " " + SVGDocument.number(y.position(valueY))
    }
}
