// The parts every plot shares: canvas layout, palette, title, axes with
// ticks and grid, axis labels and the legend.

/// The layout and decorations of one 720×440 plot.
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

    /// Left edge of the plotting area.
    let left = 72.0
    /// Top edge of the plotting area.
    let top = 48.0
    /// Right edge of the plotting area (narrower when there is a legend).
    let right: Double
    /// Bottom edge of the plotting area.
    let bottom = Double(PlotFrame.height) - 56

    /// A frame leaving room on the right for a legend if `hasLegend`.
    init(hasLegend: Bool) {
        right = Double(Self.width) - (hasLegend ? 176 : 24)
    }

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

    /// A new document with the title, grid, ticks, axis lines and labels.
    func document(title: String, x: PlotAxis, y: PlotAxis, xLabel: String, yLabel: String) -> SVGDocument {
        var svg = SVGDocument(width: Self.width, height: Self.height, title: title)
        svg.text(title, x: Double(Self.width) / 2, y: 28, anchor: "middle", size: 16, bold: true)
        for tick in x.ticks {
            let position = x.position(tick.value)
            svg.line(x1: position, y1: top, x2: position, y2: bottom, stroke: "#E6E6E6")
            svg.line(x1: position, y1: bottom, x2: position, y2: bottom + 5, stroke: "#444444")
            svg.text(tick.label, x: position, y: bottom + 18, anchor: "middle")
        }
        for tick in y.ticks {
            let position = y.position(tick.value)
            svg.line(x1: left, y1: position, x2: right, y2: position, stroke: "#E6E6E6")
            svg.line(x1: left - 5, y1: position, x2: left, y2: position, stroke: "#444444")
            svg.text(tick.label, x: left - 8, y: position + 4, anchor: "end")
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#444444")
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#444444")
        svg.text(xLabel, x: (left + right) / 2, y: Double(Self.height) - 16, anchor: "middle", size: 13)
        svg.text(yLabel, x: 18, y: (top + bottom) / 2, anchor: "middle", size: 13, rotation: -90)
        return svg
    }

    /// A legend to the right of the plot: a colored swatch and a label per series, each
    /// label wrapped whole (`PlotLegend.lines`), as many as fit (`PlotLegend.fitting`); the
    /// rest are counted in a note: `overflow` says how the caller drew them ("gray" by default).
    /// Returns how many entries it drew.
    @discardableResult
    func drawLegend(_ labels: [String], styles: [PlotStyle]? = nil, into svg: inout SVGDocument) -> Int {
        let x = right + 16
        let shown = PlotLegend.fitting(labels, top: top, bottom: bottom)
        var y = top + 8
        for (index, label) in labels.prefix(shown).enumerated() {
            let style = styles?[index] ?? PlotStyle.position(index)
            svg.path("M\(SVGDocument.number(x)) \(SVGDocument.number(y))h18", stroke: Self.color(style),
                     width: 4, extra: Self.dashAttribute(style))
            let lines = PlotLegend.lines(label)
            for (n, line) in lines.enumerated() {
                svg.text(line, x: x + 24, y: y + 4 + Double(n) * PlotLegend.continuationHeight)
            }
            y += PlotLegend.entryHeight + Double(lines.count - 1) * PlotLegend.continuationHeight
        }
        if shown < labels.count {
            svg.path("M\(SVGDocument.number(x)) \(SVGDocument.number(y))h18", stroke: PlotLegend.overflowColor, width: 4)
            for (n, line) in PlotLegend.note(labels.count - shown).enumerated() {
                svg.text(line, x: x + 24, y: y + 4 + Double(n) * PlotLegend.continuationHeight)
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
