import SimKernel

/// A built-in metric a replication reports. Its raw value is its place: its index in
/// `MetricCatalog.specs`, hence the order of its columns in runs.csv and of its rows in
/// summary.csv. The members are declared by the surfaces' folders (`Metric.widgetStaleness` in
/// `Widget/WidgetMetrics.swift`), each stating its place, with the metric's spec and how its
/// value is formed beside it (`SurfaceMetrics`); the metrics of surfaces added from outside
/// follow them in `MetricCatalog.specs` and have no member.
public struct Metric: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The metric's place in `MetricCatalog.specs`.
    public let rawValue: Int

    /// The built-in metric at place `rawValue`, or nil past the built-in ones.
    public init?(rawValue: Int) {
        guard MetricCatalog.builtIn.indices.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The metric at place `place`, as a surface's folder declares it (checked once, when the
    /// catalogue is built: `MetricCatalog.placementProblems`).
    init(_ place: Int) { rawValue = place }

    /// Every built-in metric, in place order.
    public static let allCases: [Metric] = MetricCatalog.builtIn.indices.map(Metric.init)

    /// Every metric of the catalogue, in `MetricCatalog.specs` order: the built-in ones, then
    /// those of the surfaces added from outside (which `observe.report`, `--precision` and
    /// the charts name as they name built-in ones).
    public static let catalogue: [Metric] = MetricCatalog.specs.indices.map(Metric.init)

    /// Its name, unit, shape and meaning.
    public var spec: MetricSpec { MetricCatalog.specs[rawValue] }

    /// Its name (`widget.staleness`).
    public var description: String { spec.name }
}

/// One surface folder's part of the built-in metric catalogue (listed in
/// `MetricCatalog.contributions`): its metrics, each at the place its `Metric` member states,
/// and how the measurement layer's records become their values at the end of a replication.
struct SurfaceMetrics: Sendable {
    /// The surface it belongs to (`widget`), named in the registry's checks.
    let surface: String
    /// Its metrics: each member (its place) with its spec.
    let metrics: [(metric: Metric, spec: MetricSpec)]
    /// How a study's default report treats the surface (`MetricCatalog.glancedSurfaces`,
    /// `MetricCatalog.judgedSurfaces`).
    let role: SurfaceRole
    /// Writes the values and samples of these metrics, from what the measurement layer and the
    /// programs recorded, into the replication's result at its end.
    let report: @Sendable (Assembly, inout ReplicationResult, SimTime) -> Void

    init(surface: String, role: SurfaceRole, metrics: [(metric: Metric, spec: MetricSpec)],
         report: @escaping @Sendable (Assembly, inout ReplicationResult, SimTime) -> Void) {
        self.surface = surface
        self.role = role
        self.metrics = metrics
        self.report = report
    }
}

/// How the summary table and the charts treat a part of the catalogue when a scenario names
/// no metrics (`observe.report`, docs/scenarios.md#what-the-summary-and-the-charts-show).
/// Whether the surface is on at a point is read from its `<surface>.enabled` parameter; a
/// surface without one (the main app) is always on.
enum SurfaceRole: Sendable {
    /// People glance at it: its staleness and blank share are in the standard report, and its
    /// staleness is charted.
    case glanced
    /// Nobody glances at it: when it is the study's subject, it is judged by these metrics.
    case judgedBy([Metric])
    /// Not a surface a person looks at (the changes' record, the backend's load).
    case notReported
}
