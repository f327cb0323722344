// summary.csv (docs/output.md): a row per (point, metric) with n, mean, sd, a 95 %
// confidence interval, quantiles, the maximum, the metric's unit and the
// point's replications.
import Statistics
import Surfaces
import SurfaceCore

/// The figures of one (point, metric) row of summary.csv.
public struct SummaryFigures: Sendable, Equatable {
    /// Values (pooled samples, or replications with a value).
    public var n: Int
    /// Mean, sample standard deviation, and the 95 % confidence interval of the mean.
    public var mean, sd, ci95Low, ci95High: Double
    /// Half the width of the mean's 95 % interval before it was clamped to the metric's range
    /// (what `--precision` holds to its target).
    public var halfWidth95: Double
    /// p05, p50, p90, p95, p99.
    public var quantiles: [Double]
    /// The exact maximum.
    public var max: Double
    /// How the interval was made (summary.csv's `interval` column): `ratio` (the pooled mean of
    /// a sampled metric or a fraction, replications as clusters), `wilson` (a fraction with few
    /// events or non-events), `upper-bound` (a fraction with no event at all: `ci95_low` is 0
    /// and `ci95_high` its exact one-sided 95 % upper bound), `t` (the mean of replications'
    /// values), `none` (no interval).
    public var interval: IntervalMethod
    /// The skewness g₁ of the replications' contributions to the mean (`ClusterSums.residualSkewness`)
    /// and the replications Cochran's rule asks of a normal-theory interval, ⌈25·g₁²⌉
    /// (`ResidualSkewness`): summary.csv's `skewness` and `replications_needed`, for a `ratio` or
    /// `t` interval only (NaN and nil otherwise). A study with fewer replications than that has an
    /// interval that may cover the mean less often than 95 % (docs/statistics.md).
    public var skewness = Double.nan
    public var replicationsNeeded: Int?

    /// The quantiles summary.csv reports.
    public static let levels: [(name: String, q: Double)] = [("p05", 0.05), ("p50", 0.5), ("p90", 0.9), ("p95", 0.95), ("p99", 0.99)]

    /// The figures of one metric at one point.
    ///
    /// Sampled metric: n, mean, sd, quantiles and max over all pooled samples; the
    /// interval is that of the pooled mean, a ratio of sums with the replications as clusters
    /// (docs/statistics.md). Counted fraction (`MetricSpec.isCountedFraction`, with counts):
    /// the mean is the pooled fraction Σ events / Σ trials with `PooledFraction`'s interval
    /// (`ClusterSums.fractionEstimate`); n, sd, quantiles and max are over the replications'
    /// own fractions. A count that was 0 in every replication: 0 with the one-sided upper bound
    /// of a Poisson mean, −ln(0.05)/n (`ReplicationMean.zeroCountUpperBound`). Other
    /// per-replication metric: everything over the replications that have a value, the
    /// interval Student's t. Every value is non-negative, so the interval is clamped
    /// at 0 (and at 1 for a fraction): the mean always lies in it.
    /// Figures that do not exist (no values; an interval from fewer than two) are NaN.
    /// `wholeNumbers`: the values are counts, so each quantile is the whole number its
    /// histogram bucket holds (the bucket's middle, rounded: a bucket narrower than 1 holds one).
    public init(_ m: MetricAccumulator, shape: MetricShape, wholeNumbers: Bool = false, unit: String = "") {
        n = m.moments.count
        mean = m.moments.mean
        sd = m.moments.sd
        let upper = unit == "fraction" ? 1.0 : Double.infinity
        if shape == .perReplication, unit == "fraction", m.clusters.replications > 0 {
            // A counted fraction: the pooled fraction and its own interval, already in [0, 1].
            let estimate = m.clusters.fractionEstimate()
            mean = estimate.value
            halfWidth95 = estimate.halfWidth
            (ci95Low, ci95High, interval) = (estimate.low, estimate.high, estimate.method)
        } else if shape == .perReplication, unit == "count", n > 0, m.moments.sum == 0 {
            // A count that was 0 in every replication: 0 with the rule of three's upper bound
            // for a Poisson mean, not an interval of zero width.
            let estimate = ReplicationMean.zeroCountUpperBound(replications: n)
            halfWidth95 = estimate.halfWidth
            (ci95Low, ci95High, interval) = (estimate.low, estimate.high, estimate.method)
        } else {
            let estimate = shape == .sampled
                ? m.clusters.estimate(ratio: mean)
                : ReplicationMean.estimate(mean: mean, sd: sd, count: n)
            halfWidth95 = estimate.halfWidth
            let clamped = estimate.clamped(to: 0...upper)
            (ci95Low, ci95High, interval) = (clamped.low, clamped.high, clamped.method)
        }
        if interval == .clusterRatio || interval == .studentT {
            skewness = m.clusters.residualSkewness
            replicationsNeeded = ResidualSkewness.replicationsNeeded(skewness: skewness)
        }
        let histogram = m.histogram      // built once from the pooled replications
        quantiles = Self.levels.map { histogram.quantile($0.q) }
        if wholeNumbers { quantiles = quantiles.map { $0.rounded() } }
        max = histogram.max
    }

