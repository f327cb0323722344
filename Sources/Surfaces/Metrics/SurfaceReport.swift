import SimKernel

/// Where a surface added from outside writes its metrics at the end of a replication
/// (docs/extending.md#metrics): by name, into their slots after the built-in metrics. A metric
/// not written stays empty (sampled) or NaN (per replication: "does not apply").
public struct SurfaceReport {
    var result: ReplicationResult
    /// This surface's metrics: the slot of each, and its shape.
    private let slots: [String: (index: Int, shape: MetricShape)]

    init(result: ReplicationResult, metrics: [MetricSpec]) {
        self.result = result
        var slots: [String: (index: Int, shape: MetricShape)] = [:]
        for spec in metrics { slots[spec.name] = (MetricCatalog.slots[spec.name]!, spec.shape) }
        self.slots = slots
    }

    private func slot(_ metric: String, _ shape: MetricShape) -> Int {
        guard let s = slots[metric] else { preconditionFailure("'\(metric)' is not a metric of this surface") }
        precondition(s.shape == shape, "'\(metric)' is not a \(shape) metric")
        return s.index
    }

    /// The samples of a sampled metric (one per answer, glance, item…), in the order taken;
    /// runs.csv gives their mean and quantiles, summary.csv pools them over the point.
    public mutating func record(samples: [Double], for metric: String) {
        result.samples[slot(metric, .sampled)] = samples
    }

    /// The value of a per-replication metric (NaN: does not apply in this replication). A
    /// fraction recorded this way has no counts: summary.csv gives the mean of its replications'
    /// values with Student's t (`record(events:of:for:)` gives the pooled fraction).
    public mutating func record(_ value: Double, for metric: String) {
        result.values[slot(metric, .perReplication)] = value
    }

    /// A fraction metric (unit `fraction`) as `events` of `trials` in this replication (questions
    /// unanswered of all questions): its value events / trials (NaN for 0 of 0), and the counts
    /// runs.csv writes as `M.numerator` and `M.denominator` and summary.csv pools over the
    /// replications (docs/statistics.md#fractions).
    public mutating func record(events: Int, of trials: Int, for metric: String) {
        let s = slot(metric, .perReplication)
        precondition(MetricCatalog.specs[s].isCountedFraction, "'\(metric)' is not a fraction metric")
        result.setFraction(slot: s, events, of: trials)
    }
}

extension SurfaceMetrics {
    /// The part of the metric catalogue of a surface added from outside, `surface`: its
    /// `metrics` (each named `<surface>.…`), reported after every built-in metric, and shown
    /// by a study's default report after the built-in ones while the surface is on
    /// (`<surface>.enabled`). At the end of each replication `report` writes their values by
    /// name into a `SurfaceReport`, from the surface's record of its signals
    /// (`measure.signals(_:)`, a `SurfaceSignals` of its own) and the point's `parameters`.
    /// Making the part reads no catalogue (`Metric.named` is the built-in surfaces' own).
    public init(surface: String, metrics: [MetricSpec],
                report: @escaping @Sendable (_ measure: Measurement, _ parameters: Parameters,
                                             _ report: inout SurfaceReport) -> Void) {
        self.init(surface: surface, role: .notReported, metrics: metrics) { readout, result, _ in
            var written = SurfaceReport(result: result, metrics: metrics)
            report(readout.measure, readout.p, &written)
            result = written.result
        }
    }
}
