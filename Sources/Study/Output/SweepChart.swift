// The line chart `run` draws per swept parameter: each surface's staleness
// against that parameter, with the very figures summary.csv reports for it
// (the mean, and the p50 and p90 over all glances of a point), each with a
// 95 % confidence band from the replications.
import Surfaces

/// Builds `sweep-<parameter>.svg`.
enum SweepChart {
    /// One statistic drawn per surface: its name in legends, where summary.csv keeps it, its dash pattern.
    struct Statistic {
        let name: String
        /// The quantile level, or nil for the mean.
        let level: Double?
        /// Dash pattern: the mean solid, the quantiles dashed and dotted.
        let dash: Int
    }

    /// The statistics of each surface, in legend order.
    static let statistics = [Statistic(name: "mean", level: nil, dash: 0),
                             Statistic(name: "p50", level: 0.5, dash: 1),
                             Statistic(name: "p90", level: 0.9, dash: 2)]

    /// The y axis label: what the lines and the bands are, in `unit` (s, min or h).
    static func yLabel(_ unit: String) -> String { "staleness (\(unit)), all glances; band: 95% CI" }

    /// The chart of swept column `c`.
    static func render(_ state: StudyState, column c: Int) -> String {
        let layout = state.layout
        let axis = SweepAxis(values: layout.points.map { StudyPlots.readable($0.fields[c], column: layout.columns[c]) })
        // The other swept values are in each line's legend label (`lines`), not in the title.
        // Times in s, min or h by the range drawn (docs/output.md, "Units"); summary.csv stays in seconds.
        var drawn = series(state, column: c, axis: axis)
        let y = TimeScale(series: drawn)
        drawn = y.scaled(drawn)
        var xLabel = axis.label(layout.columns[c])
        if axis.categories.isEmpty, xLabel.hasSuffix(" (s)") {
            let x = TimeScale(series: drawn, x: true)
            drawn = x.scaled(drawn, x: true)
            xLabel = layout.columns[c] + " (\(x.unit))"
        }
        // Choices and on/off parameters: dots with whiskers at category positions.
        if Self.isCategorical(layout.columns[c]), !axis.categories.isEmpty {
            return LineChartPlot(title: "Staleness vs \(layout.columns[c])", xLabel: layout.columns[c],
                                 yLabel: yLabel(y.unit), series: drawn, categories: axis.categories).render()
        }
        return SVGPlot.lineChart(title: "Staleness vs \(layout.columns[c])", xLabel: xLabel,
                                 yLabel: yLabel(y.unit), series: drawn)
    }

    /// Whether parameter `path` takes names or on/off (a choice or a bool), drawn as categories.
    static func isCategorical(_ path: String) -> Bool {
        switch ParameterIndex()[path]?.kind {
        case .choice?, .bool?: return true
        default: return path == "platform"
        }
    }

    /// Points that differ only in column `c` form one line: the points of each, keyed by the
    /// other swept values written as legends write them (`jitter 5 min, alignReloads true`).
    static func lines(_ state: StudyState, column c: Int) -> [(key: String, points: [Int])] {
        let layout = state.layout
        let names = StudyPlots.shortNames(layout.columns)
        var groups: [(key: String, points: [Int])] = []
        for p in layout.points.indices {
            let key = layout.columns.indices.filter { $0 != c }.map { o in
                names[o] + " " + StudyPlots.withUnit(StudyPlots.readable(layout.points[p].fields[o], column: layout.columns[o]),
                                                     column: layout.columns[o])
            }.joined(separator: ", ")
            if let g = groups.firstIndex(where: { $0.key == key }) { groups[g].points.append(p) } else { groups.append((key, [p])) }
        }
        return groups
    }

    /// Every series: per surface with data, per statistic, per line; a surface's series share a color.
    ///
    /// The values are summary.csv's (`SummaryFigures`): the mean with its interval, and
    /// the pooled quantiles with the bootstrap interval of `QuantileBootstrap`.
    static func series(_ state: StudyState, column c: Int, axis: SweepAxis) -> [PlotSeries] {
        let groups = lines(state, column: c)
        var series: [PlotSeries] = []
        var color = 0
        for surface in StudyPlots.surfaces {
            guard let metric = StudyPlots.metric(named: surface + ".staleness"), StudyPlots.hasData(state, metric) else { continue }
            for group in groups {
                let accumulators = group.points.map { state.points[$0].metrics[metric.rawValue] }
                let figures = accumulators.map { SummaryFigures($0, shape: .sampled) }
                for statistic in statistics {
                    var values: [Double] = [], lows: [Double] = [], highs: [Double] = []
                    for (m, f) in zip(accumulators, figures) {
                        let (value, band) = figure(statistic, m, f)
                        values.append(value)
                        lows.append(band.low)
                        highs.append(band.high)
                    }
                    let name = "\(surface) \(statistic.name)" + (groups.count > 1 ? " @ \(group.key)" : "")
                    series.append(PlotSeries(label: name, points: zip(group.points, values).map { (axis.x[$0], $1) },
                                             bandLow: lows, bandHigh: highs,
                                             style: PlotStyle(color: color, dash: statistic.dash)))
                }
                color += 1
            }
        }
        return series
    }

    /// A statistic as summary.csv reports it, and its 95 % band (low end at least 0).
    static func figure(_ statistic: Statistic, _ m: MetricAccumulator, _ f: SummaryFigures) -> (Double, (low: Double, high: Double)) {
        guard let level = statistic.level else {
            return (f.mean, (f.ci95Low.isNaN ? .nan : max(0, f.ci95Low), f.ci95High))
        }
        let k = SummaryFigures.levels.firstIndex { $0.q == level }!
        let value = f.quantiles[k]
        return (value, m.bootstrap?.interval(level, estimate: value) ?? (.nan, .nan))
    }
}
