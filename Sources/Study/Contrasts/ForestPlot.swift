// contrasts-forest.svg (docs/output.md#contrasts): the paired difference of each surface's
// mean staleness from the baseline, with its 95 % interval, one row per (metric, point);
// and contrasts-forest-<measure>.svg the same for another measure the report charts.

import Surfaces
import SurfaceCore

/// Draws the forest plots of a study's contrasts.
enum ForestPlot {
    /// The file name beside contrasts.csv: the staleness plot's.
    static let fileName = "contrasts-forest.svg"
    /// The metrics drawn when no report says otherwise (`compare`): every surface's
    /// staleness (all in seconds, so one axis serves).
    static let metrics = MetricCatalog.glancedSurfaces.map { $0 + ".staleness" }

    /// The file of `measure`'s plot: `contrasts-forest.svg` for staleness, else
    /// `contrasts-forest-<measure>.svg` (as `SweepChart.fileName` names sweep charts).
    static func fileName(measure: String) -> String {
        measure == "staleness" ? fileName : "contrasts-forest-\(measure).svg"
    }

    /// Whether `name` is a forest plot's file.
    static func isFileName(_ name: String) -> Bool {
        name == fileName || name.hasPrefix("contrasts-forest-") && name.hasSuffix(".svg")
    }
    /// Rows drawn at most; the rest are counted in a note (contrasts.csv has them all).
    static let maximumRows = 40

    static let width = 760
    static let left = 240.0, right = 600.0, top = 64.0, rowHeight = 22.0, bottomMargin = 64.0
    /// What a study's rows are differences from, for the title: the baseline point, or with
    /// `observe.contrasts` each stratum's baseline (or each pair's earlier point).
    static func baselineTitle(_ state: StudyState) -> String {
        guard let design = state.layout.contrasts else { return StudyPlots.label(state, point: state.layout.baseline) }
        switch design.pairs {
        case .baseline: return design.within.isEmpty ? "the baseline" : "the baseline at each level of " + design.within.joined(separator: ", ")
        case .all: return "the earlier point of each pair"
        }
    }

    /// A generous width of one character at 12 px (and of a bold one), so that text measured
    /// with it is never wider on the page than the room made for it.
    static let characterWidth = 7.0, boldCharacterWidth = 7.8, titleCharacterWidth = 10.0
    /// Room for the `+12.3 [4.1, 20.5]` column right of the axis.
    static let figuresWidth = 160.0

    /// The x of the axis's left end: wide enough for the longest row label, placed right-aligned
    /// at `left − 10` (a label is never cut: it is measured before it is placed).
    static func axisLeft(labels: [String]) -> Double {
        max(left, 12 + 10 + characterWidth * Double(labels.map(\.count).max() ?? 0))
    }

