/// The order of the built-in metric catalogue (`MetricCatalog.builtIn`), formed from what the
/// surfaces' folders register (`MetricCatalog.contributions`) and the published order
/// (`MetricCatalog.publishedOrder`): the published names in their order and groups, then every
/// registered metric not published yet, in registration order, as a group of its own. A
/// metric's slot in this order is its `Metric.rawValue`, hence its columns in runs.csv.
struct MetricOrder: Sendable {
    /// The registered specs in catalogue order.
    let specs: [MetricSpec]
    /// Where each group of `specs` begins (`MetricCatalog.runsColumnGroups`): one per published
    /// group, then one for the registered metrics not published yet, if any.
    let groupStarts: [Int]
    /// Each metric's slot in `specs`, by name.
    let slots: [String: Int]

    /// The order of `contributions`' metrics under `published`; stops the program when the two
    /// do not fit together (`problems`).
    init(_ contributions: [SurfaceMetrics], published: [[String]]) {
        let problems = Self.problems(contributions, published: published)
        precondition(problems.isEmpty, "the metric registry: " + problems.joined(separator: "; "))
        let registered = contributions.flatMap(\.metrics)
        let byName = Dictionary(uniqueKeysWithValues: registered.map { ($0.name, $0) })
        var groups = published.map { $0.map { byName[$0]! } }
        let listed = Set(published.joined())
        let unpublished = registered.filter { !listed.contains($0.name) }
        if !unpublished.isEmpty { groups.append(unpublished) }
        specs = Array(groups.joined())
        groupStarts = groups.indices.map { g in groups[..<g].reduce(0) { $0 + $1.count } }
        slots = Dictionary(uniqueKeysWithValues: specs.enumerated().map { ($1.name, $0) })
    }

    /// What keeps `contributions` and `published` from forming one order (empty: nothing): a
    /// name two metrics register, a name published twice, a published name no surface
    /// registers, an empty published group.
    static func problems(_ contributions: [SurfaceMetrics], published: [[String]]) -> [String] {
        var problems: [String] = []
        var registeredBy: [String: String] = [:]
        for c in contributions {
            for spec in c.metrics {
                if let other = registeredBy[spec.name] {
                    problems.append("\(spec.name) is registered by \(other) and by \(c.surface)")
                } else {
                    registeredBy[spec.name] = c.surface
                }
            }
        }
        var listed: Set<String> = []
        for (g, group) in published.enumerated() {
            if group.isEmpty { problems.append("published group \(g) is empty") }
            for name in group {
                if !listed.insert(name).inserted { problems.append("\(name) is published twice") }
                if registeredBy[name] == nil { problems.append("\(name) is published but no surface registers it") }
            }
        }
        return problems
    }
}
