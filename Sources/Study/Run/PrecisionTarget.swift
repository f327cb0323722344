// `run --precision METRIC=5%` (docs/cli.md): the metric whose mean must be known to a
// fraction of itself, and the rule that grows the replications towards it.
import Surfaces

/// A precision target: the 95 % CI half-width of a metric's mean at most `fraction` of the mean.
public struct PrecisionTarget: Sendable, Equatable {
    /// The metric (one of the catalogue's; the point metrics have no interval).
    public var metric: Metric
    /// The half-width's largest share of the mean, in (0, 1].
    public var fraction: Double
    /// The text as given, for messages and the manifest.
    public var text: String

    /// The default cap on replications per point (`--max-runs`), before the study-wide limit.
    public static let defaultMaxRuns = 100_000

    /// Parses `METRIC=5%` or `METRIC=0.05`.
    /// - Throws: a message for exit status 2 (an unknown metric names the nearest).
    public init(parsing text: String) throws(StudyError) {
        self.text = text
        guard let eq = text.firstIndex(of: "=") else {
            throw .invalid("--precision: expected METRIC=5% or METRIC=0.05, found '\(text)'")
        }
        let name = String(text[..<eq]), value = text[text.index(after: eq)...]
        let names = Metric.catalogue.map(\.spec.name)
        guard let metric = Metric.catalogue.first(where: { $0.spec.name == name }) else {
            if MetricCatalog.pointMetrics.contains(where: { $0.name == name }) {
                throw .invalid("--precision: \(name) is one value per point, with no confidence interval; name a metric of 'surfacesim help metrics' with one")
            }
            throw .invalid("--precision: unknown metric '\(name)'" + NameSuggestion.hint(for: name, among: names))
        }
        let number = value.hasSuffix("%") ? Double(value.dropLast()).map { $0 / 100 } : Double(value)
        guard let fraction = number, fraction > 0, fraction <= 1 else {
            throw .invalid("--precision: expected a target above 0 and at most 100% (5% or 0.05), found '\(value)'")
        }
        (self.metric, self.fraction) = (metric, fraction)
    }

    /// The mean summary.csv reports for the metric at a point and the half-width of its 95 %
    /// interval (before the interval is clamped to the metric's range, which would flatter it).
    func figures(_ m: MetricAccumulator) -> (halfWidth: Double, mean: Double) {
        let f = SummaryFigures(m, spec: metric.spec)
        return (f.halfWidth95, f.mean)
    }

    /// Whether the figures meet the target (a NaN half-width, from fewer than two values, never
    /// does; nor does a mean of 0, of which no share is known: a metric that has not moved yet
    /// takes 4n, as a point with no interval does).
    func isMet(halfWidth: Double, mean: Double) -> Bool {
        halfWidth.isFinite && mean.isFinite && mean != 0 && halfWidth <= fraction * abs(mean)
    }

    /// The first point at which the metric cannot have a value, its surface being switched off
    /// there (`<surface>.enabled` false): no number of replications would meet the target.
    func pointWithoutValue(_ scenario: Scenario) -> String? {
        let isOn = MetricCatalog.isOn(MetricCatalog.surfaces[metric.rawValue])
        let point = scenario.sweep.points.indices.first { !isOn(scenario.parameters(ofPoint: $0)) }
        return point.map { scenario.sweep.points[$0].name }
    }

    /// The replications per point after `n` (docs/cli.md `--precision`): the count the worst point
    /// needs if its half-width shrinks as 1/√n, n·(halfWidth/(fraction·|mean|))², rounded up, but at
    /// least `n + first` and at most 4n, and never above `cap`.
    func next(after n: Int, first: Int, cap: Int, unmet: [(halfWidth: Double, mean: Double)]) -> Int {
        var needed = Double(n + first)
        for (h, m) in unmet {
            let ratio = h / (fraction * abs(m))
            needed = max(needed, ratio.isFinite && ratio > 0 ? (Double(n) * ratio * ratio).rounded(.up) : .infinity)
        }
        return min(cap, Int(min(needed, Double(4 * n))))
    }
}