    /// The plot of `metrics`, all of one `measure` in `unit`, or nil when none has a finite
    /// difference at any point.
    static func render(_ rows: [ContrastRow], baseline: String, note: String = "",
                       metrics: [String] = metrics, measure: String = "staleness", unit: String = "s") -> String? {
        var entries: [(group: String, row: ContrastRow?)] = []
        for metric in metrics {
            let drawn = rows.filter { $0.metric == metric && $0.statistic == "mean" && $0.figures.difference.isFinite }
            // A group per conditioning level (`observe.contrasts.within`), in the rows' order.
            var levels: [String] = []
            for row in drawn where !levels.contains(row.conditioning) { levels.append(row.conditioning) }
            for level in levels {
                let group = level.isEmpty ? metric : metric + " at " + level
                entries.append((group, nil))
                entries += drawn.filter { $0.conditioning == level }.map { (group, $0) }
            }
        }
        guard !entries.isEmpty else { return nil }
        let shown = Array(entries.prefix(maximumRows))
        let hidden = entries.dropFirst(maximumRows).filter { $0.row != nil }.count
        let drawn = shown.compactMap(\.row)
        let values = drawn.flatMap { [$0.figures.difference, $0.figures.differenceLow, $0.figures.differenceHigh] }
        // A twentieth of the span beyond each end, so no mark sits on the frame's edge.
        let finite = values.filter(\.isFinite) + [0]
        let pad = ((finite.max() ?? 0) - (finite.min() ?? 0)) / 20
        var axis = PlotAxis.linear(covering: finite + [(finite.min() ?? 0) - pad, (finite.max() ?? 0) + pad])
        let left = axisLeft(labels: drawn.map(\.label))
        let right = left + (Self.right - Self.left)
        let headers = shown.filter { $0.row == nil }.map { 12 + boldCharacterWidth * Double($0.group.count) + 12 }
        // Every surface's staleness is "staleness"; another measure is named by its metric when it has one.
        let what = measure == "staleness" || metrics.count != 1 ? measure : metrics[0]
        // A grid's contrasts (`observe.contrasts`) name their baselines in full: the title is the row labels' key.
        let grid = drawn.contains { !$0.baselinePoint.isEmpty }
        let title = "Mean \(what): paired difference from \(grid ? baseline : PlotFrame.shortened(baseline))"
        let titleWidth = grid ? 40 + titleCharacterWidth * Double(title.count) : 0
        let width = Int(max(Double(Self.width), right + figuresWidth, headers.max() ?? 0, titleWidth).rounded(.up))
        (axis.pixelLow, axis.pixelHigh) = (left, right)
        let bottom = top + Double(shown.count) * rowHeight + 8
        let height = Int(bottom + bottomMargin + (hidden > 0 ? 16 : 0))
        var svg = SVGDocument(width: width, height: height, title: title)
        svg.text(title, x: Double(width) / 2, y: 28, anchor: "middle", size: 16, bold: true)
        // At 11 px a character is about 6 px wide: a longer subtitle (many swept paths) is cut to the width.
        var subtitle = "point − baseline, 95 % CI over paired replications" + note
        let fits = width / 6 - 4
        if subtitle.count > fits { subtitle = String(subtitle.prefix(fits - 1)) + "…" }
        svg.text(subtitle, x: Double(width) / 2, y: 46, anchor: "middle", size: 11, fill: "#555555")
        for tick in axis.ticks {
            let x = axis.position(tick.value)
            svg.line(x1: x, y1: top, x2: x, y2: bottom, stroke: tick.value == 0 ? "#888888" : "#E6E6E6", width: tick.value == 0 ? 1.5 : 1)
            svg.line(x1: x, y1: bottom, x2: x, y2: bottom + 5, stroke: "#444444")
            svg.text(tick.label, x: x, y: bottom + 18, anchor: "middle")
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#444444")
        svg.text("difference in mean \(measure) (\(unit))", x: (left + right) / 2, y: bottom + 40, anchor: "middle", size: 13)
        svg.text("difference [95 % CI]", x: right + 12, y: top - 6, size: 11, fill: "#555555")
        for (i, entry) in shown.enumerated() {
            let y = top + (Double(i) + 0.5) * rowHeight
            guard let row = entry.row else {
                svg.text(entry.group, x: 12, y: y + 4, bold: true)
                continue
            }
            let f = row.figures
            let color = PlotFrame.palette[(metrics.firstIndex(of: row.metric) ?? 0) % PlotFrame.palette.count]
            svg.text(row.label, x: left - 10, y: y + 4, anchor: "end")
            if f.differenceLow.isFinite, f.differenceHigh.isFinite {
                let (x1, x2) = (axis.position(f.differenceLow), axis.position(f.differenceHigh))
                svg.line(x1: x1, y1: y, x2: x2, y2: y, stroke: color, width: 2)
                svg.line(x1: x1, y1: y - 5, x2: x1, y2: y + 5, stroke: color, width: 2)
                svg.line(x1: x2, y1: y - 5, x2: x2, y2: y + 5, stroke: color, width: 2)
            }
            svg.circle(x: axis.position(f.difference), y: y, radius: 4, fill: color)
            svg.text(summary(f), x: right + 12, y: y + 4, size: 11)
        }
        if hidden > 0 {
            svg.text("+ \(hidden) more rows in contrasts.csv", x: left, y: Double(height) - 12, size: 11, fill: "#555555")
        }
        return svg.render()
    }

    /// `+12.3 [4.1, 20.5]`: every number with the decimals the difference's size calls for
    /// (none from 100 on, one from 10, else two).
    static func summary(_ f: ContrastFigures) -> String {
        let size = abs(f.difference)
        let decimals = size >= 100 ? 0 : (size >= 10 ? 1 : 2)
        func n(_ x: Double) -> String { x.isFinite ? PlotNumber.fixed(x, decimals: decimals) : "–" }
        let sign = f.difference > 0 ? "+" : ""
        guard f.differenceLow.isFinite else { return sign + n(f.difference) }
        return sign + n(f.difference) + " [" + n(f.differenceLow) + ", " + n(f.differenceHigh) + "]"
    }
}
