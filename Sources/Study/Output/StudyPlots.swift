// The plots `run` writes (docs/output.md): an ECDF of each sampled metric the report
// charts (`observe.report`; by default each surface's staleness and a shared item's
// latency) per point, and per swept parameter a line chart of each measure (`SweepChart`).
import SimKernel
import Surfaces
import SurfaceCore

/// Builds the SVG files of a study from its state.
public enum StudyPlots {
    /// Every plot as (file name, SVG text), in a fixed order: the ECDFs in report order,
    /// then per swept parameter its charts in order of the measures' first appearance.
    /// A charted metric with no value at any point is left out.
    public static func render(_ state: StudyState) -> [(name: String, svg: String)] {
        var files: [(String, String)] = []
        let charted = state.layout.report.charts.filter { $0.hasData(state) }
        for metric in charted where metric.isSampled {
            files.append((ecdfFileName(metric), ecdf(state, metric: metric)))
        }
        // A sampled region's points are no grid to draw lines through: sensitivity.svg shows it;
        // nor are an uncertain study's draws: uncertainty.svg shows them.
        if state.layout.points.count > 1, state.layout.sample == nil, state.layout.uncertain == nil {
            for (c, column) in state.layout.columns.enumerated() {
                for group in SweepChart.groups(charted) {
                    files.append((SweepChart.fileName(column: column, measure: group.measure),
                                  SweepChart.render(state, column: c, metrics: group.metrics)))
                }
            }
        }
        return files
    }

    /// `<measure>-ecdf-<surface>.svg`: `staleness-ecdf-widget.svg`, `latency-ecdf-share.svg`.
    static func ecdfFileName(_ metric: ReportedMetric) -> String {
        "\(metric.measure)-ecdf-\(metric.surface).svg"
    }

    /// The metric called `name`.
    static func metric(named name: String) -> Metric? {
        Metric.catalogue.first { $0.spec.name == name }
    }

    /// A point's label in legends (docs/output.md, "Legends"): `point 0` with no sweep, its
    /// name for named points, and for a grid each swept value after its parameter's short
    /// name, with units: `budgetPerDay 40, jitter 5 min`.
    static func label(_ state: StudyState, point p: Int) -> String {
        let layout = state.layout
        if layout.columns.isEmpty { return "point \(layout.points[p].name)" }
        if Int(layout.points[p].name) == nil { return layout.points[p].name }
        let names = shortNames(layout.columns)
        return zip(layout.points[p].fields, layout.columns.indices).map { field, c in
            names[c] + " " + withUnit(readable(field, column: layout.columns[c]), column: layout.columns[c])
        }.joined(separator: ", ")
    }

    /// The label of an uncertain study's sweep point `i` (its draws' common values): as `label`,
    /// from the swept columns only.
    static func label(_ state: StudyState, sweepPoint i: Int) -> String {
        let layout = state.layout
        guard let uncertain = layout.uncertain else { return label(state, point: i) }
        let name = layout.basePointNames[i]
        let swept = layout.columns.count - uncertain.figures.count
        if swept == 0 { return "point \(name)" }
        if Int(name) == nil { return name }
        let columns = Array(layout.columns.prefix(swept))
        let names = shortNames(columns)
        return zip(layout.points[i * uncertain.draws].fields.prefix(swept), columns.indices).map { field, c in
            names[c] + " " + withUnit(readable(field, column: columns[c]), column: columns[c])
        }.joined(separator: ", ")
    }

    /// Rates' last components and the unit their values are written with: `perHour 0.5` is `0.5/h`.
    static let rateUnits = ["perMinute": "/min", "perHour": "/h", "perDay": "/d"]

    /// Each parameter path's last component (`widget.jitter` → `jitter`), a rate's the one
    /// before (`user.appOpens.perHour` → `appOpens`, its value then `0.5/h`), or the whole
    /// path where two columns would share a short name.
    static func shortNames(_ columns: [String]) -> [String] {
        let last = columns.map { column -> String in
            let parts = column.split(separator: ".").map(String.init)
            if parts.count > 1, rateUnits[parts[parts.count - 1]] != nil { return parts[parts.count - 2] }
            return parts.last ?? column
        }
        return columns.indices.map { c in last.filter { $0 == last[c] }.count > 1 ? columns[c] : last[c] }
    }

    /// A number of seconds or bytes with its unit (`300` → `5 min`), a rate with its (`0.5` →
    /// `0.5/h` for a `perHour` path); anything else as it is.
    static func withUnit(_ value: String, column: String) -> String {
        guard let x = Double(value) else { return value }
        if let last = column.split(separator: ".").last, let unit = rateUnits[String(last)] { return value + unit }
        switch ParameterIndex.shared[column]?.kind {
        case .time?, .optionalTime?: return TimeScale(covering: [x]).format(x, withUnit: true)
        case .size?: return ParameterRendering.formatSize(Int64(x.rounded()))
        default: return value
        }
    }

