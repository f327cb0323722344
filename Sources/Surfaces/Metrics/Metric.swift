import SimKernel

/// A built-in metric a replication reports. Its raw value is its slot: its index in
/// `MetricCatalog.specs`, hence the order of its columns in runs.csv and of its rows in
/// summary.csv, which the published order decides (`MetricCatalog.publishedOrder`). The members
/// are declared by the surfaces' folders by name (`Metric.widgetStaleness` in
/// `Widget/WidgetMetrics.swift`), with the metric's spec and how its value is formed beside it
/// (`SurfaceMetrics`); the metrics of surfaces added from outside follow them in
/// `MetricCatalog.specs` and have no member.
public struct Metric: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The metric's slot in `MetricCatalog.specs`.
    public let rawValue: Int

    /// The built-in metric at slot `rawValue`, or nil past the built-in ones.
    public init?(rawValue: Int) {
        guard MetricCatalog.builtIn.indices.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The metric at `slot` of `MetricCatalog.specs`.
    init(slot: Int) { rawValue = slot }

    /// The metric named `name` (`share.lost`), as a surface's folder declares its members
    /// (`static let shareLost = Metric.named("share.lost")`: looked up once, when the member is
    /// first used). Stops the program when no surface registers the name.
    static func named(_ name: String) -> Metric {
        guard let slot = MetricCatalog.slots[name] else {
            preconditionFailure("no surface registers a metric named \(name) (MetricCatalog.contributions)")
        }
        return Metric(slot: slot)
    }

    /// Every built-in metric, in slot order.
    public static let allCases: [Metric] = MetricCatalog.builtIn.indices.map { Metric(slot: $0) }

    /// Every metric of the catalogue, in `MetricCatalog.specs` order: the built-in ones, then
    /// those of the surfaces added from outside (which `observe.report`, `--precision` and
    /// the charts name as they name built-in ones).
    public static let catalogue: [Metric] = MetricCatalog.specs.indices.map { Metric(slot: $0) }

    /// Its name, unit, shape and meaning.
    public var spec: MetricSpec { MetricCatalog.specs[rawValue] }

    /// Its name (`widget.staleness`).
    public var description: String { spec.name }
}

/// One surface's part of the metric catalogue (listed in `MetricCatalog.contributions`): its
/// metrics, which its `Metric` members name, and how the measurement layer's records become
/// their values at the end of a replication. A surface added from outside makes its part with
/// `init(surface:metrics:report:)`, which writes by metric name (`SurfaceReport`).
public struct SurfaceMetrics: Sendable {
    /// The surface it belongs to (`widget`), named in the registry's checks.
    let surface: String
    /// Its metrics' specs, in registration order (the catalogue's order for a metric not
    /// published yet: `MetricOrder`).
    let metrics: [MetricSpec]
    /// How a study's default report treats the surface (`MetricCatalog.glancedSurfaces`,
    /// `MetricCatalog.judgedSurfaces`).
    let role: SurfaceRole
    /// Writes the values and samples of these metrics, from what the measurement layer and the
    /// programs recorded, into the replication's result at its end.
    package let report: @Sendable (ReplicationReadout, inout ReplicationResult, SimTime) -> Void

    init(surface: String, role: SurfaceRole, metrics: [MetricSpec],
         report: @escaping @Sendable (ReplicationReadout, inout ReplicationResult, SimTime) -> Void) {
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
    /// Nobody glances at it: when it is the study's subject, it is judged by the metrics of
    /// these names (resolved in `MetricCatalog.judgedSurfaces`).
    case judgedBy([String])
    /// Not a surface a person looks at (the changes' record, the backend's load).
    case notReported
}
