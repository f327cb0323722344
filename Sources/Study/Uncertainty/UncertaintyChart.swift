// uncertainty.svg (docs/output.md#uncertaintysvg): for each surface's mean staleness, a row
// per sweep point with the range the metric could take given the uncertain platform figures
// (2.5% to 97.5% of the draws' means), the mean, and the platform's share of the variance.
import Surfaces
import SurfaceCore

/// Builds `uncertainty.svg`.
enum UncertaintyChart {
    static let fileName = "uncertainty.svg"
    static let rowHeight = 22.0
    static let panelTitle = 24.0, panelAxis = 26.0, panelGap = 14.0
    static let top = 66.0, bottomSpace = 30.0

    static func render(_ rows: [UncertaintyAnalysis.Row], labels: [String: String], study: String, draws: Int, replications: Int) -> String {
        let panels = MetricCatalog.glancedSurfaces.map { $0 + ".staleness" }.compactMap { metric -> (String, [UncertaintyAnalysis.Row])? in
            let mine = rows.filter { $0.metric == metric && $0.mean.isFinite }
            return mine.isEmpty ? nil : (metric, mine)
        }
        let points = panels.map(\.1.count).max() ?? 1
        let panelHeight = panelTitle + Double(points) * rowHeight + panelAxis + panelGap
        let bottom = top + Double(max(1, panels.count)) * panelHeight
        let names = rows.map { labels[$0.point] ?? $0.point }
        let left = max(80, 24 + (names.map { TextMeasure.width($0) }.max() ?? 0))
        let shareLabel = TextMeasure.width("platform 100%", size: 11) + 12
        let right = Double(PlotFrame.width) - 24 - shareLabel
        let title = "\(study): what the platform's unknowns leave open"
        var svg = SVGDocument(width: PlotFrame.width, height: Int(bottom + bottomSpace), title: title)
        svg.text(title, x: Double(PlotFrame.width) / 2, y: 28, anchor: "middle", size: 16, bold: true)
        svg.text("\(draws) outer draws × \(replications) replications; bar: 2.5% to 97.5% of the draws' means; dot: mean",
                 x: Double(PlotFrame.width) / 2, y: 48, anchor: "middle", size: 12, fill: "#555555")
        if panels.isEmpty {
            svg.text("no data", x: (left + right) / 2, y: top + 30, anchor: "middle", size: 14, fill: "#888888")
        }
        for (m, panel) in panels.enumerated() {
            let panelTop = top + Double(m) * panelHeight
            svg.text("mean \(panel.0) (s)", x: left, y: panelTop + 14, size: 13, bold: true)
            let barsTop = panelTop + panelTitle
            let barsBottom = barsTop + Double(panel.1.count) * rowHeight
            var x = PlotAxis.linear(covering: panel.1.flatMap { [$0.low, $0.high, $0.mean] }, includingZero: true, targetTicks: 6)
            (x.pixelLow, x.pixelHigh) = (left, right)
            for tick in x.ticks {
                let position = x.position(tick.value)
                svg.line(x1: position, y1: barsTop, x2: position, y2: barsBottom, stroke: "#E6E6E6")
                svg.text(tick.label, x: position, y: barsBottom + 16, anchor: "middle", size: 11)
            }
            svg.line(x1: left, y1: barsBottom, x2: right, y2: barsBottom, stroke: "#444444")
            let color = PlotFrame.color(m)
            for (r, row) in panel.1.enumerated() {
                let y = barsTop + Double(r) * rowHeight + rowHeight / 2
                svg.text(labels[row.point] ?? row.point, x: left - 8, y: y + 4, anchor: "end")
                svg.line(x1: x.position(row.low), y1: y, x2: x.position(row.high), y2: y, stroke: color, width: 6)
                svg.circle(x: x.position(row.mean), y: y, radius: 4, fill: "#222222")
                svg.text("platform \(Int((row.platformShare * 100).rounded()))%", x: right + 12, y: y + 4, size: 11, fill: "#555555")
            }
        }
        return svg.render()
    }
}
