// Where each `--precision` target is checked (a point, or a pair of points for a contrast),
// the per-replication clusters the targets need beyond the study's accumulators, and the
// figure each target certifies with its interval.
import Statistics
import Surfaces
import SurfaceCore

/// One place a target is checked: every point for a mean, a quantile or a tail probability;
/// every pair of points a contrast selects.
struct PrecisionUnit: Sendable, Equatable {
    /// The target's index among the run's targets.
    var target: Int
    /// The point (for a contrast, the value side's point).
    var point: Int
    /// A contrast's baseline point.
    var baseline: Int?
    /// How the report names it: `point 3`, or a contrast's points.
    var label: String
}

/// What a run keeps per replication for its targets: a metric's (sum, count) for a contrast,
/// (samples above the threshold, samples) for a tail probability.
struct PrecisionObservations: Sendable {
    enum Kind: Sendable, Equatable {
        case value(slot: Int)
        case tail(slot: Int, threshold: Double)
    }

    /// The kinds the targets need, each once.
    let kinds: [Kind]
    /// [kind][point][replication], in replication order.
    var clusters: [[[Cluster]]]

    init(_ targets: [PrecisionTarget], points: Int) {
        var kinds: [Kind] = []
        for t in targets {
            let kind: Kind?
            switch t.estimand {
            case .contrast: kind = .value(slot: t.metric.rawValue)
            case .tail(let x): kind = .tail(slot: t.metric.rawValue, threshold: x)
            case .mean, .quantile: kind = nil
            }
            if let kind, !kinds.contains(kind) { kinds.append(kind) }
        }
        self.kinds = kinds
        clusters = kinds.map { _ in Array(repeating: [], count: points) }
    }

    func index(of kind: Kind) -> Int { kinds.firstIndex(of: kind)! }

    /// One replication's tail clusters, from its raw samples (before `ReplicationFigures` takes
    /// them): the valid samples (finite, not negative, as `ReplicationFigures` keeps) above each
    /// threshold. Placeholders for the other kinds.
    static func tails(_ kinds: [Kind], samples: [[Double]], values: [Double]) -> [Cluster] {
        kinds.map { kind in
            guard case .tail(let slot, let x) = kind else { return Cluster(sum: 0, count: 0) }
            if MetricCatalog.specs[slot].shape == .sampled {
                let valid = slot < samples.count ? samples[slot].filter { $0.isFinite && $0 >= 0 } : []
                return TailProbability.cluster(valid, above: x)
            }
            // A per-replication metric: the replication is one trial, above or not.
            let v = slot < values.count ? values[slot] : .nan
            return v.isFinite ? Cluster(sum: v > x ? 1 : 0, count: 1) : Cluster(sum: 0, count: 0)
        }
    }

    /// One replication's clusters: the tails as drawn, and each value kind from the figures
    /// runs.csv writes (a sampled metric's numerator and denominator, a per-replication
    /// metric's value as one of one, nothing where it has none).
    static func clusters(_ kinds: [Kind], tails: [Cluster], figures: ReplicationFigures) -> [Cluster] {
        zip(kinds, tails).map { kind, tail in
            guard case .value(let slot) = kind else { return tail }
            let position = ReplicationFigures.sampledPosition[slot]
            if position >= 0 {
                let m = figures.sampleMoments[position]
                return Cluster(sum: m.total, count: Double(m.count))
            }
            let v = figures.values[slot]
            return v.isFinite ? Cluster(sum: v, count: 1) : Cluster(sum: 0, count: 0)
        }
    }

    mutating func add(_ replication: [Cluster], point p: Int) {
        for k in kinds.indices { clusters[k][p].append(replication[k]) }
    }
}

/// A target's figure at one unit after a batch, with its interval.
public struct PrecisionFigure: Sendable, Equatable {
    /// The estimate and its 95 % interval (as reported).
    public var estimate: Estimate
    /// The half-width held to the goal (before any clamping to the figure's range).
    public var halfWidth: Double
    /// The largest half-width the goal allows around the estimate.
    public var allowed: Double
    /// Whether the goal holds.
    public var met: Bool
    /// Whether the only thing short is the count: the width holds, but the point has fewer
    /// replications than the target needs to hold (`minimumReplications`).
    public var shortOfReplications = false
}

