import SimKernel
/// How a metric's per-replication value is formed (docs/metrics.md).
public enum MetricShape: Sendable, Equatable {
    /// One value per glance, change, item or activity; runs.csv gives the replication's
    /// mean and quantiles, summary.csv pools all samples of a point.
    case sampled
    /// One value per replication (an item fraction, a time average, a leak).
    case perReplication
}

/// A metric's name (a contract: docs/metrics.md), unit, shape and meaning.
public struct MetricSpec: Sendable, Equatable {
    public let name: String
    public let unit: String
    public let shape: MetricShape
    public let doc: String

    /// A metric named `name` (`speaker.staleness`: docs/metrics.md's `S.measure`), in `unit`
    /// (`s`, `fraction`, `count`), formed per `shape`, meaning `doc` (what `help metrics` prints).
    public init(name: String, unit: String, shape: MetricShape, doc: String) {
        (self.name, self.unit, self.shape, self.doc) = (name, unit, shape, doc)
    }

    /// Whether its values are whole numbers: a count (`count`) or a number of items (`items`),
    /// whose quantiles are whole numbers too.
    public var countsWholeThings: Bool { unit == "count" || unit == "items" }

    /// Whether it is a fraction of events counted in each replication (`share.lost`: lost
    /// shares of all shares): a per-replication metric in `fraction`. A replication reports its
    /// events and trials beside the value (`ReplicationResult.setFraction`), which runs.csv
    /// writes as `M.numerator` and `M.denominator` and summary.csv pools (docs/statistics.md).
    public var isCountedFraction: Bool { unit == "fraction" && shape == .perReplication }
}

/// The metric table. Names follow docs/metrics.md: `S.staleness`, `S.age`, `S.lag`, ...
///
/// The built-in part is a registry: each surface's folder contributes its metrics and how
/// their values are formed (`SurfaceMetrics`, in a `…Metrics.swift` file beside its programs),
/// and `contributions` lists them. The catalogue's order (each metric's runs.csv columns, its
/// `Metric.rawValue`) is the published order, an append-only list of names
/// (`publishedOrder`), not the registration list; a registered metric not published yet
/// follows the published ones (`MetricOrder`). A surface's `Metric` members name their metrics
/// and are resolved against the catalogue once (`Metric.named`).
public enum MetricCatalog {
    /// Every metric a replication reports, by index: the built-in ones (`Metric.rawValue`),
    /// then those of the surfaces added from outside (`SurfaceRegistry.add`), in the order they
    /// were added (docs/extending.md#metrics), so the built-in columns never move. Stops the
    /// program when two surfaces register one name.
    public static let specs: [MetricSpec] = {
        let specs = builtIn + addedContributions.flatMap(\.metrics)
        let names = specs.map(\.name) + pointMetrics.map(\.name)
        precondition(Set(names).count == names.count,
                     "the metric catalogue: an added surface registers a metric name registered already")
        return specs
    }()
    /// Each metric's slot in `specs`, by name.
    static let slots: [String: Int] = Dictionary(uniqueKeysWithValues: specs.enumerated().map { ($1.name, $0) })
    /// The order of the built-in metrics: the registered ones under the published order; stops
    /// the program when they do not fit together (`MetricOrder.problems`).
    static let builtInOrder = MetricOrder(builtInContributions, published: publishedOrder)
    /// The metrics of the surfaces this package has, in `Metric` order.
    static let builtIn: [MetricSpec] = builtInOrder.specs
    /// Where each group of built-in metrics begins in runs.csv (docs/output.md): a group's
    /// columns, then its sampled metrics' `.numerator` and `.denominator` columns. The groups
    /// are those of `publishedOrder` (the metrics published before those columns existed, then
    /// the mechanism diagnostics, `System/MechanismMetrics.swift`), then the registered metrics
    /// not published yet, so no earlier column moves.
    public static let runsColumnGroups: [Int] = builtInOrder.groupStarts
    /// Each metric's shape, by raw value (read per replication without copying its spec).
    public static let shapes: [MetricShape] = specs.map(\.shape)
    /// For each slot of `specs`, its position among the counted fractions
    /// (`MetricSpec.isCountedFraction`, in slot order), −1 for any other metric: where
    /// `ReplicationResult.fractionCounts` keeps its events and trials.
    public static let fractionPosition: [Int] = {
        var next = 0
        return specs.map { spec in
            guard spec.isCountedFraction else { return -1 }
            defer { next += 1 }
            return next
        }
    }()
    /// The number of counted fractions.
    public static let fractionCount = fractionPosition.filter { $0 >= 0 }.count

    /// The surfaces' parts of the built-in catalogue (`SurfaceDescriptor.metrics`, from
    /// `SurfaceRegistry.all`), in the order a replication's result is formed
    /// (`Assembly.report()`): the order their first metrics are published in
    /// (`publishedOrder`), then the parts with no metric published yet, in registration order.
    /// Each part writes only its own metrics; one that reads what another's report does to the
    /// measurement layer (a glance caught up, an observer advanced to the end) is published
    /// after it (the mechanism diagnostics, `System/MechanismMetrics.swift`, after every
    /// surface's own).
    /// The parts of the surfaces added from outside follow them, in the order they were added.
    @_spi(Assembly) public static let contributions: [SurfaceMetrics] = builtInContributions + addedContributions
    /// Each part's report, in `contributions`' order: what a replication's result is formed
    /// by, read without copying each part (its name, role and list of metrics) out of the list.
    @_spi(Assembly) public static let reports = contributions.map(\.report)

