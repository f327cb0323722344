import SimKernel
@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms

/// When a person would notice a failure (docs/model.md#probes-and-failure-modes): a
/// threshold on figures a study writes, so that the rule can be applied to the files of an
/// exported failure as well as inside `surfacesim failures`.
///
/// A per-run rule reads runs.csv columns: a run counts when it has a value in the first
/// condition's column (an empty field: no opportunity, e.g. no glance at the surface), and
/// the failure is noticed in it when the conditions hold (all of them, or any). The share
/// is noticed runs over counted runs. A population rule reads one summary.csv figure over
/// all the variant's replications together: the share is 1 when it holds, else 0.
public struct NoticeRule: Sendable {
    /// Which per-replication figure of a metric a condition reads (a runs.csv column).
    public enum Statistic: String, Sendable {
        /// A per-replication metric's value (column `M`).
        case value
        /// A sampled metric's mean, p50, p90 or p99 in the run (columns `M.mean`, `M.p50`, …).
        case mean, p50, p90, p99
    }

    /// One threshold on one runs.csv column.
    public struct Condition: Sendable {
        public let metric: Metric
        public let statistic: Statistic
        /// `>=` when true, `>` when false.
        public let orEqual: Bool
        public let threshold: Double

        /// The runs.csv column the condition reads.
        public var column: String { statistic == .value ? metric.spec.name : metric.spec.name + "." + statistic.rawValue }

        /// Whether `x` passes (a missing value, NaN, never does).
        public func holds(_ x: Double) -> Bool { orEqual ? x >= threshold : x > threshold }

        var text: String { "\(column) \(orEqual ? ">=" : ">") \(NoticeRule.format(threshold))" }
    }

    /// How a rule is judged.
    public enum Kind: Sendable {
        /// Per run, on runs.csv columns: noticed when all (or any) conditions hold.
        case perRun([Condition], all: Bool)
        /// Once over all the variant's replications: a summary.csv point metric above a threshold.
        case population(metric: String, above: Double)
    }

    public let kind: Kind
    /// The summary.csv figure of the failure's metric that failures.csv reports as `value`
    /// (`mean` or `p50`).
    public let figure: String

    /// The rule in words, as an exported scenario prints it.
    public var text: String {
        switch kind {
        case .perRun(let conditions, _):
            return "noticed in a run when \(condition) (runs.csv; runs with no \(conditions[0].column) are left out)"
        case .population:
            return "noticed when \(condition) (share 1 or 0)"
        }
    }

    /// The condition alone, as `help failures` lists it: `widget.blank > 0`, or for a
    /// population rule `summary.csv backend.requests.peakToMean > 10`.
    public var condition: String {
        switch kind {
        case .perRun(let conditions, let all): return conditions.map(\.text).joined(separator: all ? " and " : " or ")
        case .population(let metric, let above): return "summary.csv \(metric) over all replications > \(Self.format(above))"
        }
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}
