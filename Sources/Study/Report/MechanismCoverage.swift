// Which of the platform's mechanisms a study exercised, in how many replications (docs/output.md
// `coverage.csv`), read from the mechanism diagnostics the study kept, and a warning for a
// mechanism a failure rule depends on that never occurred: the study could not have shown that
// failure (FoundationDB's code-probe coverage for its simulation, applied to the platform).
import Surfaces
import SurfaceCore

/// A study's mechanism coverage: for each mechanism, the replications that exercised it.
struct MechanismCoverage: Equatable {
    /// One platform mechanism: named by the diagnostic metric that counts it (or times it), a
    /// replication exercised it when that metric's value is above 0 (for a sampled metric, the
    /// widget's budget running out: when it has a sample).
    struct Mechanism: Equatable {
        let metric: Metric
        /// The failures (`ChapterFailures` ids) whose rule can only be met where it occurs.
        let failures: [String]
        var name: String { metric.spec.name }
    }

    /// The mechanisms, in coverage.csv's row order. A failure depends on a mechanism when its
    /// `causes` variant shows it only through that mechanism: F2's blank widget needs a restart,
    /// F3's and the unversioned schema's an app update, F8's frozen live status a force-quit.
    static let mechanisms: [Mechanism] = [
        Mechanism(metric: .widgetReloadsRefused, failures: []),
        Mechanism(metric: .widgetBudgetExhaustedAt, failures: []),
        Mechanism(metric: .widgetProviderKilledTime, failures: []),
        Mechanism(metric: .widgetProviderKilledMemory, failures: []),
        Mechanism(metric: .pushWakesRefused, failures: []),
        Mechanism(metric: .pushHeldDoze, failures: []),
        Mechanism(metric: .pushHeldLowPower, failures: []),
        Mechanism(metric: .pushHeldOffline, failures: []),
        Mechanism(metric: .deviceDozeLightTime, failures: []),
        Mechanism(metric: .deviceDozeDeepTime, failures: []),
    ] + Metric.appBucketTimes.dropFirst().map { Mechanism(metric: $0, failures: []) } + [
        Mechanism(metric: .deviceRestarts, failures: ["F2"]),
        Mechanism(metric: .deviceAppUpdates, failures: ["F3", "schema-after-update"]),
        Mechanism(metric: .appForceQuits, failures: ["F8"]),
    ]

    /// One row: the replications that exercised the mechanism, or nil when no replication
    /// measured it (its surface off, or the platform without it: Doze on iOS).
    struct Row: Equatable {
        let mechanism: Mechanism
        let replications: Int?
    }

    /// The study's replications (every point's).
    let total: Int
    let rows: [Row]
    /// The warnings: a mechanism a failure rule depends on that never occurred, where the
    /// failure's own metric was measured (its surface on).
    let warnings: [String]

    /// The coverage of a study's state.
    init(_ state: StudyState) {
        total = state.points.reduce(0) { $0 + $1.replications }
        func exercised(_ metric: Metric) -> Int? {
            var count = 0
            for point in state.points {
                let m = point.metrics[metric.rawValue]
                // A sampled metric's replications with a sample have a mean (`replicationStatistics[0]`);
                // a per-replication one's values above 0 are those outside the histogram's zero bucket.
                count += metric.spec.shape == .sampled ? m.replicationStatistics[0].count : m.histogram.count - m.histogram.zeroCount
            }
            // A sampled metric has no value where it had no sample: whether it was measured at all
            // is read from its surface's count beside it (the widget's refusals).
            let measuredBy = metric.spec.shape == .sampled ? Metric.widgetReloadsRefused : metric
            return state.points.contains(where: { metricMeasured(measuredBy, in: $0) }) || count > 0 ? count : nil
        }
        rows = Self.mechanisms.map { Row(mechanism: $0, replications: exercised($0.metric)) }
        var warnings: [String] = []
        for row in rows where row.replications == 0 {
            for id in row.mechanism.failures {
                guard let failure = ChapterFailures.failure(id),
                      let metric = Metric.allCases.first(where: { $0.spec.name == failure.metric }),
                      state.points.contains(where: { metricMeasured(metric, in: $0) }) else { continue }
                warnings.append("warning: no replication exercised \(row.mechanism.name), which failure \(id) "
                                + "(\(failure.title)) depends on: this study cannot show it")
            }
        }
        self.warnings = warnings
    }

    /// The file's table: `mechanism,replications,share` (share of the study's replications;
    /// both empty for a mechanism no replication measured).
    var table: CSVTable {
        var t = CSVTable(header: ["mechanism", "replications", "share"])
        for row in rows {
            guard let n = row.replications else {
                t.append([row.mechanism.name, "", ""])
                continue
            }
            t.append([row.mechanism.name, String(n), CSVNumber.format(total > 0 ? Double(n) / Double(total) : .nan)])
        }
        return t
    }

    /// The line `run` prints: the mechanisms exercised with their replications, then those that
    /// never occurred though measured; and the warnings, a line each.
    var text: String {
        let exercised = rows.compactMap { row in row.replications.flatMap { $0 > 0 ? "\(row.mechanism.name) \($0)" : nil } }
        let never = rows.filter { $0.replications == 0 }.map(\.mechanism.name)
        var line = "Mechanisms exercised (replications of \(total)): "
            + (exercised.isEmpty ? "none" : exercised.joined(separator: ", "))
        if !never.isEmpty { line += "; never: " + never.joined(separator: ", ") }
        return ([line] + warnings).joined(separator: "\n") + "\n"
    }
}

/// Whether any replication at `point` has a value of `metric` (a sample, for a sampled metric).
private func metricMeasured(_ metric: Metric, in point: PointAccumulator) -> Bool {
    let m = point.metrics[metric.rawValue]
    return metric.spec.shape == .sampled ? m.replicationStatistics[0].count > 0 : m.moments.count > 0
}
