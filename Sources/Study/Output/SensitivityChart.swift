// sensitivity.svg (docs/output.md#sensitivitysvg): a horizontal bar chart of the effects in
// sensitivity.csv on each surface's mean staleness, one group of bars per sampled
// parameter (largest effect first), a bar per surface with its 95 % interval as a whisker.

/// Builds `sensitivity.svg`.
enum SensitivityChart {
    /// The file name.
    static let fileName = "sensitivity.svg"
    /// Height of one bar, and the gap between parameters.
    static let barHeight = 14.0, groupGap = 14.0
    /// Space for the title above and the axis below the bars.
    static let top = 56.0, bottomSpace = 58.0
    /// Width of the legend column on the right.
    static let legendWidth = 170.0
    /// Approximate width of one character at 12 px, for the parameter names' column.
    static let characterWidth = 7.0

    /// The chart of `effects` (from `SensitivityAnalysis.effects`) for `method`.
    static func render(_ effects: [SensitivityAnalysis.MetricEffects], method: SampleMethod, parameters: [String]) -> String {
        let charted = StudyPlots.surfaces.compactMap { surface in
            effects.first { $0.metric == surface + ".staleness" && $0.effects.contains { $0.effect.isFinite } }
        }
        let order = parameterOrder(charted, parameters: parameters)
        let groupHeight = Double(max(1, charted.count)) * barHeight + groupGap
        let bottom = top + Double(max(1, order.count)) * groupHeight
        let height = Int(bottom + bottomSpace)
        let left = max(96, 24 + characterWidth * Double(order.map(\.count).max() ?? 0))
        let right = Double(PlotFrame.width) - legendWidth
        let what = method == .lhs ? "|Spearman ρ|" : "Morris μ* (s per full range)"
        let title = "Sensitivity of mean staleness: \(what)"
        var svg = SVGDocument(width: PlotFrame.width, height: height, title: title)
        svg.text(title, x: Double(PlotFrame.width) / 2, y: 28, anchor: "middle", size: 16, bold: true)
        let values = charted.flatMap { $0.effects.flatMap { [$0.effect, $0.high] } }
        var x = PlotAxis.linear(covering: values + (method == .lhs ? [1] : []), includingZero: true)
        (x.pixelLow, x.pixelHigh) = (left, right)
        for tick in x.ticks {
            let position = x.position(tick.value)
            svg.line(x1: position, y1: top - 6, x2: position, y2: bottom, stroke: "#E6E6E6")
            svg.line(x1: position, y1: bottom, x2: position, y2: bottom + 5, stroke: "#444444")
            svg.text(tick.label, x: position, y: bottom + 18, anchor: "middle")
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#444444")
        svg.line(x1: left, y1: top - 6, x2: left, y2: bottom, stroke: "#444444")
        let axisLabel = method == .lhs ? "|Spearman ρ| of the point means; whisker: 95% CI (Fisher z)"
            : "μ*: mean |elementary effect| (s); whisker: 95% CI (bootstrap)"
        svg.text(axisLabel, x: (left + right) / 2, y: bottom + 40, anchor: "middle", size: 13)
        if charted.isEmpty { svg.text("no data", x: (left + right) / 2, y: (top + bottom) / 2, anchor: "middle", size: 14, fill: "#888888") }
        for (row, parameter) in order.enumerated() {
            let groupTop = top + Double(row) * groupHeight
            svg.text(parameter, x: left - 8, y: groupTop + Double(charted.count) * barHeight / 2 + 4, anchor: "end")
            for (m, metric) in charted.enumerated() {
                guard let e = metric.effects.first(where: { $0.parameter == parameter }), e.effect.isFinite else { continue }
                let y = groupTop + Double(m) * barHeight
                let color = PlotFrame.color(m)
                let end = x.position(e.effect)
                let opacity = e.direction < 0 ? " fill-opacity=\"0.45\"" : ""
                svg.rect(x: left, y: y + 1, width: max(0, end - left), height: barHeight - 2, fill: color, extra: opacity)
                if e.low.isFinite && e.high.isFinite {
                    let (a, b, mid) = (x.position(e.low), x.position(e.high), y + barHeight / 2)
                    svg.line(x1: a, y1: mid, x2: b, y2: mid, stroke: "#222222")
                    svg.line(x1: a, y1: mid - 3, x2: a, y2: mid + 3, stroke: "#222222")
                    svg.line(x1: b, y1: mid - 3, x2: b, y2: mid + 3, stroke: "#222222")
                }
            }
        }
        drawLegend(charted.map { $0.metric.replacingSuffix(".staleness", with: "") }, x: right + 16, into: &svg)
        return svg.render()
    }

    /// Parameters by their largest charted effect, descending (as printed), ties by name;
    /// parameters without a finite effect last.
    static func parameterOrder(_ charted: [SensitivityAnalysis.MetricEffects], parameters: [String]) -> [String] {
        func largest(_ p: String) -> Double {
            let values = charted.compactMap { $0.effects.first { $0.parameter == p }?.effect }.filter(\.isFinite)
            return values.max().map { Double(CSVNumber.format($0)) ?? 0 } ?? -.infinity
        }
        return parameters.sorted { a, b in
            let (x, y) = (largest(a), largest(b))
            return x != y ? x > y : a < b
        }
    }

    /// A swatch per surface, and how to read a pale bar.
    private static func drawLegend(_ names: [String], x: Double, into svg: inout SVGDocument) {
        for (i, name) in names.enumerated() {
            let y = top + Double(i) * 20
            svg.rect(x: x, y: y - 5, width: 18, height: 10, fill: PlotFrame.color(i))
            svg.text(name + " staleness", x: x + 24, y: y + 4)
        }
        guard !names.isEmpty else { return }
        let y = top + Double(names.count) * 20 + 10
        svg.rect(x: x, y: y - 5, width: 18, height: 10, fill: "#888888", extra: " fill-opacity=\"0.45\"")
        svg.text("pale: falls as the", x: x + 24, y: y + 4)
        svg.text("parameter rises", x: x + 24, y: y + 18)
    }
}

extension String {
    /// The string without `suffix` at its end, replaced by `replacement`.
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
