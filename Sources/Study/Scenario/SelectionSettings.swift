// `observe.select` (docs/scenarios.md#selecting-the-best-design): which design of the study's
// points is best on a metric, with a guarantee (docs/statistics.md#selection). Decoded here;
// run by `Run/SelectionRun.swift`.
import Statistics
import Surfaces
import SurfaceCore

/// One runs.csv figure a selection reads per replication: a metric's value, or for a sampled
/// metric one of its per-replication statistics (`widget.staleness` is `widget.staleness.mean`).
public struct SelectionFigure: Sendable, Equatable {
    /// The metric's slot in `MetricCatalog.specs`.
    public var slot: Int
    /// For a sampled metric, the index in `ReplicationFigures.sampledStatistics` (0: the mean);
    /// nil for a per-replication metric.
    public var statistic: Int?
    /// The name as written (`widget.staleness`, `widget.staleness.p90`, `backend.requests`).
    public var name: String

    /// The metric's unit (`s`, `fraction`, `count`, …).
    public var unit: String { MetricCatalog.specs[slot].unit }

    /// The runs.csv column holding it.
    public var column: String {
        let spec = MetricCatalog.specs[slot]
        return statistic.map { spec.name + "." + ReplicationFigures.sampledStatistics[$0].suffix } ?? spec.name
    }

    /// Every name a selection accepts: each metric, and each sampled metric's runs.csv columns.
    static let names: [String] = MetricCatalog.specs.flatMap { spec -> [String] in
        spec.shape == .sampled ? [spec.name] + ReplicationFigures.sampledStatistics.map { spec.name + "." + $0.suffix } : [spec.name]
    }

    /// The figure `name` names, if any.
    static func named(_ name: String) -> SelectionFigure? {
        for (slot, spec) in MetricCatalog.specs.enumerated() {
            if spec.name == name { return SelectionFigure(slot: slot, statistic: spec.shape == .sampled ? 0 : nil, name: name) }
            guard spec.shape == .sampled, name.hasPrefix(spec.name + ".") else { continue }
            if let k = ReplicationFigures.sampledStatistics.firstIndex(where: { spec.name + "." + $0.suffix == name }) {
                return SelectionFigure(slot: slot, statistic: k, name: name)
            }
        }
        return nil
    }

    /// Its value in one replication (NaN when the replication has none, e.g. no samples).
    func value(in figures: ReplicationFigures) -> Double {
        statistic.map { figures.statistics(at: slot)[figures.statistics(at: slot).startIndex + $0] } ?? figures.values[slot]
    }
}

/// A constraint of a selection on another figure's mean (`backend.requests <= 2000 ± 50`).
public struct SelectionBound: Sendable, Equatable {
    /// The constrained figure.
    public var figure: SelectionFigure
    /// Its direction, bound and tolerance (1 % of the bound unless written `± t`).
    public var constraint: SelectionConstraint
    /// The text as written, for messages and the sentence `run` prints.
    public var text: String

    /// Creates a bound.
    public init(figure: SelectionFigure, constraint: SelectionConstraint, text: String) {
        (self.figure, self.constraint, self.text) = (figure, constraint, text)
    }
}

/// A scenario's `observe.select` block.
public struct SelectionSettings: Sendable, Equatable {
    /// The smallest first stage (`replications`) a selection accepts.
    public static let minimumFirstStage = 10
    /// The cap per point when `maxReplications` is not given: this many times the first stage.
    public static let defaultCapFactor = 100

    /// The ranked figure.
    public var metric: SelectionFigure
    /// Whether the best design has the smallest or the largest mean.
    public var goal: SelectionGoal
    /// The indifference zone δ > 0, in the metric's unit (seconds for a time).
    public var within: Double
    /// The confidence 1 − α, in (0, 1).
    public var confidence: Double
    /// Constraints on other figures' means.
    public var constraints: [SelectionBound]
    /// The most replications of any one point (nil: `defaultCapFactor` × the first stage).
    public var maxReplications: Int?

    /// Creates settings.
    public init(metric: SelectionFigure, goal: SelectionGoal, within: Double, confidence: Double,
                constraints: [SelectionBound] = [], maxReplications: Int? = nil) {
        (self.metric, self.goal, self.within, self.confidence) = (metric, goal, within, confidence)
        (self.constraints, self.maxReplications) = (constraints, maxReplications)
    }

    /// The cap per point for a first stage of `firstStage` replications.
    public func cap(firstStage: Int) -> Int { maxReplications ?? Self.defaultCapFactor * firstStage }
}
