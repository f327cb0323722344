// The parts every plot shares: canvas layout, palette, title and subtitle, axes with
// ticks and grid, axis labels and the legend. Text is measured (`TextMeasure`) before it
// is placed: the legend column is as wide as its widest line, and a title or label that
// would not fit is set smaller, so nothing runs off the canvas.

/// The layout and decorations of one plot (720×440 unless a chart of panels is taller).
struct PlotFrame {
    /// Canvas width in pixels.
    static let width = 720
    /// Canvas height in pixels.
    static let height = 440
    /// Eight colors that stay distinct for common color blindness (Tableau 10).
    static let palette = ["#4E79A7", "#F28E2B", "#E15759", "#59A14F",
                          "#B07AA1", "#76B7B2", "#EDC948", "#9C755F"]
    /// Dash patterns for series beyond the eighth, when colors repeat.
    static let dashes = ["", "6 3", "2 3", "8 3 2 3"]
    /// Legend labels longer than this are cut with an ellipsis.
    static let maximumLabelLength = 24
    /// The legend column's width limits: at least this (the swatch and a short name), at most a third of the canvas.
    static let legendMinimum = 120.0, legendMaximum = 240.0
    /// Pixels between the plot's right edge and the legend's swatches, and the swatch and its text.
    static let legendGap = 16.0, swatchWidth = 24.0

    /// Left edge of the plotting area.
    var left = 72.0
    /// Top edge of the plotting area (lower when there is a subtitle).
    var top: Double
    /// Right edge of the plotting area (narrower when there is a legend).
    var right: Double
    /// Bottom edge of the plotting area.
    var bottom: Double
    /// Canvas height.
    var canvasHeight = PlotFrame.height
    /// The line under the title naming the study, its points, replications and samples.
    var subtitle: String?

    /// A frame leaving room on the right for a legend of standard width if `hasLegend`.
    init(hasLegend: Bool, subtitle: String? = nil) {
        right = Double(Self.width) - (hasLegend ? 176 : 24)
        top = subtitle == nil ? 48 : 62
        bottom = Double(Self.height) - 56
        self.subtitle = subtitle
    }

    /// A frame whose legend column is as wide as the widest line of `labels` (and the note on
    /// the ones left out), within `legendMinimum`…`legendMaximum`; no legend for no labels.
    init(legend labels: [String], subtitle: String?) {
        self.init(hasLegend: false, subtitle: subtitle)
        if !labels.isEmpty { right = Double(Self.width) - Self.legendColumn(labels) }
    }

    /// The width the legend of `labels` takes right of the plot, gap included.
    static func legendColumn(_ labels: [String]) -> Double {
        let lines = labels.flatMap { PlotLegend.lines($0) } + PlotLegend.note(labels.count)
        let widest = lines.map { TextMeasure.width($0) }.max() ?? 0
        return legendGap + swatchWidth + Swift.min(Swift.max(widest, legendMinimum - swatchWidth), legendMaximum - swatchWidth) + 8
    }

    /// The widest a legend line may be drawn.
    var legendTextWidth: Double { Double(Self.width) - right - Self.legendGap - Self.swatchWidth - 6 }

    /// The color of series `index` (the palette repeats).
    static func color(_ index: Int) -> String { color(PlotStyle.position(index)) }

    /// Extra stroke attributes of series `index`: a dash once colors repeat.
    static func dashAttribute(_ index: Int) -> String { dashAttribute(PlotStyle.position(index)) }

    /// The color of `style`.
    static func color(_ style: PlotStyle) -> String { palette[style.color % palette.count] }

    /// Extra stroke attributes of `style`: its dash pattern, if any.
    static func dashAttribute(_ style: PlotStyle) -> String {
        let dash = dashes[style.dash % dashes.count]
        return dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
    }

    /// `x` with its pixel range set to the frame's width.
    func horizontal(_ axis: PlotAxis) -> PlotAxis {
        var placed = axis
        (placed.pixelLow, placed.pixelHigh) = (left, right)
        return placed
    }

    /// `y` with its pixel range set to the frame's height (upwards).
    func vertical(_ axis: PlotAxis) -> PlotAxis {
        var placed = axis
        (placed.pixelLow, placed.pixelHigh) = (bottom, top)
        return placed
    }

    /// A new document with the title, subtitle, grid, ticks, axis lines and labels.
    func document(title: String, x: PlotAxis, y: PlotAxis, xLabel: String, yLabel: String) -> SVGDocument {
        var svg = SVGDocument(width: Self.width, height: canvasHeight, title: title)
        drawHeading(title, into: &svg)
        drawAxes(x: x, y: y, into: &svg)
        drawAxisLabels(xLabel: xLabel, yLabel: yLabel, into: &svg)
        return svg
    }

