// One row of contrasts.csv and how a side of a contrast is described, shared by `run`
// (both sides from one study) and `compare` (each side from its own study).

import Statistics
import Surfaces
import SurfaceCore

/// One (point, metric, statistic) contrast.
public struct ContrastRow: Sendable, Equatable {
    /// The contrasted point's `point` column and swept values.
    public var prefix: [String]
    /// The point's legend label (for the forest plot).
    public var label: String
    /// The metric's name and unit.
    public var metric: String, unit: String
    /// `mean`, `p50` or `p90`.
    public var statistic: String
    /// The numbers.
    public var figures: ContrastFigures
    /// With `observe.contrasts`: the baseline point's `point` column, the conditioning levels
    /// (`device.locked=0.5`, empty without `within`), and Holm's adjusted p-value over the
    /// row's family (NaN until adjusted, or where there is no p-value).
    public var baselinePoint = "", conditioning = ""
    public var pHolm = Double.nan
    /// In an uncertain study: the share of the outer draws in which this contrast's difference
    /// has the sign of its mean over the draws (NaN until set, `ContrastsTable.setSignShares`).
    public var signShare = Double.nan

    /// The fields `design` appends after the others (none without one).
    func extraFields(_ design: ContrastDesign?) -> [String] {
        guard let design else { return [] }
        return [baselinePoint, conditioning, CSVNumber.format(figures.pValue)] + (design.holm ? [CSVNumber.format(pHolm)] : [])
            + (design.signAcrossDraws ? [CSVNumber.format(signShare)] : [])
    }
}

/// What one side of a contrast offers for one metric.
struct ContrastInput {
    /// The metric's name and unit.
    var metric: String, unit: String
    /// The mean, p50 and p90 summary.csv gives.
    var mean, p50, p90: Double
    /// The runs.csv column of its per-replication mean (nil: a point metric, with none).
    var meanColumn: String?
    /// A sampled metric's runs.csv columns of each replication's sum of samples and their
    /// number, or a counted fraction's of its events and trials: its mean's contrast pairs
    /// these (a ratio estimator per side, docs/statistics.md).
    var ratioColumns: RatioColumns?
    /// Its pooled-quantile bootstrap, if the study keeps one.
    var bootstrap: QuantileBootstrap?
}

extension ContrastInput {
    /// A point's inputs, one per summary.csv row (`SummaryTable.metricRows`, in that order),
    /// from its figures there and, for the catalogue's metrics, its bootstraps: a sampled
    /// metric is paired by its runs.csv `M.mean` column, a per-replication one by `M`, and a
    /// per-point metric by none; a sampled metric's and a counted fraction's mean by their
    /// `M.numerator` and `M.denominator` columns.
    static func point(_ figures: [(mean: Double, p50: Double, p90: Double)], bootstraps: [QuantileBootstrap?] = []) -> [ContrastInput] {
        zip(SummaryTable.metricRows, figures).enumerated().map { slot, row in
            let ((name, unit), f) = row
            let spec = slot < MetricCatalog.specs.count ? MetricCatalog.specs[slot] : nil
            let column = spec.map { $0.shape == .sampled ? name + ".mean" : name }
            let ratio = spec.flatMap { $0.shape == .sampled || $0.isCountedFraction
                ? RatioColumns(numerator: name + ".numerator", denominator: name + ".denominator") : nil }
            return ContrastInput(metric: name, unit: unit, mean: f.mean, p50: f.p50, p90: f.p90, meanColumn: column,
                                 ratioColumns: ratio, bootstrap: slot < bootstraps.count ? bootstraps[slot] : nil)
        }
    }
}

/// The statistics contrasts.csv reports, in row order.
enum ContrastStatistic {
    static let all: [(name: String, q: Double?)] = [("mean", nil), ("p50", 0.5), ("p90", 0.9)]

    /// The runs.csv columns whose values are a per-replication metric's own (named as the
    /// metric, not `M.mean`): their quantiles are bootstrapped from runs.csv.
    static func resampled(_ inputs: [ContrastInput]) -> Set<String> {
        Set(inputs.compactMap { $0.meanColumn == $0.metric ? $0.meanColumn : nil })
    }

