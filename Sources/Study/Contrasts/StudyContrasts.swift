// contrasts.csv of a study with more than one point (docs/output.md `contrasts.csv`):
// every point against the baseline, from the study's state (summary figures, quantile
// bootstraps) and its finished runs.csv (the paired replications).
import Surfaces

/// Builds the contrasts of one study.
public enum StudyContrasts {
    /// Every contrast row of `state`, whose runs.csv is at `runsPath`; empty with one point.
    public static func rows(_ state: StudyState, runsPath: String) throws(StudyError) -> [ContrastRow] {
        let layout = state.layout
        guard layout.points.count > 1 else { return [] }
        // Each point's rows: all its replications, or a shard's share of them (none for a shard
        // past the study's replications).
        let expected = zip(layout.points, state.points).map { point, figures in
            RunsBlocks.Expected(name: point.name, values: point.fields, first: (state.shard?.index ?? 1) - 1,
                                stride: state.shard?.count ?? 1, count: figures.replications)
        }
        let blocks = try RunsBlocks(path: runsPath, columns: layout.columns, expected: expected, source: "the study", checkFigures: false)
        let inputs = state.points.indices.map { inputsOf(state, point: $0) }
        let columns = inputs[0].compactMap(\.meanColumn)
        let ratios = inputs[0].compactMap(\.ratioColumns)
        let resampled = ContrastStatistic.resampled(inputs[0])
        let b = layout.baseline
        var rows: [ContrastRow] = []
        for p in layout.points.indices where p != b {
            let pairs = try ContrastStatistic.pairs(columns, ratios: ratios, resampled: resampled, baseline: (blocks, blocks.blocks[b]),
                                                    point: (blocks, blocks.blocks[p]), seedsMustMatch: false)
            rows += ContrastStatistic.rows(prefix: [layout.points[p].name] + layout.points[p].fields,
                                           label: StudyPlots.label(state, point: p),
                                           baseline: inputs[b], value: inputs[p], pairs: pairs)
        }
        return rows
    }

    /// Each metric of point `p` as summary.csv reports it, in summary.csv's order.
    static func inputsOf(_ state: StudyState, point p: Int) -> [ContrastInput] {
        let point = state.points[p]
        var figures: [(mean: Double, p50: Double, p90: Double)] = MetricCatalog.specs.indices.map { slot in
            let f = SummaryFigures(point.metrics[slot], spec: MetricCatalog.specs[slot])
            return (f.mean, f.quantiles[1], f.quantiles[2])
        }
        figures += point.pointMetricValues(warmupMinutes: state.layout.points[p].warmupMinutes).map { ($0, .nan, .nan) }
        return ContrastInput.point(figures, bootstraps: point.metrics.map(\.bootstrap))
    }
}