    /// The figures of metric `spec` at one point (its shape, and whole-number quantiles for a count).
    public init(_ m: MetricAccumulator, spec: MetricSpec) {
        self.init(m, shape: spec.shape, wholeNumbers: spec.countsWholeThings, unit: spec.unit)
    }

    /// A single population-level value (`backend.requests.peakToMean`) over `n` replications.
    public init(pointValue value: Double, replications: Int) {
        n = replications
        mean = value
        (sd, ci95Low, ci95High, halfWidth95) = (.nan, .nan, .nan, .nan)
        quantiles = Self.levels.map { _ in .nan }
        max = value
        interval = .none
    }

    /// The figures as CSV fields, in header order after `n`.
    var fields: [String] {
        // A positive mean, spread or bound is never printed as 0 (a rare event over millions of
        // trials, an upper bound of 3e-7): the mean stays inside its printed interval.
        [String(n)] + [mean, sd, ci95Low, ci95High].map(CSVNumber.formatKeepingDigits) + (quantiles + [max]).map(CSVNumber.format)
    }

    /// The fields after `interval`: `skewness` and `replications_needed` (empty where not given).
    var diagnosticFields: [String] {
        [CSVNumber.format(skewness), replicationsNeeded.map(String.init) ?? ""]
    }
}

/// Builds summary.csv.
public enum SummaryTable {
    /// The header: `point,<swept params...>,metric,n,mean,sd,ci95_low,ci95_high,p05,p50,p90,p95,p99,max,unit,replications,interval,skewness,replications_needed`.
    ///
    /// `unit` is the metric's unit from the catalogue (`s`, `fraction`, `count`, …);
    /// `replications` is the point's replication count, while `n` counts the values
    /// the figures are over (pooled samples, or replications that have a value);
    /// `interval` names how `ci95_low`…`ci95_high` was made (`SummaryFigures.interval`:
    /// `ratio`, `wilson`, `upper-bound`, `t` or `none`); `skewness` and `replications_needed`
    /// say whether the study had the replications that interval needs (`SummaryFigures.skewness`).
    public static func header(columns: [String]) -> [String] {
        ["point"] + columns + ["metric", "n", "mean", "sd", "ci95_low", "ci95_high"]
            + SummaryFigures.levels.map(\.name) + ["max", "unit", "replications", "interval", "skewness", "replications_needed"]
    }

    /// The metric of each row of a point, in the order `render` writes them (the catalogue's
    /// metrics, then the point metrics), with its unit: what reading summary.csv back expects.
    public static let metricRows: [(name: String, unit: String)] =
        MetricCatalog.specs.map { ($0.name, $0.unit) } + MetricCatalog.pointMetrics.map { ($0.name, $0.unit) }

