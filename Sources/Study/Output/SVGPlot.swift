// The plots `run` and `plot` write (docs/cli.md): an ECDF of staleness per
// point, a histogram, and a line chart per swept parameter.

/// One labeled series of a plot.
///
/// For an ECDF the points are (value, cumulative share in [0, 1]); for a
/// line chart they are (x, y), with an optional confidence band given as
/// `bandLow[i]`…`bandHigh[i]` around point `i`. Points with a non-finite
/// coordinate are skipped when drawing.
public struct PlotSeries: Sendable {
    /// The legend label.
    public var label: String
    /// The data points, in any order (plots sort them by x).
    public var points: [(x: Double, y: Double)]
    /// Lower ends of the confidence band, one per point, or `nil` for none.
    public var bandLow: [Double]?
    /// Upper ends of the confidence band, one per point, or `nil` for none.
    public var bandHigh: [Double]?
    /// The palette color and dash pattern to draw with; `nil`: by the series' position.
    public var style: PlotStyle?

    /// Creates a series; a band needs both ends, each as long as `points`.
    public init(label: String, points: [(x: Double, y: Double)],
                bandLow: [Double]? = nil, bandHigh: [Double]? = nil, style: PlotStyle? = nil) {
        self.label = label
        self.points = points
        self.bandLow = bandLow
        self.bandHigh = bandHigh
        self.style = style
    }

    /// The empirical CDF of raw values: a point (v, share of values ≤ v) per
    /// distinct finite value.
    public static func ecdf(label: String, values: [Double]) -> PlotSeries {
        let sorted = values.filter(\.isFinite).sorted()
        var points: [(x: Double, y: Double)] = []
        for (index, value) in sorted.enumerated() where index + 1 == sorted.count || sorted[index + 1] != value {
            points.append((value, Double(index + 1) / Double(sorted.count)))
        }
        return PlotSeries(label: label, points: points)
    }

    /// The empirical CDF of a histogram: a point (upper bound, cumulative
    /// share) per bin, so the curve never runs ahead of the data.
    public static func ecdf(label: String, bins: [HistogramBin]) -> PlotSeries {
        PlotSeries(label: label, points: bins.map { ($0.upper, $0.cumulativeShare) })
    }

    /// Finite points sorted by x (then y), with their original indices.
    func sortedFinitePoints() -> [(x: Double, y: Double, index: Int)] {
        points.enumerated()
            .filter { $0.element.x.isFinite && $0.element.y.isFinite }
            .map { (x: $0.element.x, y: $0.element.y, index: $0.offset) }
            .sorted { ($0.x, $0.y, $0.index) < ($1.x, $1.y, $1.index) }
    }
}

/// How a line chart draws one series: a color of the palette and a dash pattern,
/// so that related series (one surface's mean and quantiles) share a color.
public struct PlotStyle: Sendable, Equatable {
    /// Index into the palette (it repeats).
    public var color: Int
    /// Index into the dash patterns: 0 solid (they repeat).
    public var dash: Int

    public init(color: Int, dash: Int) {
        (self.color, self.dash) = (color, dash)
    }

    /// The style of series `index` when none is given: palette in order, dashed once it repeats.
    public static func position(_ index: Int) -> PlotStyle {
        PlotStyle(color: index % PlotFrame.palette.count, dash: index / PlotFrame.palette.count)
    }
}

/// Deterministic SVG plots on a 720×440 canvas: a title, axes with 1-2-5
/// ticks, axis labels (pass units in them, e.g. `"staleness (s)"`), a legend
/// with colored swatches, and an 8-color palette (dashed once it repeats).
/// The same input always gives the same text.
public enum SVGPlot {
    /// An ECDF of each series as a step line, y from 0 to 1.
    ///
    /// Each point (x, y) raises the curve to y at x; the curve starts at 0 on
    /// the left edge and runs flat to the right edge after its last point.
    /// With `logX`, x is logarithmic from the decade below the smallest
    /// positive value to the decade above the largest, and values ≤ 0 are
    /// drawn at the left edge.
    /// With `timeX`, x is in seconds: a log axis ticks at round times with their units, a linear
    /// one is in s, min, h or d; `subtitle` is a line under the title.
    public static func ecdf(title: String, xLabel: String, series: [PlotSeries], logX: Bool,
                            timeX: Bool = false, subtitle: String? = nil) -> String {
        ECDFPlot(title: title, xLabel: xLabel, series: series, logX: logX, timeX: timeX, subtitle: subtitle).render()
    }

    /// A histogram of `bins` as bars of the share of values, regrouped into
    /// at most 40 equal-width display bars. When all bins are non-negative
    /// and the positive ones span more than two decades, the x axis is
    /// logarithmic and a bin starting at 0 joins the leftmost bar.
    public static func histogram(title: String, xLabel: String, bins: [HistogramBin], subtitle: String? = nil) -> String {
        HistogramPlot(title: title, xLabel: xLabel, bins: bins, subtitle: subtitle).render()
    }

    /// A line chart of each series with point markers and, where given, a
    /// translucent confidence band.
    /// - Precondition: each band, if present, has one entry per point.
    public static func lineChart(title: String, xLabel: String, yLabel: String, series: [PlotSeries], subtitle: String? = nil) -> String {
        LineChartPlot(title: title, xLabel: xLabel, yLabel: yLabel, series: series, subtitle: subtitle).render()
    }
}
