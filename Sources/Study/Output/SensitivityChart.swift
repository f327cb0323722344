// sensitivity.svg (docs/output.md#sensitivitysvg): horizontal bars of the effects in
// sensitivity.csv on each surface's mean staleness, a panel per surface with its own
// scale, its parameters in rank order, each bar's 95 % interval as a whisker.

import Surfaces
import SurfaceCore

/// Builds `sensitivity.svg`.
enum SensitivityChart {
    /// The file name.
    static let fileName = "sensitivity.svg"
    /// Height of one parameter's bar row.
    static let rowHeight = 20.0
    /// A panel's title above its bars, its axis below them, and the gap to the next panel.
    static let panelTitle = 24.0, panelAxis = 24.0, panelGap = 14.0
    /// Space for the title and the note above the panels, and the axis label below them.
    static let top = 66.0, bottomSpace = 34.0
    /// Space right of the bars.
    static let rightMargin = 32.0

    /// The chart of `effects` (from `SensitivityAnalysis.effects`) for `method`: a panel per
    /// surface with staleness samples, each with its own scale, its parameters in rank order.
    static func render(_ effects: [SensitivityAnalysis.MetricEffects], method: SampleMethod, parameters: [String]) -> String {
        let charted = MetricCatalog.glancedSurfaces.compactMap { surface in
            effects.first { $0.metric == surface + ".staleness" && $0.effects.contains { $0.effect.isFinite } }
        }
        let panelHeight = panelTitle + Double(parameters.count) * rowHeight + panelAxis + panelGap
        let bottom = top + Double(max(1, charted.count)) * panelHeight
        // The parameter names' column as wide as the widest name, measured (`TextMeasure`).
        let left = max(96, 24 + (parameters.map { TextMeasure.width($0) }.max() ?? 0))
        let right = Double(PlotFrame.width) - rightMargin
        let what = method == .lhs ? "|Spearman ρ|" : "Morris μ*"
        let title = "Sensitivity of mean staleness: \(what)"
        var svg = SVGDocument(width: PlotFrame.width, height: Int(bottom + bottomSpace), title: title)
        svg.text(title, x: Double(PlotFrame.width) / 2, y: 28, anchor: "middle", size: 16, bold: true)
        svg.text("parameters in rank order; whisker: 95% CI; pale bar: the metric falls as the parameter rises",
                 x: Double(PlotFrame.width) / 2, y: 48, anchor: "middle", size: 12, fill: "#555555")
        let axisLabel = method == .lhs ? "|Spearman ρ| of the parameter and the point means (CI: Fisher z)"
            : "μ*: mean |elementary effect| in s per full range (CI: bootstrap)"
        svg.text(axisLabel, x: Double(PlotFrame.width) / 2, y: bottom + 16, anchor: "middle", size: 13)
        if charted.isEmpty {
            svg.text("no data", x: (left + right) / 2, y: top + 30, anchor: "middle", size: 14, fill: "#888888")
        }
        for (m, metric) in charted.enumerated() {
            drawPanel(metric, color: PlotFrame.color(m), top: top + Double(m) * panelHeight, left: left, right: right,
                      fixedScale: method == .lhs, into: &svg)
        }
        return svg.render()
    }

    /// One surface's panel: its name, a bar per parameter in rank order, its own axis.
    private static func drawPanel(_ metric: SensitivityAnalysis.MetricEffects, color: String, top: Double, left: Double,
                                  right: Double, fixedScale: Bool, into svg: inout SVGDocument) {
        let surface = metric.metric.hasSuffix(".staleness") ? String(metric.metric.dropLast(".staleness".count)) : metric.metric
        svg.text("\(surface) staleness", x: left, y: top + 14, size: 13, bold: true)
        let barsTop = top + panelTitle
        let barsBottom = barsTop + Double(metric.effects.count) * rowHeight
        let values = metric.effects.flatMap { [$0.effect, $0.high] }
        var x = PlotAxis.linear(covering: values + (fixedScale ? [1] : []), includingZero: true, targetTicks: 6)
        (x.pixelLow, x.pixelHigh) = (left, right)
        for tick in x.ticks {
            let position = x.position(tick.value)
            svg.line(x1: position, y1: barsTop, x2: position, y2: barsBottom, stroke: "#E6E6E6")
            svg.line(x1: position, y1: barsBottom, x2: position, y2: barsBottom + 4, stroke: "#444444")
            svg.text(tick.label, x: position, y: barsBottom + 16, anchor: "middle", size: 11)
        }
        svg.line(x1: left, y1: barsBottom, x2: right, y2: barsBottom, stroke: "#444444")
        svg.line(x1: left, y1: barsTop, x2: left, y2: barsBottom, stroke: "#444444")
        for (row, e) in metric.effects.enumerated() {
            let y = barsTop + Double(row) * rowHeight
            svg.text(e.parameter, x: left - 8, y: y + rowHeight / 2 + 4, anchor: "end")
            guard e.effect.isFinite else {
                svg.text("no value", x: left + 6, y: y + rowHeight / 2 + 4, size: 11, fill: "#888888")
                continue
            }
            let opacity = e.direction < 0 ? " fill-opacity=\"0.45\"" : ""
            svg.rect(x: left, y: y + 3, width: max(0, x.position(e.effect) - left), height: rowHeight - 6, fill: color, extra: opacity)
            if e.low.isFinite && e.high.isFinite {
                let (a, b, mid) = (x.position(e.low), x.position(e.high), y + rowHeight / 2)
                svg.line(x1: a, y1: mid, x2: b, y2: mid, stroke: "#222222")
                svg.line(x1: a, y1: mid - 4, x2: a, y2: mid + 4, stroke: "#222222")
                svg.line(x1: b, y1: mid - 4, x2: b, y2: mid + 4, stroke: "#222222")
            }
        }
    }
}

