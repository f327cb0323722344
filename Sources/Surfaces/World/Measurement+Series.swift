// Time series (docs/scenarios.md#time-series): what the measurement layer records, per bin of
// simulated time, when a study asks for `observe.series`. Nothing of it exists otherwise: the
// observers and the layer hold no recorder, and each place that could record checks only that.
import SimKernel
import Platform

/// The series a study asks one replication for: the bin length and the metrics, by slot of
/// `MetricCatalog.specs`. Bins tile the replication from t = 0; the last one ends at the
/// replication's end (shorter when `every` does not divide the duration).
public struct SeriesRequest: Sendable, Equatable {
    /// How a metric's values are binned.
    public enum Kind: Sendable, Equatable {
        /// Each sample falls in the bin of the moment it was taken (a glance, a change shown, a
        /// write on the watch); a bin keeps the sum and the number of its samples.
        case sampled
        /// Each event it counts falls in the bin of its moment; a bin keeps the number. The bins
        /// of a replication add up to its per-replication value.
        case counted
    }

    /// The length of a bin (> 0).
    public let every: SimTime
    /// The metrics, by slot of `MetricCatalog.specs`, each at most once, each `recordable`.
    public let metrics: [Int]

    /// A request for bins of `every` of `metrics` (slots).
    public init(every: SimTime, metrics: [Int]) {
        precondition(every > 0, "a series bin has a positive length")
        precondition(metrics.allSatisfy { Self.kind(ofSlot: $0) != nil }, "a series of a metric that cannot be binned")
        (self.every, self.metrics) = (every, metrics)
    }

    /// The most bins a point keeps in all (bins per replication × metrics): a day of minutes for
    /// thirteen metrics. Each replication, and each point of the study, holds them all.
    public static let maxBins = 20_000

    /// The number of bins of a replication of `duration`.
    public func bins(duration: SimTime) -> Int { Self.bins(every: every, duration: duration) }

    /// The number of bins of length `every` that tile `duration` (the last may be shorter).
    public static func bins(every: SimTime, duration: SimTime) -> Int {
        Int(max(0, (duration + every - 1) / every))
    }

    /// How the metric at `slot` is binned; nil when its values are not tied to moments of the
    /// run (a fraction, a time average, a latency formed at the end) and it has no series.
    public static func kind(ofSlot slot: Int) -> Kind? { kinds[slot] }

    /// The names of the metrics that have a series, in slot order (what an error lists).
    public static let recordableNames: [String] = MetricCatalog.specs.indices.compactMap { kinds[$0] == nil ? nil : MetricCatalog.specs[$0].name }

    /// Each slot's kind: the view metrics sampled at glances and shows (staleness, age, lag and
    /// the widget's slot staleness of every observed surface), the live status's glances,
    /// the watch's relay queue, and the backend's request counts.
    private static let kinds: [Kind?] = {
        var kinds = [Kind?](repeating: nil, count: MetricCatalog.specs.count)
        for v in SurfaceRegistry.all.flatMap({ $0.views }).map({ $0.slots() }) {
            for m in [v.staleness, v.age, v.lag] + (v.slotStaleness.map { [$0] } ?? []) { kinds[m.rawValue] = .sampled }
        }
        for m in [Metric.liveStaleness, .liveAge, .watchRelayQueue] { kinds[m.rawValue] = .sampled }
        kinds[Metric.backendRequests.rawValue] = .counted
        for s in MetricCatalog.backendBySurface { kinds[s.requests.rawValue] = .counted }
        for e in MetricCatalog.backendByEndpoint { kinds[e.requests.rawValue] = .counted }
        kinds[Metric.backendRequestsDeviceCode.rawValue] = .counted
        return kinds
    }()
}

/// One replication's bins of the series asked for (`ReplicationResult.series`).
public struct SeriesBins: Sendable, Equatable {
    /// The bin length.
    public let every: SimTime
    /// The replication's warm-up and duration (the bins tile the duration).
    public let warmup: SimTime, duration: SimTime
    /// The metrics, by slot, in the request's order.
    public let metrics: [Int]
    /// For each metric (in `metrics` order), the sum of its samples in each bin (empty for a
    /// counted metric).
    public internal(set) var sums: [[Double]]
    /// For each metric, its samples (sampled) or events (counted) in each bin.
    public internal(set) var counts: [[Int]]

    /// Empty bins for `request` over a replication of `duration` with `warmup`.
    public init(_ request: SeriesRequest, warmup: SimTime, duration: SimTime) {
        let bins = request.bins(duration: duration)
        (self.warmup, self.duration) = (warmup, duration)
        every = request.every
        metrics = request.metrics
        sums = request.metrics.map { SeriesRequest.kind(ofSlot: $0) == .sampled ? [Double](repeating: 0, count: bins) : [] }
        counts = request.metrics.map { _ in [Int](repeating: 0, count: bins) }
    }
}

/// Records the bins of one replication: held by the measurement layer and its observers only
/// when a series is asked for (`Measurement.recordSeries`).
@_spi(Assembly) public final class SeriesRecorder {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @_spi(Assembly) public private(set) var bins: SeriesBins
    /// Each slot's place in `bins.metrics`, −1 for a metric not asked for.
    private let place: [Int]
    private let every: SimTime
    private let last: Int

    init(_ request: SeriesRequest, warmup: SimTime, duration: SimTime) {
        bins = SeriesBins(request, warmup: warmup, duration: duration)
        var place = [Int](repeating: -1, count: MetricCatalog.specs.count)
        for (k, slot) in request.metrics.enumerated() { place[slot] = k }
        self.place = place
        every = request.every
        last = max(0, request.bins(duration: duration) - 1)
    }

    /// The bin of moment `t` (a moment at the very end falls in the last bin).
    @inline(__always) private func bin(_ t: SimTime) -> Int { min(Int(max(0, t) / every), last) }

    /// A sample of metric `m` with value `x` taken at `t`.
    func sample(_ m: Metric, _ x: Double, at t: SimTime) {
        let k = place[m.rawValue]
        guard k >= 0, !bins.counts[k].isEmpty else { return }
        let b = bin(t)
        bins.sums[k][b] += x
        bins.counts[k][b] += 1
    }

    /// One event counted by metric `m` at `t`.
    func count(_ m: Metric, at t: SimTime) {
        let k = place[m.rawValue]
        guard k >= 0, !bins.counts[k].isEmpty else { return }
        bins.counts[k][bin(t)] += 1
    }

    /// One backend request counted at `t` (as `Measurement.countRequest` counts it): in
    /// `backend.requests`, its surface's (the one at `place` in `CostSurface.allCases`) and its
    /// endpoint's counts.
    func countRequest(_ kind: RequestKind, fromSurfaceAt place: Int, at t: SimTime) {
        count(.backendRequests, at: t)
        count(MetricCatalog.backendBySurface[place].requests, at: t)
        if kind == .deviceCode {
            count(.backendRequestsDeviceCode, at: t)
        } else if let e = MetricCatalog.backendByEndpoint.first(where: { $0.kind == kind }) {
            count(e.requests, at: t)
        }
    }
}

extension Measurement {
    /// Records `request`'s bins from now on (called before the replication starts): the
    /// layer and its observers hold the recorder.
    @_spi(Assembly) public func recordSeries(_ request: SeriesRequest) {
        let recorder = SeriesRecorder(request, warmup: p.observe.warmup, duration: p.duration)
        series = recorder
        for o in observers { o.series = (recorder, o.slots) }
    }
}
