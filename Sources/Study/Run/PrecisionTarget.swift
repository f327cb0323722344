// `run --precision TARGET` (docs/cli.md#sizing-a-study-to-a-precision): what must be known
// to a precision — a metric's mean, a pooled quantile, a tail probability or a paired
// contrast between points — the half-width its 95 % interval must reach, and the rule that
// grows the replications towards it. Parsing is in `PrecisionTarget+Parsing.swift`.
import Statistics
import Surfaces
import SurfaceCore

/// A precision target: the 95 % CI half-width of one estimate at most a share of it or an
/// absolute amount.
public struct PrecisionTarget: Sendable, Equatable {
    /// What is estimated.
    public enum Estimand: Sendable, Equatable {
        /// The metric's mean as summary.csv reports it (its interval too).
        case mean
        /// A pooled quantile (`p90`: q 0.9) with the seeded bootstrap's percentile interval
        /// (`QuantileBootstrap`), as the charts draw it.
        case quantile(Double, name: String)
        /// P(X > threshold): the share of the pooled samples above `threshold` (in the metric's
        /// unit), with the replications as clusters (`TailProbability`).
        case tail(threshold: Double)
        /// The metric's mean at the points `value` selects minus at the points `baseline` selects,
        /// paired over replications (`PairedRatios`).
        case contrast(value: PointSelector, baseline: PointSelector)
    }

    /// How wide the half-width may be.
    public enum Goal: Sendable, Equatable {
        /// At most this share of |estimate|, in (0, 1].
        case relative(Double)
        /// At most this amount, in the estimate's unit (seconds for a staleness, a probability
        /// for a tail).
        case absolute(Double)
    }

    /// The metric (one of the catalogue's; the point metrics have no interval).
    public var metric: Metric
    public var estimand: Estimand
    public var goal: Goal
    /// The text as given, for messages and the manifest.
    public var text: String

    /// The default cap on replications per point (`--max-runs`), before the study-wide limit.
    public static let defaultMaxRuns = 100_000

    /// The fewest replications per point from which a quantile, a tail probability or a paired
    /// contrast can hold: with fewer, a batch that missed the few replications holding most of
    /// the variance looks precise and stops the run (measured by
    /// `scripts/precision-contrast-coverage.py`, docs/statistics.md). A mean keeps the
    /// historical rule (from the first batch).
    public static let fewestReplications = 30

    /// The fewest replications per point from which this target can hold.
    public var minimumReplications: Int {
        if case .mean = estimand { return 2 }
        return Self.fewestReplications
    }

    public init(metric: Metric, estimand: Estimand = .mean, goal: Goal, text: String) {
        (self.metric, self.estimand, self.goal, self.text) = (metric, estimand, goal, text)
    }

    /// The largest half-width allowed around `estimate` (NaN where a share of it is no amount:
    /// a relative goal around an estimate that is not a number).
    func allowed(around estimate: Double) -> Double {
        switch goal {
        case .relative(let f): return f * abs(estimate)
        case .absolute(let a): return a
        }
    }

    /// Whether a half-width around an estimate meets the goal. Never for a half-width that is
    /// not a number (fewer than two replications), nor for one of 0: an interval of no width
    /// means nothing varied yet (a metric that never moved, every replication 0), which says
    /// nothing of the precision (docs/cli.md); nor for a relative goal around 0, of which no
    /// share is known.
    public func isMet(halfWidth: Double, mean: Double) -> Bool {
        let allowed = allowed(around: mean)
        return halfWidth.isFinite && halfWidth > 0 && mean.isFinite && allowed > 0 && halfWidth <= allowed
    }

    /// The replications per point after `n` (docs/cli.md `--precision`): the count the worst
    /// unit needs if its half-width shrinks as 1/√n, n·(halfWidth/allowed)², rounded up, but at
    /// least `n + first` and at most 4n, and never above `cap`; a unit with no interval yet, or
    /// an interval of no width, takes 4n.
    public func next(after n: Int, first: Int, cap: Int, unmet: [(halfWidth: Double, mean: Double)]) -> Int {
        Self.next(after: n, first: first, cap: cap, ratios: unmet.map { $0.halfWidth / allowed(around: $0.mean) })
    }

    /// The rule over every target's unmet units: `ratios` are half-width / allowed.
    static func next(after n: Int, first: Int, cap: Int, ratios: [Double]) -> Int {
        var needed = Double(n + first)
        for ratio in ratios {
            needed = max(needed, SampleSize.projected(from: n, halfWidthRatio: ratio))
        }
        return min(cap, Int(min(needed, Double(4 * n))))
    }

    /// The mean summary.csv reports for the metric at a point and the half-width of its 95 %
    /// interval (before the interval is clamped to the metric's range, which would flatter it).
    func figures(_ m: MetricAccumulator) -> (halfWidth: Double, mean: Double) {
        let f = SummaryFigures(m, spec: metric.spec)
        return (f.halfWidth95, f.mean)
    }

    /// The first point at which the metric cannot have a value, its surface being switched off
    /// there (`<surface>.enabled` false): no number of replications would meet the target.
    func pointWithoutValue(_ scenario: Scenario) -> String? {
        let isOn = MetricCatalog.isOn(MetricCatalog.surfaces[metric.rawValue])
        let point = scenario.sweep.points.indices.first { !isOn(scenario.parameters(ofPoint: $0)) }
        return point.map { scenario.sweep.points[$0].name }
    }

    /// The goal in words: `within 5% of it`, `within ±10 s`.
    var goalText: String {
        switch goal {
        case .relative(let f): return "within " + CSVNumber.format(f * 100) + "% of it"
        case .absolute(let a): return "within ±" + CSVNumber.format(a) + (unitName.isEmpty ? "" : " " + unitName)
        }
    }

    /// The estimate's unit: the metric's, or none for a probability.
    var unitName: String {
        if case .tail = estimand { return "" }
        return metric.spec.unit == "fraction" ? "" : metric.spec.unit
    }
}

/// Points of a study named in a contrast target: by a point's name (`[pushReload]`) or by
/// swept values (`[doze.enabled=true]`, several joined by commas).
public struct PointSelector: Sendable, Equatable {
    /// The text between the brackets.
    public var text: String
    /// A point's name, when the text has no `=`.
    public var name: String?
    /// (swept path, value as written) pairs.
    public var paths: [String], values: [String]
}
