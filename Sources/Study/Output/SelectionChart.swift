// selection.svg (docs/output.md#selectioncsv): each point's mean of the ranked figure with
// its interval, one row per point (every point drawn: the canvas grows with them), the
// selected design marked, each other point labelled with how and when it left.

/// Draws a selection.
enum SelectionChart {
    static let width = 980
    static let left = 220.0, right = 560.0, top = 72.0, rowHeight = 22.0, bottomMargin = 76.0

    /// The chart of `result` for the study `state`.
    static func render(_ result: SelectionResult, state: StudyState) -> String {
        let s = result.settings
        let rows = result.rows
        // The indifference zone beside the design selected: the means a design could have and still count as the best.
        let zone = result.selected.map { p -> (Double, Double) in
            s.goal == .minimize ? (rows[p].mean, rows[p].mean + s.within) : (rows[p].mean - s.within, rows[p].mean)
        }
        let values = (rows.flatMap { [$0.mean, $0.low, $0.high] } + (zone.map { [$0.0, $0.1] } ?? [])).filter(\.isFinite)
        let pad = ((values.max() ?? 1) - (values.min() ?? 0)) / 20
        var axis = PlotAxis.linear(covering: values + [(values.min() ?? 0) - pad, (values.max() ?? 1) + pad])
        (axis.pixelLow, axis.pixelHigh) = (left, right)
        let bottom = top + Double(rows.count) * rowHeight + 8
        let height = Int(bottom + bottomMargin)
        let title = "Selection: \(s.goal == .minimize ? "smallest" : "largest") mean \(s.metric.name) of \(rows.count) designs"
        var svg = SVGDocument(width: width, height: height, title: title)
        svg.text(title, x: Double(width) / 2, y: 28, anchor: "middle", size: 16, bold: true)
        let percent = PlotNumber.fixed(s.confidence * 100, decimals: s.confidence * 100 == (s.confidence * 100).rounded() ? 0 : 1)
        var subtitle = "Kim & Nelson, within \(SelectionResult.quantity(s.within, unit: s.metric.unit)) with probability ≥ \(percent)%"
            + (s.constraints.isEmpty ? "" : "; " + s.constraints.map(\.text).joined(separator: ", "))
            + "; mean and \(percent)% CI over each design's replications"
        let fits = width / 6 - 4
        if subtitle.count > fits { subtitle = String(subtitle.prefix(fits - 1)) + "…" }
        svg.text(subtitle, x: Double(width) / 2, y: 46, anchor: "middle", size: 11, fill: "#555555")
        for tick in axis.ticks {
            let x = axis.position(tick.value)
            svg.line(x1: x, y1: top, x2: x, y2: bottom, stroke: "#E6E6E6")
            svg.line(x1: x, y1: bottom, x2: x, y2: bottom + 5, stroke: "#444444")
            svg.text(tick.label, x: x, y: bottom + 18, anchor: "middle")
        }
        if let (low, high) = zone, low.isFinite, high.isFinite {
            let (x1, x2) = (axis.position(low), axis.position(high))
            svg.rect(x: x1, y: top, width: max(1, x2 - x1), height: bottom - top, fill: "#D8EEDD")
            svg.text("shaded: within \(SelectionResult.quantity(s.within, unit: s.metric.unit)) of the selected design's mean",
                     x: left, y: bottom + 60, size: 11, fill: "#1B7F3B")
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#444444")
        svg.text("mean \(s.metric.name) (\(s.metric.unit))", x: (left + right) / 2, y: bottom + 40, anchor: "middle", size: 13)
        svg.text("mean [CI] · replications · outcome", x: right + 12, y: top - 6, size: 11, fill: "#555555")
        for (p, row) in rows.enumerated() {
            let y = top + (Double(p) + 0.5) * rowHeight
            let chosen = result.selected == p
            let color = chosen ? "#1B7F3B" : row.outcome == .infeasible ? "#C0392B" : row.outcome == .remained ? "#1F5FA8" : "#8C8C8C"
            if chosen { svg.rect(x: 4, y: y - rowHeight / 2, width: Double(width) - 8, height: rowHeight, fill: "#E8F5EC") }
            svg.text(PlotFrame.shortened(StudyPlots.label(state, point: p)), x: left - 10, y: y + 4, anchor: "end", bold: chosen)
            if row.low.isFinite, row.high.isFinite {
                let (x1, x2) = (axis.position(row.low), axis.position(row.high))
                svg.line(x1: x1, y1: y, x2: x2, y2: y, stroke: color, width: 2)
                svg.line(x1: x1, y1: y - 5, x2: x1, y2: y + 5, stroke: color, width: 2)
                svg.line(x1: x2, y1: y - 5, x2: x2, y2: y + 5, stroke: color, width: 2)
            }
            svg.circle(x: axis.position(row.mean), y: y, radius: chosen ? 5 : 4, fill: color)
            svg.text(summary(row, selected: chosen), x: right + 12, y: y + 4, size: 11, fill: chosen ? "#1B7F3B" : "#333333")
        }
        return svg.render()
    }

    /// `512 [480, 545] · n 140 · eliminated at 23`.
    static func summary(_ row: SelectionResult.Row, selected: Bool) -> String {
        let size = abs(row.mean)
        let decimals = size >= 100 ? 0 : (size >= 10 ? 1 : (size >= 0.1 ? 2 : 4))
        func n(_ x: Double) -> String { x.isFinite ? PlotNumber.fixed(x, decimals: decimals) : "–" }
        let outcome: String
        switch row.outcome {
        case .selected: outcome = "★ selected"
        case .eliminated: outcome = "eliminated at \(row.leftAfter)"
        case .infeasible: outcome = "infeasible at \(row.leftAfter)"
        case .remained: outcome = "left at the cap"
        }
        return n(row.mean) + " [" + n(row.low) + ", " + n(row.high) + "] · n \(row.replications) · " + outcome
    }
}
