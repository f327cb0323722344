import Surfaces
import SurfaceCore

/// Applies a failure's `NoticeRule` to the figures `run` writes (docs/cli.md#failures):
/// per run on runs.csv's figures, and the reported value from summary.csv's figures.
struct FailureJudgement {
    let rule: NoticeRule
    /// The failure's metric (a catalogue metric or a point metric of summary.csv).
    let metric: String
    private(set) var counted = 0, noticed = 0
    private(set) var point = PointAccumulator()

    init(rule: NoticeRule, metric: String) { (self.rule, self.metric) = (rule, metric) }

    /// Adds one replication, in replication order.
    mutating func add(_ figures: ReplicationFigures) {
        point.add(figures)
        guard case .perRun(let conditions, let all) = rule.kind else { return }
        let values = conditions.map { Self.figure($0, of: figures) }
        guard !values[0].isNaN else { return }
        counted += 1
        let holds = zip(conditions, values).map { $0.holds($1) }
        if all ? !holds.contains(false) : holds.contains(true) { noticed += 1 }
    }

    /// The share of counted runs in which the failure was noticed (NaN: none counted).
    func share(warmupMinutes: Int) -> Double {
        switch rule.kind {
        case .perRun: return counted > 0 ? Double(noticed) / Double(counted) : .nan
        case .population(let name, let above):
            return summaryFigures(name, warmupMinutes: warmupMinutes).mean > above ? 1 : 0
        }
    }

    /// The value failures.csv reports: the rule's figure of the metric, as summary.csv gives it.
    func value(warmupMinutes: Int) -> Double {
        let f = summaryFigures(metric, warmupMinutes: warmupMinutes)
        switch rule.figure {
        case "mean": return f.mean
        case "max": return f.max
        default:
            guard let i = SummaryFigures.levels.firstIndex(where: { $0.name == rule.figure }) else { return .nan }
            return f.quantiles[i]
        }
    }

    /// summary.csv's figures of a metric at this point.
    private func summaryFigures(_ name: String, warmupMinutes: Int) -> SummaryFigures {
        if let m = Metric.allCases.first(where: { $0.spec.name == name }) {
            return SummaryFigures(point.metrics[m.rawValue], spec: m.spec)
        }
        let values = point.pointMetricValues(warmupMinutes: warmupMinutes)
        let i = MetricCatalog.pointMetrics.firstIndex { $0.name == name }
        return SummaryFigures(pointValue: i.map { values[$0] } ?? .nan, replications: point.replications)
    }

    /// The runs.csv figure a condition reads.
    static func figure(_ c: NoticeRule.Condition, of figures: ReplicationFigures) -> Double {
        guard c.statistic != .value else { return figures.values[c.metric.rawValue] }
        guard let k = ReplicationFigures.sampledStatistics.firstIndex(where: { $0.suffix == c.statistic.rawValue }) else { return .nan }
        let statistics = figures.statistics(at: c.metric.rawValue)
        return k < statistics.count ? statistics[statistics.startIndex + k] : .nan
    }
}