    /// The rows of one point against the baseline: every metric, each statistic (a point
    /// metric, which has no quantiles, only its mean); `pairs` by `meanColumn`.
    static func rows(prefix: [String], label: String, baseline: [ContrastInput], value: [ContrastInput],
                     pairs: PairedColumns) -> [ContrastRow] {
        var rows: [ContrastRow] = []
        // Paired by metric name, never by position.
        let values = Dictionary(value.map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first })
        for b in baseline {
            guard let a = values[b.metric] else { continue }
            for (name, q) in all {
                let figures: ContrastFigures
                switch q {
                case nil:
                    if let columns = b.ratioColumns, b.unit != "fraction" || pairs.ratios[columns]?.count ?? 0 > 0 {
                        figures = .pooledMean(baseline: b.mean, value: a.mean, pairs: pairs.ratios[columns] ?? PairedRatioMoments())
                    } else {
                        let moments = b.meanColumn.map { pairs.moments[$0] ?? PairedMoments() }
                        figures = .mean(baseline: b.mean, value: a.mean, pairs: moments)
                    }
                case let q?:
                    guard b.meanColumn != nil else { continue }
                    let boot = b.bootstrap.flatMap { bb in a.bootstrap.map { (bb, $0) } } ?? b.meanColumn.flatMap { pairs.bootstraps[$0] }
                    figures = .quantile(q, baseline: q == 0.5 ? b.p50 : b.p90, value: q == 0.5 ? a.p50 : a.p90, bootstraps: boot)
                }
                rows.append(ContrastRow(prefix: prefix, label: label, metric: a.metric, unit: a.unit, statistic: name, figures: figures))
            }
        }
        return rows
    }

    /// Pairs the per-replication values of `columns` of two blocks, row by row, skipping a pair
    /// where either value is empty; and for `resampled` columns (per-replication metrics, whose
    /// p50 and p90 are over the replications' values) builds each side's Poisson bootstrap of
    /// those values, each replication weighted as its seed says (`PoissonWeights`). With
    /// `seedsMustMatch`, rows whose seeds differ are bad input.
    static func pairs(_ columns: [String], ratios: [RatioColumns] = [], resampled: Set<String>, baseline: (RunsBlocks, RunsBlocks.Block),
                      point: (RunsBlocks, RunsBlocks.Block), seedsMustMatch: Bool) throws(StudyError) -> PairedColumns {
        func indices(_ header: [String]) -> [Int?] { columns.map { header.firstIndex(of: $0) } }
        let (ib, ia) = (indices(baseline.0.header), indices(point.0.header))
        func ratioIndices(_ header: [String]) -> [(Int, Int)?] {
            ratios.map { r in header.firstIndex(of: r.numerator).flatMap { n in header.firstIndex(of: r.denominator).map { (n, $0) } } }
        }
        let (rb, ra) = (ratioIndices(baseline.0.header), ratioIndices(point.0.header))
        var ratioMoments = Array(repeating: PairedRatioMoments(), count: ratios.count)
        func cluster(_ fields: [String], _ at: (Int, Int)?) -> Cluster? {
            guard let (n, d) = at, n < fields.count, d < fields.count, let y = Double(fields[n]), let c = Double(fields[d]),
                  y.isFinite, c.isFinite else { return nil }
            return Cluster(sum: y, count: c)
        }
        let (sb, sa) = (baseline.0.header.firstIndex(of: "seed"), point.0.header.firstIndex(of: "seed"))
        var moments = Array(repeating: PairedMoments(), count: columns.count)
        let boots = columns.map { resampled.contains($0) }
        let anyBoot = boots.contains(true)
        var bootB = columns.map { _ in QuantileBootstrap() }, bootA = bootB
        func weights(_ fields: [String], _ column: Int?) -> [UInt8] {
            let seed = column.flatMap { $0 < fields.count ? UInt64(fields[$0]) : nil } ?? 0
            return PoissonWeights.draw(seed: seed, count: QuantileBootstrap.replicates)
        }
        try baseline.0.pairs(baseline: baseline.1, point: point.1, in: point.0) { (b, a, replication, lines) throws(StudyError) in
            if seedsMustMatch, let sb, let sa, b.count > sb, a.count > sa, b[sb] != a[sa] {
                throw .invalid("the studies' replication seeds differ: replication \(replication) of point \(baseline.1.name) has seed \(b[sb]) "
                               + "(\(baseline.0.path):\(lines.0)) and of point \(point.1.name) seed \(a[sa]) (\(point.0.path):\(lines.1)); "
                               + "paired contrasts need studies run with the same seed and common random numbers")
            }
            let (wb, wa) = anyBoot ? (weights(b, sb), weights(a, sa)) : ([], [])
            for r in ratios.indices {
                if let x = cluster(b, rb[r]), let y = cluster(a, ra[r]) { ratioMoments[r].add(baseline: x, value: y) }
            }
            for c in columns.indices {
                let x = ib[c].flatMap { $0 < b.count ? Double(b[$0]) : nil }.flatMap { $0.isFinite ? $0 : nil }
                let y = ia[c].flatMap { $0 < a.count ? Double(a[$0]) : nil }.flatMap { $0.isFinite ? $0 : nil }
                if let x, let y { moments[c].add(baseline: x, value: y) }
                guard boots[c] else { continue }
                if let x, x >= 0 { bootB[c].add(one: QuantileBootstrap.bucket(of: x), weights: wb) }
                if let y, y >= 0 { bootA[c].add(one: QuantileBootstrap.bucket(of: y), weights: wa) }
            }
        }
        var result = PairedColumns()
        for (r, columns) in ratios.enumerated() { result.ratios[columns] = ratioMoments[r] }
        for (c, column) in columns.enumerated() {
            result.moments[column] = moments[c]
            if boots[c] { result.bootstraps[column] = (bootB[c], bootA[c]) }
        }
        return result
    }
}

/// What pairing two blocks of runs.csv gave, by runs.csv column.
struct PairedColumns {
    /// The pairs' moments.
    var moments: [String: PairedMoments] = [:]
    /// Sampled metrics: the paired sums and counts of samples, by their columns.
    var ratios: [RatioColumns: PairedRatioMoments] = [:]
    /// For per-replication metrics: the (baseline, point) bootstraps of their replications' values.
    var bootstraps: [String: (baseline: QuantileBootstrap, value: QuantileBootstrap)] = [:]
}

/// A sampled metric's runs.csv columns of each replication's sum of samples and their number,
/// or a counted fraction's of its events and trials.
struct RatioColumns: Hashable {
    var numerator, denominator: String
}
