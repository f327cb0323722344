// The short summary `run` prints (README.md): per surface the median and p90
// staleness and the blank share (for a sampled sweep, the parameters' ranking:
// `SensitivityReport`), then the files written.
import Surfaces

/// Formats a finished run for the terminal.
enum RunReport {
    /// Surfaces in the table: (surface, staleness metric, blank metric).
    static let surfaces = [
        ("widget", "widget.staleness", "widget.blank"), ("app", "app.staleness", "app.blank"),
        ("watch", "watch.staleness", "watch.blank"), ("live", "live.staleness", "live.blank"),
        ("car", "car.staleness", "car.blank"),
    ]

    /// The report text.
    static func render(_ outcome: RunOutcome) -> String {
        let state = outcome.state
        let layout = state.layout
        let replications = state.points.reduce(0) { $0 + $1.replications }
        let events = state.points.reduce(Int64(0)) { $0 + $1.events }
        var text = "\(layout.name): \(layout.points.count) point\(layout.points.count == 1 ? "" : "s") × "
            + "\(replications / max(1, layout.points.count)) replications, seed \(layout.seed), "
            + "\(events) events in \(Units.formatSeconds(state.elapsedSeconds))"
            + (state.shard.map { " (shard \($0))" } ?? "") + "\n"
        if let design = layout.sample {
            text += SensitivityReport.render(state, design: design) + "\nFiles:\n"
            for file in outcome.files { text += "  \(file)\n" }
            return text
        }
        if !layout.columns.isEmpty {
            for point in layout.points {
                text += "  point \(point.name): " + zip(layout.columns, point.fields).map { "\($0)=\($1)" }.joined(separator: ", ") + "\n"
            }
        }
        var rows = [["point", "surface", "p50 staleness", "p90 staleness", "blank"]]
        for (p, point) in state.points.enumerated() {
            for (surface, staleness, blank) in surfaces {
                guard let s = metric(staleness), let b = metric(blank) else { continue }
                let histogram = point.metrics[s.rawValue].histogram
                guard !histogram.isEmpty else { continue }
                let blankShare = point.metrics[b.rawValue].moments.mean
                rows.append([layout.points[p].name, surface, Units.formatSeconds(histogram.quantile(0.5)),
                             Units.formatSeconds(histogram.quantile(0.9)),
                             blankShare.isNaN ? "-" : percent(blankShare)])
            }
        }
        text += "\n" + table(rows) + "\nFiles:\n"
        for file in outcome.files { text += "  \(file)\n" }
        return text
    }

    static func metric(_ name: String) -> Metric? { Metric.allCases.first { $0.spec.name == name } }

    /// A share as a percentage with one decimal.
    static func percent(_ x: Double) -> String {
        let tenths = Int((x * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// Left-aligned columns separated by two spaces.
    static func table(_ rows: [[String]]) -> String {
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i + 1 == row.count ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
