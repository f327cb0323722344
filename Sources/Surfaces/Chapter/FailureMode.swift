import SimKernel
import Platform

/// A failure mode (§25.14 and the seeds' cases, CHAPTER-MAP.md): the design the chapter
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
    /// Per run: whether the failure was observed and its size (nil: no opportunity in this run).
    let observe: @Sendable (ReplicationResult) -> (observed: Bool, size: Double)?
    /// For population measures: judged over all runs of a variant together.
    let population: (@Sendable ([ReplicationResult], Parameters) -> (observed: Bool, size: Double))?

    /// Runs a variant needs at least: a population measure (peak over mean of the backend's
    /// per-minute requests) means nothing over a handful of replications.
    public var minimumRuns: Int { population == nil ? 1 : 100 }

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

    /// What one run shows: whether the failure was observed and its size (nil: no opportunity).
    public func observation(of r: ReplicationResult) -> (observed: Bool, size: Double)? { observe(r) }

    /// Judges a variant's runs: the share of runs (with an opportunity) in which the failure
    /// was observed, and the mean size over those runs.
    public func judge(_ results: [ReplicationResult], parameters: Parameters) -> (share: Double, value: Double, runs: Int) {
        if let population {
            let (observed, size) = population(results, parameters)
            return (observed ? 1 : 0, size, results.count)
        }
        var seen = 0, opportunities = 0
        var total = 0.0
        for r in results {
            guard let (observed, size) = observe(r) else { continue }
            opportunities += 1
            if observed { seen += 1 }
            total += size
        }
        guard opportunities > 0 else { return (.nan, .nan, 0) }
        return (Double(seen) / Double(opportunities), total / Double(opportunities), opportunities)
    }
}

/// Reading metrics the way the failure table needs them.
enum Observe {
    /// A per-replication value above a threshold.
    static func above(_ m: Metric, _ threshold: Double = 0) -> @Sendable (ReplicationResult) -> (observed: Bool, size: Double)? {
        { r in
            let v = r[value: m]
            return v.isNaN ? nil : (v > threshold, v)
        }
    }
    /// A quantile of a sampled metric above a threshold (the size reported is the quantile).
    static func quantile(_ m: Metric, _ q: Double, above threshold: Double) -> @Sendable (ReplicationResult) -> (observed: Bool, size: Double)? {
        { r in
            let s = r[samples: m].sorted()
            guard !s.isEmpty else { return nil }
            let v = s[min(s.count - 1, Int(Double(s.count) * q))]
            return (v > threshold, v)
        }
    }
    /// Any sample of a sampled metric above a threshold (the size reported is the mean).
    static func anySample(_ m: Metric, above threshold: Double = 0) -> @Sendable (ReplicationResult) -> (observed: Bool, size: Double)? {
        { r in
            let s = r[samples: m]
            guard !s.isEmpty else { return nil }
            return (s.contains { $0 > threshold }, s.reduce(0, +) / Double(s.count))
        }
    }

    /// Peak minute over mean minute of the backend's requests, summed over a population of
    /// replications, after the warm-up.
    static func peakToMean(_ results: [ReplicationResult], warmup: SimTime) -> Double {
        guard let minutes = results.first?.requestsPerMinute.count else { return .nan }
        var total = [Int64](repeating: 0, count: minutes)
        for r in results { for (i, c) in r.requestsPerMinute.enumerated() { total[i] += Int64(c) } }
        let measured = total.dropFirst(Int(warmup / Time.minute))
        guard !measured.isEmpty else { return .nan }
        let mean = Double(measured.reduce(0, +)) / Double(measured.count)
        return mean > 0 ? Double(measured.max()!) / mean : .nan
    }
}