    /// The built-in surfaces' parts (`BuiltInSurfaces.all`), in report order.
    static let builtInContributions: [SurfaceMetrics] = {
        let parts = SurfaceRegistry.all.prefix(SurfaceRegistry.builtIn.count).flatMap { $0.metrics }.map { $0() }
        let published = Dictionary(uniqueKeysWithValues: publishedOrder.joined().enumerated().map { ($1, $0) })
        let first = parts.map { part in part.metrics.compactMap { published[$0.name] }.min() ?? Int.max }
        return parts.indices.sorted { (first[$0], $0) < (first[$1], $1) }.map { parts[$0] }
    }()

    /// The parts of the surfaces added from outside (`SurfaceRegistry.add`), in the order they
    /// were added: their metrics follow every built-in one in `specs`.
    static let addedContributions: [SurfaceMetrics] = SurfaceRegistry.added.flatMap { $0.metrics }.map { $0() }

    /// The built-in surfaces people glance at, in catalogue order (each folder's `SurfaceRole`):
    /// a study with one of them on reports their staleness and blank share by default, and the
    /// charts draw their staleness (docs/scenarios.md#what-the-summary-and-the-charts-show).
    public static let glancedSurfaces: [String] = builtInContributions.compactMap { c in
        if case .glanced = c.role { c.surface } else { nil }
    }

    /// The built-in surfaces nobody glances at, in catalogue order, each with the metrics it
    /// is judged by when it is a study's subject (the share extension: its items' latency,
    /// losses and duplicates).
    public static let judgedSurfaces: [(surface: String, metrics: [Metric])] = builtInContributions.compactMap { c in
        if case .judgedBy(let names) = c.role { (c.surface, names.map(Metric.named)) } else { nil }
    }

    /// Whether `surface` is on in a point's parameters: its `<surface>.enabled` parameter, or
    /// always, for a surface that has none (the main app). Looked up once; the test is cheap.
    public static func isOn(_ surface: String) -> (Parameters) -> Bool {
        guard let enabled = ParameterCatalog.spec(surface + ".enabled") else { return { _ in true } }
        let get = enabled.get
        return { p in get(p) == .bool(true) }
    }

    /// The surface each metric belongs to, by slot in `specs`: the registry's part that
    /// declares it, or the added surface whose metric it is. A metric of a surface that is
    /// off at a point (`isOn`) has no value there.
    public static let surfaces: [String] = {
        var names = [String](repeating: "", count: specs.count)
        for c in contributions {
            for spec in c.metrics { names[slots[spec.name]!] = c.surface }
        }
        return names
    }()

    /// Whether `surface` can be turned off (it has a `<surface>.enabled` parameter).
    public static func isSwitchable(_ surface: String) -> Bool {
        ParameterCatalog.spec(surface + ".enabled") != nil
    }

    /// Metrics computed across replications of a point rather than within one.
    public static let pointMetrics: [MetricSpec] = [
        MetricSpec(name: "backend.requests.peakToMean", unit: "ratio", shape: .perReplication,
                   doc: "per-minute request rate summed over the point's replications: peak minute over mean minute"),
        MetricSpec(name: "backend.requests.perMinute.mean", unit: "requests/min", shape: .perReplication,
                   doc: "the point's population (its replications as users) against one backend: mean requests per minute after the warm-up"),
        MetricSpec(name: "backend.requests.perMinute.p99", unit: "requests/min", shape: .perReplication,
                   doc: "the population's 99th-percentile minute (nearest rank)"),
        MetricSpec(name: "backend.requests.perMinute.peak", unit: "requests/min", shape: .perReplication,
                   doc: "the population's busiest minute"),
        MetricSpec(name: "backend.requests.burst", unit: "requests", shape: .perReplication,
                   doc: "the largest burst: over a run of consecutive minutes above twice the mean, the requests beyond the mean"),
    ]

    /// The eight view metrics of a surface whose screen the measurement layer watches
    /// (`SurfaceObserver`): `s` its metric prefix, `what` the surface in the docs' words.
    /// Their members are the folder's `SurfaceObserver.Slots`.
    static func view(_ s: String, _ what: String) -> [MetricSpec] { [
        MetricSpec(name: "\(s).staleness", unit: "s", shape: .sampled, doc: "at a glance at the \(what): 0 if the view includes every change made so far, else now − when the earliest missing change was made"),
        MetricSpec(name: "\(s).age", unit: "s", shape: .sampled, doc: "at a glance: now − when the view's data was read from the backend"),
        MetricSpec(name: "\(s).lag", unit: "s", shape: .sampled, doc: "per change: time until the \(what) first shows it"),
        MetricSpec(name: "\(s).lag.censored", unit: "fraction", shape: .perReplication, doc: "changes the \(what) had not shown by the end"),
        MetricSpec(name: "\(s).blank", unit: "fraction", shape: .perReplication, doc: "glances that show no data"),
        MetricSpec(name: "\(s).unlabeledStale", unit: "fraction", shape: .perReplication, doc: "glances staler than observe.staleAfter with no data age printed"),
        MetricSpec(name: "\(s).wrongAccount", unit: "fraction", shape: .perReplication, doc: "glances that show an account that is signed out"),
        MetricSpec(name: "\(s).staleness.timeAvg", unit: "s", shape: .perReplication, doc: "time-weighted mean staleness while data is shown"),
    ] }

    /// A surface's sign-out leak, `signout.<s>.leak`: the time after the sign-out during which `what`.
    static func signOutLeak(_ s: String, _ what: String) -> MetricSpec {
        MetricSpec(name: "signout.\(s).leak", unit: "s", shape: .perReplication, doc: "time after sign-out during which \(what)")
    }

    /// A per-replication fraction: `a` of `b` items, NaN when there were none.
    static func fraction(_ a: Int, of b: Int) -> Double { b == 0 ? .nan : Double(a) / Double(b) }
}
