// The line charts `run` draws per swept parameter: each reported metric of one measure
// (every surface's staleness, a shared item's latency, …) against that parameter, with
// the very figures summary.csv reports for it (the mean, and for a sampled metric the
// p50 and p90 over all samples of a point), each with a 95 % confidence band from the
// replications (docs/output.md).
import Surfaces
import SurfaceCore

/// Builds `sweep-<parameter>.svg` (staleness) and `sweep-<parameter>-<measure>.svg`.
enum SweepChart {
    /// The reported metrics of one measure, drawn in one chart (they share a unit).
    struct Group {
        /// The name after the surface: `staleness`, `lost`, `write.latency`.
        let measure: String
        /// Its metrics, in report order.
        let metrics: [ReportedMetric]
    }

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

    /// The y axis label of the staleness chart: what the lines and the bands are, in `unit` (s, min or h).
    static func yLabel(_ unit: String) -> String { "staleness (\(unit)), all glances; band: 95% CI" }

    /// The y axis label of `measure`'s chart, in `unit`; `sampled`: its quantiles are over all
    /// samples; `banded`: some line has a band (a chart of per-point metrics, which have no
    /// interval, claims none).
    static func yLabel(_ measure: String, unit: String, sampled: Bool, banded: Bool = true) -> String {
        measure == "staleness" ? yLabel(unit)
            : "\(measure) (\(unit))" + (sampled ? ", all samples" : "") + (banded ? "; band: 95% CI" : "")
    }

    /// `metrics` in groups of one measure, in order of first appearance.
    static func groups(_ metrics: [ReportedMetric]) -> [Group] {
        var measures: [String] = []
        for m in metrics where !measures.contains(m.measure) { measures.append(m.measure) }
        return measures.map { measure in Group(measure: measure, metrics: metrics.filter { $0.measure == measure }) }
    }

    /// The file of `measure`'s chart against `column`: `sweep-<column>.svg` for staleness
    /// (every surface's, as the charts have always been named), else `sweep-<column>-<measure>.svg`.
    static func fileName(column: String, measure: String) -> String {
        measure == "staleness" ? "sweep-\(column).svg" : "sweep-\(column)-\(measure).svg"
    }

    /// The metrics of the staleness chart when no report is given: each surface's staleness.
    static var staleness: [ReportedMetric] {
        MetricCatalog.glancedSurfaces.compactMap { ReportedMetric.named($0 + ".staleness") }
    }

    /// The chart of swept column `c` for `metrics` (one measure, so one unit). A grid over
    /// more than one parameter is drawn as small multiples: a panel per level of the other
    /// swept parameters (its title says which), all on one scale, every series in the legend.
    /// Named points are no grid: a dot chart, a column per point with its value of `c` under
    /// its name, nothing drawn between points.
    static func render(_ state: StudyState, column c: Int, metrics: [ReportedMetric] = staleness) -> String {
        let layout = state.layout
        let path = layout.columns[c]
        let named = layout.points.contains { Int($0.name) == nil }
        let values = layout.points.map { StudyPlots.readable($0.fields[c], column: path) }
        let axis = named ? SweepAxis(values: layout.points.map(\.name)) : SweepAxis(values: values)
        let groups = named ? [(key: "", points: Array(layout.points.indices))] : lines(state, column: c)
        var panels = groups.map { group in
            (title: group.key, series: series(state, points: group.points, axis: axis, metrics: metrics))
        }
        // Times in s, min, h or d by the range drawn, the same in every panel (docs/output.md, "Units"); summary.csv stays in seconds.
        let unit = metrics.first?.spec.unit ?? "s"
        var yUnit = unit
        if unit == "s" {
            let y = TimeScale(series: panels.flatMap(\.series))
            panels = panels.map { ($0.title, y.scaled($0.series)) }
            yUnit = y.unit
        }
        let measure = metrics.first?.measure ?? "staleness"
        let banded = panels.contains { $0.series.contains { s in s.bandLow?.contains { $0.isFinite } ?? false } }
        let yLabel = yLabel(measure, unit: yUnit, sampled: metrics.contains { $0.isSampled }, banded: banded)
        // Every surface's staleness is "Staleness"; another measure is named by its metric when it has one.
        let what = measure == "staleness" || metrics.count != 1 ? measure.prefix(1).uppercased() + measure.dropFirst() : metrics[0].spec.name
        let subtitle = StudyPlots.subtitle(state, metrics: metrics)
        if named {
            let short = StudyPlots.shortNames(layout.columns)[c]
            let names = layout.points.indices.map { p in
                layout.points[p].name + "\n" + short + " " + StudyPlots.withUnit(values[p], column: path)
            }
            return LineChartPlot(title: what + " per point, with its \(path)", xLabel: "point (and its \(path))", yLabel: yLabel,
                                 series: panels[0].series, categories: names, subtitle: subtitle).render()
        }
        let title = what + " vs \(path)" + (panels.count > 1 ? ", a panel per other swept value" : "")
        var xLabel = axis.label(path)
        if axis.categories.isEmpty, xLabel.hasSuffix(" (s)") {
            let x = TimeScale(series: panels.flatMap(\.series), x: true)
            panels = panels.map { ($0.title, x.scaled($0.series, x: true)) }
            xLabel = path + " (\(x.unit))"
        }
        // Choices, on/off parameters and distributions: dots with whiskers at category positions, no lines between them.
        let categorical = !axis.categories.isEmpty
        return LineChartPlot(title: title, xLabel: categorical ? path : xLabel, yLabel: yLabel, series: [],
                             categories: categorical ? axis.categories : nil, subtitle: subtitle).renderPanels(panels)
    }

