// The line under `run`'s table that names the reported metrics whose replications are too
// skewed for the study's size (docs/statistics.md, "When an interval is not yet right"):
// Cochran's rule, m > 25·g₁², from summary.csv's `skewness` and `replications_needed`.
import Statistics
import Surfaces
import SurfaceCore

/// The reported metrics whose intervals the study had too few replications for.
enum SkewedIntervals {
    /// One metric: the most replications any point asks for (Cochran's rule), with that
    /// point's skewness and replications.
    struct Shortfall: Equatable {
        let metric: String
        let needed: Int
        let skewness: Double
        let replications: Int
    }

    /// The table's metrics where some point ran fewer replications than its interval needs,
    /// in report order.
    static func shortfalls(_ state: StudyState) -> [Shortfall] {
        var found: [Shortfall] = []
        for metric in state.layout.report.table {
            var worst: Shortfall?
            for p in state.points.indices {
                let f = metric.figures(state, point: p)
                // A t interval is over the replications with a value, a ratio over them all.
                let r = f.interval == .studentT ? f.n : state.points[p].replications
                guard let needed = f.replicationsNeeded, needed > r else { continue }
                if worst.map({ needed > $0.needed }) ?? true {
                    worst = Shortfall(metric: metric.spec.name, needed: needed, skewness: f.skewness, replications: r)
                }
            }
            if let worst { found.append(worst) }
        }
        return found
    }

    /// `Skewed replications (Cochran's rule, 25·skewness²): live.staleness needs 2,310
    /// (skewness 9.6; ran 100), …; their 95 % intervals may cover less often (…).`, or nil when
    /// every interval had the replications it needs.
    static func text(_ state: StudyState) -> String? {
        let shortfalls = shortfalls(state)
        guard !shortfalls.isEmpty else { return nil }
        let items = shortfalls.map { s in
            "\(s.metric) needs \(StudyPlots.grouped(s.needed)) (skewness \(PlotNumber.fixed(s.skewness, decimals: 1)); ran \(StudyPlots.grouped(s.replications)))"
        }
        return "Skewed replications (Cochran's rule, 25·skewness²): " + items.joined(separator: ", ")
            + "; their 95 % intervals may cover less often (summary.csv replications_needed)."
    }
}