    /// A swept value as a legend shows it: a distribution of times or sizes with its units
    /// (`lognormal median 1s` for runs.csv's `lognormal median=1 sigma=0.6`, the default
    /// spread left out); anything else as runs.csv writes it.
    static func readable(_ field: String, column: String) -> String {
        let kind = ParameterIndex.shared[column]?.kind
        guard kind == .timeDistribution || kind == .sizeDistribution else { return field }
        func unit(_ text: Substring) -> String {
            guard let x = Double(text) else { return String(text) }
            return kind == .sizeDistribution ? ParameterRendering.formatSize(Int64(x.rounded())) : Units.formatSeconds(x)
        }
        let defaultSpread = "sigma=" + CSVNumber.format(Distribution.defaultLognormalSigma)
        return field.split(separator: " ").compactMap { token -> String? in
            if token == defaultSpread { return nil }
            guard let eq = token.firstIndex(of: "=") else { return unit(token) }
            let key = token[..<eq], value = token[token.index(after: eq)...]
            return key + " " + (key == "sigma" ? String(value) : unit(value))
        }.joined(separator: " ")
    }

    /// `" (a, b)"`: the swept parameters whose values label the lines.
    static func columnsNote(_ columns: [String]) -> String {
        columns.isEmpty ? "" : " (" + columns.joined(separator: ", ") + ")"
    }

    /// What an ECDF's title says a metric is, where a phrase says more than its name.
    static let phrases = ["staleness": "staleness at a glance", "share.latency": "latency of a shared item"]

    /// The ECDF of a sampled metric, one step line per point, log x. A zero value (for
    /// staleness, a fresh view) has its own column (`ECDFPlot`, docs/output.md). A time axis
    /// ticks at round times with their units (`1 s`, `10 min`, `6 h`) and starts where the
    /// curves start to rise. A study of one point has the study's name as its one legend entry.
    static func ecdf(_ state: StudyState, metric: ReportedMetric) -> String {
        guard case .catalogue(let m) = metric.source else { preconditionFailure("an ECDF of \(metric.spec.name)") }
        let single = state.layout.columns.isEmpty && state.points.count == 1
        let series = state.points.indices.map { p in
            let bins = state.points[p].metrics[m.rawValue].histogram.bins()
            return PlotSeries(label: single ? state.layout.name : label(state, point: p),
                              points: bins.map { ($0.lower == 0 ? 0 : $0.upper, $0.cumulativeShare) })
        }
        var note = ""
        if state.layout.sample != nil { note = " (\(state.layout.points.count) sampled points)" }
        let what = phrases[metric.measure] ?? phrases[metric.spec.name] ?? String(metric.measure.map { $0 == "." ? " " : $0 })
        let quantity = String(metric.measure.split(separator: ".").last ?? Substring(metric.measure))
        let title = "\(metric.surface) \(what)" + note
        let subtitle = subtitle(state, metrics: [metric])
        guard metric.spec.unit == "s" else {
            return SVGPlot.ecdf(title: title, xLabel: quantity + " (\(metric.spec.unit))", series: series, logX: true, subtitle: subtitle)
        }
        return SVGPlot.ecdf(title: title, xLabel: quantity, series: series, logX: true, timeX: true, subtitle: subtitle)
    }

    /// The line under a chart's title naming what was run: the study, its point (or how many
    /// points), the replications behind each, and the samples of `metrics` drawn
    /// (`study default · point 0 · 200 replications · 57,600 samples`).
    static func subtitle(_ state: StudyState, metrics: [ReportedMetric]) -> String {
        let layout = state.layout
        var parts = ["study \(layout.name)"]
        if state.points.count == 1 {
            parts.append("point \(layout.points[0].name)")
        } else {
            parts.append("\(grouped(state.points.count)) points")
        }
        let replications = Set(state.points.map(\.replications))
        if replications.count == 1, let r = replications.first {
            parts.append("\(grouped(r)) replications" + (state.points.count > 1 ? " each" : ""))
        } else {
            parts.append("\(grouped(replications.min() ?? 0))–\(grouped(replications.max() ?? 0)) replications per point")
        }
        let samples = metrics.reduce(0) { total, metric in
            guard metric.isSampled, case .catalogue(let m) = metric.source else { return total }
            return total + state.points.reduce(0) { $0 + $1.metrics[m.rawValue].histogram.count }
        }
        if samples > 0 { parts.append("\(grouped(samples)) samples" + (state.points.count > 1 ? " in all" : "")) }
        return parts.joined(separator: " · ")
    }

    /// `n` with its thousands grouped by commas: `1,280`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }
}

/// The x positions of a swept parameter's values: the numbers themselves, or
/// for names (choices, booleans, distributions) their order of first appearance.
struct SweepAxis {
    /// x of each point.
    let x: [Double]
    /// The distinct names, when the values are not numbers.
    let categories: [String]

    init(values: [String]) {
        let numbers = values.map { Double($0) }
        if !values.isEmpty, !numbers.contains(nil) {
            x = numbers.map { $0! }
            categories = []
        } else {
            var distinct: [String] = []
            for v in values where !distinct.contains(v) { distinct.append(v) }
            x = values.map { Double(distinct.firstIndex(of: $0)!) }
            categories = distinct
        }
    }

    /// The axis label: the path, with the meaning of each position for names.
    func label(_ path: String) -> String {
        guard !categories.isEmpty else {
            switch ParameterIndex.shared[path]?.kind {
            case .time?, .optionalTime?: return path + " (s)"
            case .size?: return path + " (bytes)"
            default: return path
            }
        }
        return path + " (" + categories.enumerated().map { "\($0.offset) = \($0.element)" }.joined(separator: ", ") + ")"
    }
}