    /// The series of the points `points` (one line of column `c`): per metric with data, per
    /// statistic; a metric's series share a color, labelled `widget mean`, `widget p90`.
    static func series(_ state: StudyState, points: [Int], axis: SweepAxis, metrics: [ReportedMetric]) -> [PlotSeries] {
        var series: [PlotSeries] = []
        var color = 0
        for metric in metrics where metric.hasData(state) {
            let figures = points.map { metric.figures(state, point: $0) }
            for statistic in metric.isSampled ? statistics : [statistics[0]] {
                var values: [Double] = [], lows: [Double] = [], highs: [Double] = []
                for (p, f) in zip(points, figures) {
                    let (value, band) = figure(statistic, bootstrap: bootstrap(state, metric, point: p), f)
                    values.append(value)
                    lows.append(band.low)
                    highs.append(band.high)
                }
                series.append(PlotSeries(label: "\(metric.surface) \(statistic.name)", points: zip(points, values).map { (axis.x[$0], $1) },
                                         bandLow: lows, bandHigh: highs, style: PlotStyle(color: color, dash: statistic.dash)))
            }
            color += 1
        }
        return series
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

    /// Every series: per metric with data, per statistic, per line; a metric's series share a color.
    /// A sampled metric has its mean, p50 and p90, a replication's or a point's metric its mean.
    ///
    /// The values are summary.csv's (`SummaryFigures`): the mean with its interval, and
    /// the pooled quantiles with the bootstrap interval of `QuantileBootstrap` (no band for
    /// a metric without one; a per-point metric has no interval).
    static func series(_ state: StudyState, column c: Int, axis: SweepAxis, metrics: [ReportedMetric] = staleness) -> [PlotSeries] {
        let groups = lines(state, column: c)
        var series: [PlotSeries] = []
        var color = 0
        for metric in metrics where metric.hasData(state) {
            for group in groups {
                let figures = group.points.map { metric.figures(state, point: $0) }
                for statistic in metric.isSampled ? statistics : [statistics[0]] {
                    var values: [Double] = [], lows: [Double] = [], highs: [Double] = []
                    for (p, f) in zip(group.points, figures) {
                        let (value, band) = figure(statistic, bootstrap: bootstrap(state, metric, point: p), f)
                        values.append(value)
                        lows.append(band.low)
                        highs.append(band.high)
                    }
                    let name = "\(metric.surface) \(statistic.name)" + (groups.count > 1 ? " @ \(group.key)" : "")
                    series.append(PlotSeries(label: name, points: zip(group.points, values).map { (axis.x[$0], $1) },
                                             bandLow: lows, bandHigh: highs,
                                             style: PlotStyle(color: color, dash: statistic.dash)))
                }
                color += 1
            }
        }
        return series
    }

    /// The bootstrap of `metric`'s pooled quantiles at point `p`, if the study keeps one.
    static func bootstrap(_ state: StudyState, _ metric: ReportedMetric, point p: Int) -> QuantileBootstrap? {
        guard case .catalogue(let m) = metric.source else { return nil }
        return state.points[p].metrics[m.rawValue].bootstrap
    }

    /// A statistic as summary.csv reports it, and its 95 % band (low end at least 0).
    static func figure(_ statistic: Statistic, bootstrap: QuantileBootstrap?, _ f: SummaryFigures) -> (Double, (low: Double, high: Double)) {
        guard let level = statistic.level else {
            return (f.mean, (f.ci95Low.isNaN ? .nan : max(0, f.ci95Low), f.ci95High))
        }
        let k = SummaryFigures.levels.firstIndex { $0.q == level }!
        let value = f.quantiles[k]
        return (value, bootstrap?.interval(level, estimate: value) ?? (.nan, .nan))
    }
}
