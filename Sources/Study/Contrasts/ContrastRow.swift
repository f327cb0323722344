// One row of contrasts.csv and how a side of a contrast is described, shared by `run`
// (both sides from one study) and `compare` (each side from its own study).

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
}

/// What one side of a contrast offers for one metric.
struct ContrastInput {
    /// The metric's name and unit.
    var metric: String, unit: String
    /// The mean, p50 and p90 summary.csv gives.
    var mean, p50, p90: Double
    /// The runs.csv column of its per-replication mean (nil: a point metric, with none).
    var meanColumn: String?
    /// Its pooled-quantile bootstrap, if the study keeps one.
    var bootstrap: QuantileBootstrap?
}

/// The statistics contrasts.csv reports, in row order.
enum ContrastStatistic {
    static let all: [(name: String, q: Double?)] = [("mean", nil), ("p50", 0.5), ("p90", 0.9)]

    /// The rows of one point against the baseline: every metric, each statistic (a point
    /// metric, which has no quantiles, only its mean); `pairs` by `meanColumn`.
    static func rows(prefix: [String], label: String, baseline: [ContrastInput], value: [ContrastInput],
                     pairs: [String: PairedMoments]) -> [ContrastRow] {
        var rows: [ContrastRow] = []
        for (b, a) in zip(baseline, value) {
            for (name, q) in all {
                let figures: ContrastFigures
                switch q {
                case nil:
                    let moments = b.meanColumn.flatMap { pairs[$0] } ?? PairedMoments()
                    figures = .mean(baseline: b.mean, value: a.mean, pairs: moments)
                case let q?:
                    guard b.meanColumn != nil else { continue }
                    let boot = b.bootstrap.flatMap { bb in a.bootstrap.map { (bb, $0) } }
                    figures = .quantile(q, baseline: q == 0.5 ? b.p50 : b.p90, value: q == 0.5 ? a.p50 : a.p90, bootstraps: boot)
                }
                rows.append(ContrastRow(prefix: prefix, label: label, metric: a.metric, unit: a.unit, statistic: name, figures: figures))
            }
        }
        return rows
    }

    /// Pairs the per-replication values of `columns` of two blocks, row by row, skipping a pair
    /// where either value is empty. With `seedsMustMatch`, rows whose seeds differ are bad input.
    static func pairs(_ columns: [String], baseline: (RunsBlocks, RunsBlocks.Block), point: (RunsBlocks, RunsBlocks.Block),
                      seedsMustMatch: Bool) throws(StudyError) -> [String: PairedMoments] {
        func indices(_ header: [String]) -> [Int?] { columns.map { header.firstIndex(of: $0) } }
        let (ib, ia) = (indices(baseline.0.header), indices(point.0.header))
        let (sb, sa) = (baseline.0.header.firstIndex(of: "seed"), point.0.header.firstIndex(of: "seed"))
        var moments = Array(repeating: PairedMoments(), count: columns.count)
        var row = 0
        try baseline.0.pairs(baseline: baseline.1, point: point.1, in: point.0) { (b, a) throws(StudyError) in
            if seedsMustMatch, let sb, let sa, b.count > sb, a.count > sa, b[sb] != a[sa] {
                throw .invalid("replication \(row) of \(baseline.1.name) in \(baseline.0.path) has seed \(b[sb]) but its pair "
                               + "in \(point.0.path) has seed \(a[sa]); paired contrasts need the same seeds")
            }
            for c in columns.indices {
                guard let i = ib[c], let j = ia[c], i < b.count, j < a.count,
                      let x = Double(b[i]), let y = Double(a[j]), x.isFinite, y.isFinite else { continue }
                moments[c].add(baseline: x, value: y)
            }
            row += 1
        }
        return Dictionary(uniqueKeysWithValues: zip(columns, moments))
    }
}
