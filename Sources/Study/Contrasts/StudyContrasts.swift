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
        let blocks = try RunsBlocks(path: runsPath)
        guard blocks.blocks.count == layout.points.count,
              zip(blocks.blocks, layout.points).allSatisfy({ $0.name == $1.name }) else {
            throw .invalid("\(runsPath): its points differ from the study's")
        }
        let inputs = state.points.indices.map { inputsOf(state, point: $0) }
        let columns = inputs[0].compactMap(\.meanColumn)
        let resampled = ContrastStatistic.resampled(inputs[0])
        let b = layout.baseline
        var rows: [ContrastRow] = []
        for p in layout.points.indices where p != b {
            let pairs = try ContrastStatistic.pairs(columns, resampled: resampled, baseline: (blocks, blocks.blocks[b]),
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
        var inputs: [ContrastInput] = MetricCatalog.specs.indices.map { slot in
            let spec = MetricCatalog.specs[slot]
            let m = point.metrics[slot]
            let figures = SummaryFigures(m, shape: spec.shape, unit: spec.unit)
            let column = spec.shape == .sampled ? spec.name + ".mean" : spec.name
            return ContrastInput(metric: spec.name, unit: spec.unit, mean: figures.mean, p50: figures.quantiles[1],
                                 p90: figures.quantiles[2], meanColumn: column, bootstrap: m.bootstrap)
        }
        let values = point.pointMetricValues(warmupMinutes: state.layout.points[p].warmupMinutes)
        for (spec, value) in zip(MetricCatalog.pointMetrics, values) {
            inputs.append(ContrastInput(metric: spec.name, unit: spec.unit, mean: value, p50: .nan, p90: .nan, meanColumn: nil))
        }
        return inputs
    }
}