    /// The title, set smaller if it is wider than the canvas, and the subtitle under it.
    func drawHeading(_ title: String, into svg: inout SVGDocument) {
        let available = Double(Self.width) - 16
        let size = TextMeasure.fittingSize(title, available: available, size: 16, smallest: 11, bold: true)
        svg.text(TextMeasure.truncated(title, available: available, size: Double(size), bold: true), x: Double(Self.width) / 2, y: 28,
                 anchor: "middle", size: size, bold: true)
        if let subtitle {
            svg.text(TextMeasure.truncated(subtitle, available: available, size: 11), x: Double(Self.width) / 2, y: 46,
                     anchor: "middle", size: 11, fill: "#555555")
        }
    }

    /// Grid, ticks, tick labels and axis lines of the plotting area. A tick label may
    /// have a second line after `\n` (a named point's swept value).
    func drawAxes(x: PlotAxis, y: PlotAxis, into svg: inout SVGDocument) {
        for tick in x.ticks {
            let position = x.position(tick.value)
            svg.line(x1: position, y1: top, x2: position, y2: bottom, stroke: "#E6E6E6")
            svg.line(x1: position, y1: bottom, x2: position, y2: bottom + 5, stroke: "#444444")
            for (n, line) in tick.label.split(separator: "\n").enumerated() {
                svg.text(String(line), x: position, y: bottom + 18 + 13 * Double(n), anchor: "middle", size: n == 0 ? 12 : 11,
                         fill: n == 0 ? "#222222" : "#555555")
            }
        }
        for tick in y.ticks {
            let position = y.position(tick.value)
            svg.line(x1: left, y1: position, x2: right, y2: position, stroke: "#E6E6E6")
            svg.line(x1: left - 5, y1: position, x2: left, y2: position, stroke: "#444444")
            svg.text(tick.label, x: left - 8, y: position + 4, anchor: "end")
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#444444")
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#444444")
    }

    /// The axis labels, each set smaller if it would not fit beside the plot.
    func drawAxisLabels(xLabel: String, yLabel: String, into svg: inout SVGDocument) {
        let center = (left + right) / 2
        let across = 2 * Swift.min(center - 4, Double(Self.width) - center - 4)
        let xSize = TextMeasure.fittingSize(xLabel, available: across, size: 13)
        svg.text(TextMeasure.truncated(xLabel, available: across, size: Double(xSize)), x: center, y: Double(canvasHeight) - 16,
                 anchor: "middle", size: xSize)
        let middle = (top + bottom) / 2
        let down = 2 * Swift.min(middle - 4, Double(canvasHeight) - middle - 4)
        let ySize = TextMeasure.fittingSize(yLabel, available: down, size: 13)
        svg.text(TextMeasure.truncated(yLabel, available: down, size: Double(ySize)), x: 18, y: middle, anchor: "middle",
                 size: ySize, rotation: -90)
    }

    /// A legend to the right of the plot: a colored swatch and a label per series, each
    /// label wrapped whole (`PlotLegend.lines`), as many as fit (`PlotLegend.fitting`); the
    /// rest are counted in a note. `markers`: a dot chart's marker as the swatch. A line wider than the column is cut with an ellipsis.
    /// Returns how many entries it drew.
    @discardableResult
    func drawLegend(_ labels: [String], styles: [PlotStyle]? = nil, markers: Bool = false, into svg: inout SVGDocument) -> Int {
        let x = right + Self.legendGap
        let shown = PlotLegend.fitting(labels, top: top, bottom: bottom)
        var y = top + 8
        let room = legendTextWidth
        for (index, label) in labels.prefix(shown).enumerated() {
            let style = styles?[index] ?? PlotStyle.position(index)
            if markers {
                LineChartPlot.marker(style, x: x + 9, y: y, into: &svg)
            } else {
                svg.path("M\(SVGDocument.number(x)) \(SVGDocument.number(y))h18", stroke: Self.color(style),
                         width: 4, extra: Self.dashAttribute(style))
            }
            let lines = PlotLegend.lines(label)
            for (n, line) in lines.enumerated() {
                svg.text(TextMeasure.truncated(line, available: room), x: x + Self.swatchWidth,
                         y: y + 4 + Double(n) * PlotLegend.continuationHeight)
            }
            y += PlotLegend.entryHeight + Double(lines.count - 1) * PlotLegend.continuationHeight
        }
        if shown < labels.count {
            svg.path("M\(SVGDocument.number(x)) \(SVGDocument.number(y))h18", stroke: PlotLegend.overflowColor, width: 4)
            for (n, line) in PlotLegend.note(labels.count - shown).enumerated() {
                svg.text(TextMeasure.truncated(line, available: room), x: x + Self.swatchWidth,
                         y: y + 4 + Double(n) * PlotLegend.continuationHeight)
            }
        }
        return shown
    }

    /// A "no data" note in the middle of the plotting area.
    func drawNoData(into svg: inout SVGDocument) {
        svg.text("no data", x: (left + right) / 2, y: (top + bottom) / 2, anchor: "middle", size: 14, fill: "#888888")
    }

    /// `label` cut to `maximumLabelLength` characters with an ellipsis.
    static func shortened(_ label: String) -> String {
        guard label.count > maximumLabelLength else { return label }
        var kept = label.prefix(maximumLabelLength - 1)
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }
}