    /// Every row: each point, each metric in catalogue order, then the point metrics.
    public static func render(_ state: StudyState) -> String {
        var bytes = PointByPointTable.headerBytes(header(columns: state.layout.columns))
        for p in state.points.indices { bytes += pointBytes(state, point: p) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same file written to `path` one point at a time, so that a sweep of many points
    /// never holds the whole table (twenty thousand points' rows are hundreds of megabytes of
    /// text, and gigabytes as strings).
    static func write(_ state: StudyState, to path: String) throws(AtomicWriteError) {
        try PointByPointTable.write(to: path, header: header(columns: state.layout.columns), points: state.points.count) {
            pointBytes(state, point: $0)
        }
    }

    /// Point `p`'s records.
    private static func pointBytes(_ state: StudyState, point p: Int) -> [UInt8] {
        let (layout, point) = (state.layout.points[p], state.points[p])
        var line = CSVLine(capacity: 16_384)
        let prefix = [layout.name] + layout.fields
        let replications = String(point.replications)
        func add(_ record: [String]) {
            for field in record { line.add(field) }
            line.endRecord()
        }
        for (slot, spec) in MetricCatalog.specs.enumerated() {
            let figures = SummaryFigures(point.metrics[slot], spec: spec)
            add(prefix + [spec.name] + figures.fields + [spec.unit, replications, figures.interval.rawValue] + figures.diagnosticFields)
        }
        let values = point.pointMetricValues(warmupMinutes: layout.warmupMinutes)
        for (spec, value) in zip(MetricCatalog.pointMetrics, values) {
            let figures = SummaryFigures(pointValue: value, replications: point.replications)
            add(prefix + [spec.name] + figures.fields + [spec.unit, replications, figures.interval.rawValue] + figures.diagnosticFields)
        }
        return line.bytes
    }
}

/// Builds distributions.csv (docs/output.md): per (point, metric) the histogram bins
/// and the cumulative share, enough to draw an ECDF.
public enum DistributionsTable {
    /// The header: `point,<swept params...>,metric,bin_low,bin_high,count,cumulative_share`.
    public static func header(columns: [String]) -> [String] {
        ["point"] + columns + ["metric", "bin_low", "bin_high", "count", "cumulative_share"]
    }

    /// Every nonempty bin of every metric at every point (pooled samples for a
    /// sampled metric, replication values otherwise), as the file's UTF-8 bytes.
    public static func bytes(_ state: StudyState) -> [UInt8] {
        var all = PointByPointTable.headerBytes(header(columns: state.layout.columns))
        for p in state.points.indices { all += pointBytes(state, point: p) }
        return all
    }

    /// The same file written to `path` one point at a time, so that a sweep of many points
    /// never holds the whole table (a hundred thousand points' bins are gigabytes of text).
    static func write(_ state: StudyState, to path: String) throws(AtomicWriteError) {
        try PointByPointTable.write(to: path, header: header(columns: state.layout.columns), points: state.points.count) {
            pointBytes(state, point: $0)
        }
    }

    /// Point `p`'s records: each metric's bins, in catalogue order.
    ///
    /// Written in place into one buffer with room for the point's records: a buffer grown by
    /// doubling, then copied into a string, was mostly the kernel zeroing fresh pages.
    private static func pointBytes(_ state: StudyState, point p: Int) -> [UInt8] {
        let (layout, point) = (state.layout.points[p], state.points[p])
        // Each metric's histogram bins, and the fields its records begin with.
        var blocks: [(prefix: [UInt8], bins: [HistogramBin])] = []
        for (slot, spec) in MetricCatalog.specs.enumerated() {
            blocks.append((CSVLine.leadingFields([layout.name] + layout.fields + [spec.name]),
                           point.metrics[slot].histogram.bins()))
        }
        let room = blocks.reduce(0) { room, block in
            room + block.bins.count * CSVRecords.room(leading: block.prefix.count, numbers: 4)
        }
        return CSVRecords.bytes(room: room) { records in
            for block in blocks {
                for bin in block.bins {
                    records.put(block.prefix)
                    records.add(number: bin.lower)
                    records.add(number: bin.upper)
                    records.add(integer: Int64(bin.count))
                    records.add(number: bin.cumulativeShare)
                    records.endRecord()
                }
            }
        }
    }
}

/// A table of a study written one point at a time (summary.csv, distributions.csv): its header
/// record, then each point's records, appended to a new file and flushed.
enum PointByPointTable {
    static func write(to path: String, header: [String], points: Int,
                      _ records: (Int) -> [UInt8]) throws(AtomicWriteError) {
        let file = try RunsFile.create(path)
        defer { file.close() }
        file.append(headerBytes(header))
        for p in 0..<points { file.append(records(p)) }
        try file.sync()
    }

    /// The header record's bytes.
    static func headerBytes(_ header: [String]) -> [UInt8] {
        var line = CSVLine()
        for field in header { line.add(field) }
        line.endRecord()
        return line.bytes
    }
}
