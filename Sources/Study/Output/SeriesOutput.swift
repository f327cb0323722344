// series.csv and its charts (docs/output.md#seriescsv): for a study with `observe.series`, each
// point's metrics bin by bin of simulated time, with their 95 % intervals (the estimators are
// `SeriesAccumulator.estimate`'s, from the Statistics module), and a chart per metric drawn in
// clock time.
import Statistics
import Surfaces
import SurfaceCore

/// Writes series.csv and series-<metric>.svg.
enum SeriesOutput {
    /// The columns of series.csv (docs/output.md#seriescsv; checks outside the project read them by name).
    static let header = ["point", "bin_start_s", "metric", "mean", "ci_low", "ci_high", "unit"]

    /// Whether `name` is a file of this writer's (removed when a study no longer writes it).
    static func isFileName(_ name: String) -> Bool {
        name == "series.csv" || (name.hasPrefix("series-") && name.hasSuffix(".svg"))
    }

    /// The chart of metric `name`.
    static func chartName(_ name: String) -> String { "series-\(name).svg" }

    /// The files of `state`'s series, series.csv first; none when the study asked for none.
    static func files(_ state: StudyState) -> [(name: String, text: String)] {
        guard let request = state.layout.series else { return [] }
        var table = CSVLine(capacity: 1 << 16)
        for field in header { table.add(field) }
        table.endRecord()
        for (p, point) in state.points.enumerated() {
            guard let series = point.series else { continue }
            for k in series.metrics.indices {
                let name = MetricCatalog.specs[series.metrics[k]].name
                let unit = unit(of: series.metrics[k], every: series.every)
                for b in 0..<series.bins {
                    table.add(state.layout.points[p].name)
                    table.add(seconds(Int64(b) * series.every))
                    table.add(name)
                    let e = series.estimate(metric: k, bin: b)
                    for x in [e?.value, e?.low, e?.high] { table.add(x.map(number) ?? "") }
                    table.add(unit)
                    table.endRecord()
                }
            }
        }
        var files = [(name: "series.csv", text: table.text)]
        for (k, slot) in request.metrics.enumerated() {
            files.append((chartName(MetricCatalog.specs[slot].name), chart(state, metric: k, slot: slot)))
        }
        return files
    }

    /// A metric's unit in series.csv: a sampled metric's own; a count's per bin (`count/1m`).
    static func unit(of slot: Int, every: Int64) -> String {
        SeriesRequest.kind(ofSlot: slot) == .counted ? "count/" + Units.formatDuration(every) : MetricCatalog.specs[slot].unit
    }

    /// A number as CSV writes it; nothing for NaN (no interval from one replication).
    private static func number(_ x: Double) -> String { x.isFinite ? CSVNumber.format(x) : "" }

    /// Microseconds as seconds: whole when they are.
    static func seconds(_ microseconds: Int64) -> String {
        microseconds % 1_000_000 == 0 ? String(microseconds / 1_000_000) : CSVNumber.format(Double(microseconds) / 1e6)
    }

    /// The chart of the `k`-th metric (slot `slot`): a line per point through each bin's mean
    /// at the bin's middle, with its band, against clock time.
    static func chart(_ state: StudyState, metric k: Int, slot: Int) -> String {
        let spec = MetricCatalog.specs[slot]
        var lines: [PlotSeries] = []
        var end: Int64 = 0
        var every: Int64 = 0
        for (p, point) in state.points.enumerated() {
            guard let series = point.series else { continue }
            end = max(end, series.duration)
            every = series.every
            var points: [(x: Double, y: Double)] = [], lows: [Double] = [], highs: [Double] = []
            for b in 0..<series.bins {
                guard let e = series.estimate(metric: k, bin: b) else { continue }
                let start = Int64(b) * series.every, stop = min(start + series.every, series.duration)
                points.append((Double(start + stop) / 2e6, e.value))
                lows.append(e.low)
                highs.append(e.high)
            }
            lines.append(PlotSeries(label: StudyPlots.label(state, point: p), points: points, bandLow: lows, bandHigh: highs))
        }
        let counted = SeriesRequest.kind(ofSlot: slot) == .counted
        let per = Units.formatDuration(every)
        var plot = LineChartPlot(
            title: "\(spec.name): \(counted ? "mean count" : "pooled mean") per \(per), 95% CI",
            xLabel: "time of day (hh:mm; bins of \(per) from the run's start at 00:00)",
            yLabel: counted ? "\(spec.name) per \(per)" : "\(spec.name) (\(spec.unit))",
            series: lines)
        plot.xAxis = clockAxis(end: Double(end) / 1e6)
        plot.markers = lines.allSatisfy { $0.points.count <= 48 }
        return plot.render()
    }

    /// Tick steps for a clock axis, in seconds: round minutes and hours.
    static let clockSteps: [Int64] = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
                                      2 * 86400, 7 * 86400, 14 * 86400, 28 * 86400]

    /// An axis from 0 to `end` seconds of simulated time, ticked at the roundest step that
    /// gives at most nine ticks, labelled as clock time (`hh:mm`, with the day from the second on).
    static func clockAxis(end: Double) -> PlotAxis {
        let span = max(end, 60)
        let step = clockSteps.first { span / Double($0) <= 8 } ?? Int64((span / 8).rounded(.up))
        var ticks: [(value: Double, label: String)] = []
        var t: Int64 = 0
        while Double(t) <= span + 1e-9 {
            ticks.append((Double(t), clock(t, days: span > 86400)))
            t += step
        }
        return PlotAxis(kind: .linear, low: 0, high: span, ticks: ticks)
    }

    /// Seconds from the start as clock time: `06:30`; with `days`, `d2 06:30` from the second day on
    /// (the end of the first day is `24:00`).
    static func clock(_ seconds: Int64, days: Bool) -> String {
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let day = seconds / 86400, rest = seconds % 86400
        let hhmm = two(rest / 3600) + ":" + two(rest % 3600 / 60)
        if day == 0 { return hhmm }
        if rest == 0 && !days { return two(24 * day) + ":00" }
        return "d\(day + 1) " + hhmm
    }
}
