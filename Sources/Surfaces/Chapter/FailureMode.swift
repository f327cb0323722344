import SimKernel
import Platform
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

/// A failure mode (§25.14 and the field reports' cases, docs/model.md#probes-and-failure-modes): the design the chapter
/// blames (`causes`), the corrected design (`avoids`), and what a person would notice,
/// measured per run. The failure must appear because the mechanisms produce it: the
/// variants differ only in design parameters, never in a flag that writes the outcome.
public struct FailureMode: Sendable {
    public enum Variant: String, Sendable, CaseIterable { case causes, avoids }

    public let id: String
    public let title: String
    /// The metric reported as the failure's size.
    public let metric: String
    let setUp: @Sendable (inout Parameters) -> Void
    let causes: @Sendable (inout Parameters) -> Void
    let avoids: @Sendable (inout Parameters) -> Void
    /// When a person would notice it, on the figures a study writes.
    public let rule: NoticeRule

    /// Runs a variant needs at least: a population measure (peak over mean of the backend's
    /// per-minute requests) means nothing over a handful of replications.
    public var minimumRuns: Int {
        if case .population = rule.kind { return 100 }
        return 1
    }

    /// The parameters of one variant.
    public func parameters(_ v: Variant) -> Parameters {
        var p = ChapterFailures.quietBase()
        setUp(&p)
        switch v {
        case .causes: causes(&p)
        case .avoids: avoids(&p)
        }
        return p
    }
}

/// The rules the failure table uses (see `NoticeRule`).
enum Observe {
    /// A per-replication metric above a threshold; the value is its summary.csv mean.
    static func above(_ m: Metric, _ threshold: Double = 0) -> NoticeRule {
        NoticeRule(kind: .perRun([.init(metric: m, statistic: .value, orEqual: false, threshold: threshold)], all: true), figure: "mean")
    }
    /// A sampled metric's median in the run above a threshold; the value is its summary.csv p50.
    static func median(_ m: Metric, above threshold: Double) -> NoticeRule {
        NoticeRule(kind: .perRun([.init(metric: m, statistic: .p50, orEqual: false, threshold: threshold)], all: true), figure: "p50")
    }
    /// A statistic of a sampled metric in the run above a threshold (`.mean > 0`: some sample
    /// above 0, samples being ≥ 0); the value is the metric's summary.csv mean.
    static func sampled(_ m: Metric, _ statistic: NoticeRule.Statistic, above threshold: Double = 0) -> NoticeRule {
        NoticeRule(kind: .perRun([.init(metric: m, statistic: statistic, orEqual: false, threshold: threshold)], all: true), figure: "mean")
    }
}
