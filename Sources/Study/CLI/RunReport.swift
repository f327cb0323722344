// The short summary `run` prints (README.md): the reported metrics per point and surface
// (`ReportTable`; by default the median and p90 staleness and the blank share; for a
// sampled sweep, the parameters' ranking: `SensitivityReport`), the mechanisms the study
// exercised (`MechanismCoverage`), then the files written.
import Surfaces
import SurfaceCore

/// Formats a finished run for the terminal.
enum RunReport {
    /// The report text; `reproducible` leaves the wall time out of its first line, so the
    /// same run prints the same bytes (as `--reproducible` leaves it out of every file).
    static func render(_ outcome: RunOutcome, reproducible: Bool = false) -> String {
        let state = outcome.state
        let layout = state.layout
        let replications = state.points.reduce(0) { $0 + $1.replications }
        let events = state.points.reduce(Int64(0)) { $0 + $1.events }
        var text = "\(layout.name): \(layout.points.count) point\(layout.points.count == 1 ? "" : "s") × "
            + "\(replications / max(1, layout.points.count)) replications, seed \(layout.seed), "
            + "\(events) events" + (reproducible ? "" : " in \(Units.formatSeconds(state.elapsedSeconds))")
            + (state.shard.map { " (shard \($0))" } ?? "") + "\n"
        let coverage = MechanismCoverage(state).text
        if let design = layout.sample {
            text += SensitivityReport.render(state, design: design) + "\n" + coverage + "\nFiles:\n"
            for file in outcome.files { text += "  \(file)\n" }
            return text
        }
        if !layout.columns.isEmpty {
            for point in layout.points {
                text += "  point \(point.name): " + zip(layout.columns, point.fields).map { "\($0)=\($1)" }.joined(separator: ", ") + "\n"
            }
        }
        let rows = ReportTable.rows(state)
        text += "\n" + table(rows) + "\n" + (SkewedIntervals.text(state).map { $0 + "\n" } ?? "") + coverage + "\nFiles:\n"
        for file in outcome.files { text += "  \(file)\n" }
        return text
    }

    /// A share as a percentage: one decimal from 1 % up (12.3%), three significant digits below
    /// (0.345%, 0.0115%: a rare loss is not printed as 0.0%), and 0% for none at all.
    static func percent(_ x: Double) -> String {
        let percent = x * 100
        if percent == 0 { return "0%" }
        if percent.magnitude >= 0.995 {
            let tenths = Int((x * 1000).rounded())
            return "\(tenths / 10).\(tenths % 10)%"
        }
        // Digits after the point for three significant ones: 2 below 1, 3 below 0.1, …
        var decimals = 2
        while decimals < 15, (percent.magnitude * pow10(decimals)).rounded() < 100 { decimals += 1 }
        let scaled = Int((percent.magnitude * pow10(decimals)).rounded())
        var digits = String(scaled)
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -decimals)
        return (x < 0 ? "-" : "") + digits[..<cut] + "." + digits[cut...] + "%"
    }

    /// 10ⁿ for a small whole n.
    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { p, _ in p * 10 } }

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
