// The histogram plot: histogram bins regrouped into equal-width bars (in
// value or in log value) showing the share of values in each.

/// Draws histogram bins as bars (see `SVGPlot.histogram`).
struct HistogramPlot {
    /// Display bars across the x axis.
    static let barCount = 40

    /// The plot title.
    let title: String
    /// The x axis label, with units.
    let xLabel: String
    /// The bins to draw.
    let bins: [HistogramBin]
    /// The line under the title, if any.
    var subtitle: String? = nil

    /// The SVG text.
    func render() -> String {
        let frame = PlotFrame(hasLegend: false, subtitle: subtitle)
        let used = bins.filter { $0.count > 0 && $0.lower.isFinite && $0.upper.isFinite && $0.upper >= $0.lower }
        let total = used.reduce(0) { $0 + $1.count }
        let axis: PlotAxis
        if Self.prefersLogScale(used) {
            let positive = used.filter { $0.lower > 0 }
            axis = .logarithmic(covering: (positive.isEmpty ? used : positive).flatMap { [$0.lower, $0.upper] })
        } else {
            axis = .linear(covering: used.flatMap { [$0.lower, $0.upper] })
        }
        let x = frame.horizontal(axis)
        let shares = Self.barShares(used, total: total, x: x)
        let y = frame.vertical(PlotAxis.linear(covering: shares, includingZero: true))
        var svg = frame.document(title: title, x: x, y: y, xLabel: xLabel, yLabel: "share of values")
        if used.isEmpty { frame.drawNoData(into: &svg) }
        let barWidth = (frame.right - frame.left) / Double(Self.barCount)
        for (index, share) in shares.enumerated() where share > 0 {
            let top = y.position(share)
            svg.rect(x: frame.left + Double(index) * barWidth, y: top, width: barWidth, height: frame.bottom - top,
                     fill: PlotFrame.color(0), extra: " stroke=\"#ffffff\" stroke-width=\"0.5\"")
        }
        return svg.render()
    }

    /// Whether bins are non-negative and their positive part spans more
    /// than two decades.
    static func prefersLogScale(_ bins: [HistogramBin]) -> Bool {
        guard !bins.isEmpty, bins.allSatisfy({ $0.lower >= 0 }) else { return false }
        let positive = bins.map { $0.lower > 0 ? $0.lower : $0.upper }.filter { $0 > 0 }
        guard let smallest = positive.min(), let largest = bins.map(\.upper).max() else { return false }
        return largest / smallest > 100
    }

    /// The share of all values in each display bar; a bin spread over
    /// several bars is split in proportion to its overlap with each.
    static func barShares(_ bins: [HistogramBin], total: Int, x: PlotAxis) -> [Double] {
        var shares = [Double](repeating: 0, count: barCount)
        guard total > 0 else { return shares }
        let bars = Double(barCount)
        for bin in bins {
            let share = Double(bin.count) / Double(total)
            let start = x.fraction(bin.lower)
            let end = x.fraction(bin.upper)
            guard end - start > 1e-12 else {
                shares[Swift.min(barCount - 1, Int(start * bars))] += share
                continue
            }
            for bar in Int(start * bars)...Swift.min(barCount - 1, Int(end * bars)) {
                let overlap = Swift.min(end, Double(bar + 1) / bars) - Swift.max(start, Double(bar) / bars)
                if overlap > 0 { shares[bar] += share * overlap / (end - start) }
            }
        }
        return shares
    }
}
