// contrasts.csv of a study with more than one point (docs/output.md `contrasts.csv`):
// every point against the baseline, from the study's state (summary figures, quantile
// bootstraps) and its finished runs.csv (the paired replications).
import Surfaces

/// Builds the contrasts of one study.
public enum StudyContrasts {
    /// Writes contrasts.csv to `path` one point at a time, so a sweep of many points never
    /// holds its rows (tens of thousands of points are millions of rows), and returns only the
    /// rows `keeping` selects (the forest plots' metrics).
    static func write(_ state: StudyState, runsPath: String, to path: String,
                      keeping: (ContrastRow) -> Bool) throws(StudyError) -> [ContrastRow] {
        let file: RunsFile
        do { file = try RunsFile.create(path) } catch { throw .io(error.description) }
        defer { file.close() }
        file.append(ContrastsTable.Writer(columns: state.layout.columns).line.bytes)
        var kept: [ContrastRow] = []
        try forEachPoint(state, runsPath: runsPath) { rows in
            var records = CSVLine(capacity: 1 << 14)
            ContrastsTable.Writer.add(rows, to: &records)
            file.append(records.bytes)
            kept += rows.filter(keeping)
        }
        do { try file.sync() } catch { throw .io(error.description) }
        return kept
    }

    /// Calls `body` with each point's rows against the baseline, in point order.
    private static func forEachPoint(_ state: StudyState, runsPath: String,
                                     _ body: ([ContrastRow]) throws(StudyError) -> Void) throws(StudyError) {
        let layout = state.layout
        guard layout.points.count > 1 else { return }
        // Each point's rows: all its replications, or a shard's share of them (none for a shard
        // past the study's replications).
        let expected = zip(layout.points, state.points).map { point, figures in
            RunsBlocks.Expected(name: point.name, values: point.fields, first: (state.shard?.index ?? 1) - 1,
                                stride: state.shard?.count ?? 1, count: figures.replications)
        }
        let blocks = try RunsBlocks(path: runsPath, columns: layout.columns, expected: expected, source: "the study", checkFigures: false)
        let b = layout.baseline
        let baseline = inputsOf(state, point: b)
        let columns = baseline.compactMap(\.meanColumn)
        let ratios = baseline.compactMap(\.ratioColumns)
        let resampled = ContrastStatistic.resampled(baseline)
        for p in layout.points.indices where p != b {
            let pairs = try ContrastStatistic.pairs(columns, ratios: ratios, resampled: resampled, baseline: (blocks, blocks.blocks[b]),
                                                    point: (blocks, blocks.blocks[p]), seedsMustMatch: false)
            try body(ContrastStatistic.rows(prefix: [layout.points[p].name] + layout.points[p].fields,
                                            label: StudyPlots.label(state, point: p),
                                            baseline: baseline, value: inputsOf(state, point: p), pairs: pairs))
        }
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