extension PrecisionTarget {
    /// The units of this target (index `t`) in `layout`.
    /// - Throws: a contrast whose selectors match no pair of points (exit status 2).
    func units(_ t: Int, layout: StudyLayout) throws(StudyError) -> [PrecisionUnit] {
        guard case .contrast(let value, let baseline) = estimand else {
            return layout.points.indices.map { PrecisionUnit(target: t, point: $0, baseline: nil, label: "point \(layout.points[$0].name)") }
        }
        let names = layout.points.map(\.name)
        if let a = value.name, let b = baseline.name {
            guard let p = names.firstIndex(of: a) else {
                throw .invalid("--precision \(text): no point named '\(a)'" + NameSuggestion.hint(for: a, among: names))
            }
            guard let q = names.firstIndex(of: b) else {
                throw .invalid("--precision \(text): no point named '\(b)'" + NameSuggestion.hint(for: b, among: names))
            }
            return [PrecisionUnit(target: t, point: p, baseline: q, label: "\(a) − \(b)")]
        }
        var columns: [Int] = []
        for path in value.paths {
            // A swept path, or the one swept path it ends (`doze` for `device.doze`).
            let ending = layout.columns.indices.filter { layout.columns[$0].hasSuffix("." + path) }
            guard let c = layout.columns.firstIndex(of: path) ?? (ending.count == 1 ? ending[0] : nil) else {
                let swept = layout.columns.isEmpty ? "none: the study sweeps nothing" : layout.columns.joined(separator: ", ")
                throw .invalid("--precision \(text): '\(path)' is not a swept parameter (swept: \(swept))"
                               + NameSuggestion.hint(for: path, among: layout.columns))
            }
            columns.append(c)
        }
        let wantedBaseline = value.paths.map { path in baseline.values[baseline.paths.firstIndex(of: path)!] }
        func matches(_ p: Int, _ wanted: [String]) -> Bool {
            zip(columns, wanted).allSatisfy { Self.sameValue(layout.points[p].fields[$0.0], $0.1) }
        }
        var units: [PrecisionUnit] = []
        for p in layout.points.indices where matches(p, value.values) {
            let others = layout.columns.indices.filter { !columns.contains($0) }
            guard let q = layout.points.indices.first(where: { q in
                matches(q, wantedBaseline) && others.allSatisfy { layout.points[q].fields[$0] == layout.points[p].fields[$0] }
            }) else { continue }
            let at = others.map { layout.columns[$0] + "=" + layout.points[p].fields[$0] }.joined(separator: ", ")
            units.append(PrecisionUnit(target: t, point: p, baseline: q,
                                       label: "[\(value.text)] − [\(baseline.text)]" + (at.isEmpty ? "" : " at " + at)))
        }
        guard !units.isEmpty else {
            let examples = layout.points.prefix(4).map { p in zip(layout.columns, p.fields).map { $0 + "=" + $1 }.joined(separator: ",") }
            throw .invalid("--precision \(text): no pair of points matches [\(value.text)] and [\(baseline.text)] with the other swept values equal "
                           + "(points are, e.g., " + examples.map { "[\($0)]" }.joined(separator: ", ") + ")")
        }
        return units
    }

    /// Whether a swept value as summary.csv writes it (`field`) is the one written in a target
    /// (`given`): equal text, equal numbers, or a duration equal to the field's seconds.
    static func sameValue(_ field: String, _ given: String) -> Bool {
        if field == given { return true }
        if let a = Double(field) {
            if let b = Double(given) { return a == b }
            if let us = Units.parseDuration(given) { return a == Double(us) / 1e6 }
        }
        return false
    }

    /// The target's figure at `unit` after a batch.
    func figure(_ unit: PrecisionUnit, state: StudyState, observations: PrecisionObservations) -> PrecisionFigure {
        let m = state.points[unit.point].metrics[metric.rawValue]
        var extraCondition = true
        let estimate: Estimate, half: Double
        switch estimand {
        case .mean:
            let f = SummaryFigures(m, spec: metric.spec)
            (estimate, half) = (Estimate(value: f.mean, low: f.ci95Low, high: f.ci95High, method: .none), f.halfWidth95)
        case .quantile(let q, _):
            let value = m.histogram.quantile(q)
            let (low, high) = m.bootstrap?.interval(q, estimate: value) ?? (.nan, .nan)
            estimate = Estimate(value: value, low: low, high: high, method: .none)
            half = estimate.halfWidth
        case .tail(let x):
            let clusters = observations.clusters[observations.index(of: .tail(slot: metric.rawValue, threshold: x))][unit.point]
            estimate = TailProbability.estimate(clusters)
            // The cluster interval's half-width before it is clamped to [0, 1]; only it certifies.
            half = RatioEstimator.estimate(clusters).halfWidth
            extraCondition = TailProbability.isClusterInterval(estimate)
        case .contrast:
            let k = observations.index(of: .value(slot: metric.rawValue))
            let paired = PairedRatios(baseline: observations.clusters[k][unit.baseline!], value: observations.clusters[k][unit.point])
            (estimate, half) = (paired.difference, paired.difference.halfWidth)
        }
        let allowed = allowed(around: estimate.value)
        let holds = extraCondition && isMet(halfWidth: half, mean: estimate.value)
        let enough = state.points[unit.point].replications >= minimumReplications
        return PrecisionFigure(estimate: estimate, halfWidth: half, allowed: allowed, met: holds && enough,
                               shortOfReplications: holds && !enough)
    }
}
