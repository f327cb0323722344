// contrasts.csv of a study with more than one point (docs/output.md `contrasts.csv`):
// every point against the baseline, from the study's state (summary figures, quantile
// bootstraps) and its finished runs.csv (the paired replications).
import Surfaces
import SurfaceCore

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
        let design = state.layout.contrasts
        file.append(ContrastsTable.Writer(columns: state.layout.columns, design: design).line.bytes)
        var kept: [ContrastRow] = []
        if let design, design.holm || design.signAcrossDraws {
            // Holm's correction and the sign across draws need the whole family before any row
            // is written: a grid's contrasts are held (a row per pair, metric and statistic), then written.
            var all: [ContrastRow] = []
            try forEachPair(state, runsPath: runsPath) { all += $0 }
            if design.holm { ContrastsTable.adjustHolm(&all) }
            if design.signAcrossDraws {
                // Point i × draws + d is draw d of sweep point i (`Sweep.expanded`).
                let layout = state.layout, draws = layout.uncertain?.draws ?? 1, names = layout.basePointNames
                let sweepPoint = Dictionary(uniqueKeysWithValues: layout.points.indices.map { (layout.points[$0].name, names[$0 / draws]) })
                ContrastsTable.setSignShares(&all, sweepPoint: sweepPoint)
            }
            var records = CSVLine(capacity: 1 << 16)
            ContrastsTable.Writer.add(all, design: design, to: &records)
            file.append(records.bytes)
            kept = all.filter(keeping)
        } else {
            try forEachPair(state, runsPath: runsPath) { rows in
                var records = CSVLine(capacity: 1 << 14)
                ContrastsTable.Writer.add(rows, design: design, to: &records)
                file.append(records.bytes)
                kept += rows.filter(keeping)
            }
        }
        do { try file.sync() } catch { throw .io(error.description) }
        return kept
    }

    /// Calls `body` with each pair's rows, in the order `ContrastDesign.plan` gives (without
    /// `observe.contrasts`: every point against the baseline, in point order).
    private static func forEachPair(_ state: StudyState, runsPath: String,
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
        // The columns paired are the catalogue's, the same at every point.
        let reference = inputsOf(state, point: layout.baseline)
        let columns = reference.compactMap(\.meanColumn)
        let ratios = reference.compactMap(\.ratioColumns)
        let resampled = ContrastStatistic.resampled(reference)
        var cache: [Int: [ContrastInput]] = [layout.baseline: reference]
        func inputs(of p: Int) -> [ContrastInput] {
            if let known = cache[p] { return known }
            let made = inputsOf(state, point: p)
            cache[p] = made
            return made
        }
        let design = layout.contrasts
        for pair in design?.plan(layout) ?? ContrastDesign.plainPlan(layout) {
            let (b, p) = (pair.baseline, pair.point)
            let pairs = try ContrastStatistic.pairs(columns, ratios: ratios, resampled: resampled, baseline: (blocks, blocks.blocks[b]),
                                                    point: (blocks, blocks.blocks[p]), seedsMustMatch: false)
            let label = design.map { d in
                ContrastDesign.variedLabel(layout, point: p, within: d.within) + " − " + ContrastDesign.variedLabel(layout, point: b, within: d.within)
            } ?? StudyPlots.label(state, point: p)
            var rows = ContrastStatistic.rows(prefix: [layout.points[p].name] + layout.points[p].fields, label: label,
                                              baseline: inputs(of: b), value: inputs(of: p), pairs: pairs)
            if design != nil {
                for i in rows.indices { (rows[i].baselinePoint, rows[i].conditioning) = (layout.points[b].name, pair.conditioning) }
            }
            // Without a design, points other than the baseline are dropped from memory as they go.
            if design == nil, p != layout.baseline { cache[p] = nil }
            try body(rows)
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
