// What `run` prints for a sampled sweep (docs/cli.md) instead of a table row per point:
// the design, and the ranking of the parameters for each surface's mean staleness.

import Surfaces
import SurfaceCore

/// The terminal summary of a sampled study.
enum SensitivityReport {
    /// The design in one line and, per surface with staleness samples, the parameters by
    /// effect with their intervals and the parameters whose intervals overlap each one's
    /// (as sensitivity.csv has them).
    static func render(_ state: StudyState, design: SampleDesign) -> String {
        let k = design.ranges.count
        let what = design.method == .lhs ? "Latin hypercube of \(design.count) points"
            : "Morris, \(design.count) trajectories of \(k + 1) points"
        let text = "  sampled: \(what) over \(k) parameter\(k == 1 ? "" : "s") (each point's values: runs.csv)\n\n"
        let label = design.method == .lhs ? "|Spearman ρ|" : "Morris μ* (s)"
        var rows = [["metric", "rank", "parameter", label, "95% CI", "overlaps"]]
        for metric in SensitivityAnalysis.effects(state, design: design)
        where MetricCatalog.glancedSurfaces.contains(where: { $0 + ".staleness" == metric.metric }) && metric.effects.contains(where: { $0.effect.isFinite }) {
            let overlaps = SensitivityOverlap.overlapping(metric.effects)
            for (rank, e) in metric.effects.enumerated() {
                let interval = e.low.isFinite ? CSVNumber.format(e.low) + " – " + CSVNumber.format(e.high) : "-"
                rows.append([rank == 0 ? metric.metric : "", String(rank + 1), e.parameter,
                             e.effect.isFinite ? CSVNumber.format(e.effect) : "-", interval,
                             overlaps[rank].isEmpty ? "-" : overlaps[rank].joined(separator: " ")])
            }
        }
        return text + (rows.count > 1 ? RunReport.table(rows) : "  no surface staleness to rank\n")
    }
}
