// `observe.series` (docs/scenarios.md#time-series): `{every: <duration>, metrics: [...]}`, the
// bins of simulated time series.csv gives each metric in. A bin length that is not a duration
// above 0s or longer than the run, an unknown metric (with the nearest name), one that has no
// series (with the nearest that has), an empty list or a metric given twice is refused.
import Surfaces
import SurfaceCore

/// Decodes `observe.series` from a scenario file.
struct SeriesDecoder {
    /// The key path, as scenario files write it.
    static let path = "observe.series"
    /// The keys the object takes.
    static let keys = ["every", "metrics"]

    /// The file the value was written in.
    let file: String

    /// `members` without `observe.series`, and its member if it was there (`ObserveSettings`).
    static func extract(_ members: [JSONMember]) -> (members: [JSONMember], found: JSONMember?) {
        ObserveSettings.extract("series", from: members)
    }

    private func at(_ node: JSONNode) -> InputLocation { .file(file, line: node.line, column: node.column) }

    /// The request the object makes.
    func decode(_ node: JSONNode) throws(ScenarioError) -> SeriesRequest {
        guard case .object(let members) = node.value else {
            throw ScenarioError(at(node), path: Self.path,
                                .expected("an object {every: <duration>, metrics: [<metric names>]}", found: ValueDecoder.describe(node)))
        }
        for m in members where !Self.keys.contains(m.key) {
            throw ScenarioError(.file(file, line: m.keyLine, column: m.keyColumn), path: Self.path + "." + m.key,
                                .unknownKey(m.key, allowed: Self.keys), suggestion: NameSuggestion.nearest(to: m.key, among: Self.keys))
        }
        guard let everyNode = node[key: "every"] else {
            throw ScenarioError(at(node), path: Self.path + ".every", .expected("a bin length such as \"1h\" or \"1m\"", found: "nothing"))
        }
        if case .string(let text) = everyNode.value, text.hasPrefix("-"), Units.parseDuration(String(text.dropFirst())) != nil {
            throw ScenarioError(at(everyNode), path: Self.path + ".every", .expected("a bin length above 0s", found: "\"\(text)\""))
        }
        guard case .string(let text) = everyNode.value, let every = Units.parseDuration(text) else {
            throw ScenarioError(at(everyNode), path: Self.path + ".every",
                                .expected("a duration such as \"1h\" or \"1m\"", found: ValueDecoder.describe(everyNode)))
        }
        guard every > 0 else {
            throw ScenarioError(at(everyNode), path: Self.path + ".every", .expected("a bin length above 0s", found: "\"\(text)\""))
        }
        guard let metricsNode = node[key: "metrics"] else {
            throw ScenarioError(at(node), path: Self.path + ".metrics", .expected("a list of metric names", found: "nothing"))
        }
        return SeriesRequest(every: every, metrics: try metrics(metricsNode))
    }

    /// `series` if it fits every point of `scenario` (`node`: the `observe.series` object, where
    /// an error points): each bin starts within the run (a bin longer than a point's duration is
    /// refused), and the bins in all are at most `SeriesRequest.maxBins`.
    func check(_ series: SeriesRequest, of scenario: Scenario, node: JSONNode) throws(ScenarioError) -> SeriesRequest {
        let every = node[key: "every"] ?? node
        let named = !scenario.sweep.columns.isEmpty || scenario.sweep.isNamed
        let found = "\"\(Units.formatDuration(series.every))\""
        for i in scenario.sweep.points.indices {
            let duration = scenario.parameters(ofPoint: i).duration
            let point = named ? " at point \(scenario.sweep.points[i].name)" : ""
            if series.every > duration {
                throw ScenarioError(at(every), path: Self.path + ".every",
                                    .expected("a bin length at most the run's duration (\(Units.formatDuration(duration))\(point))", found: found))
            }
            let bins = series.bins(duration: duration), n = series.metrics.count
            if bins * n > SeriesRequest.maxBins {
                throw ScenarioError(at(every), path: Self.path + ".every",
                                    .expected("at most \(SeriesRequest.maxBins) bins in all (the duration over the bin length, times the metrics)",
                                              found: found + ": \(bins) bins × \(n) metric\(n == 1 ? "" : "s")"))
            }
        }
        return series
    }

    /// The slots a list of names names, in its order.
    private func metrics(_ node: JSONNode) throws(ScenarioError) -> [Int] {
        let path = Self.path + ".metrics"
        let expectation = "a metric with a series (" + SeriesRequest.recordableNames.joined(separator: ", ") + ")"
        guard case .array(let elements) = node.value else {
            throw ScenarioError(at(node), path: path,
                                .expected("a list of metric names, e.g. [\"widget.staleness\"]", found: ValueDecoder.describe(node)))
        }
        guard !elements.isEmpty else {
            throw ScenarioError(at(node), path: path, .expected("at least one metric name", found: "an empty list"))
        }
        var slots: [Int] = []
        for (i, element) in elements.enumerated() {
            let itemPath = path + "[\(i)]"
            guard case .string(let name) = element.value else {
                throw ScenarioError(at(element), path: itemPath, .expected("a metric name", found: ValueDecoder.describe(element)))
            }
            guard let slot = MetricCatalog.specs.firstIndex(where: { $0.name == name }) else {
                throw ScenarioError(at(element), path: itemPath,
                                    .expected("a metric name (surfacesim help metrics)", found: ValueDecoder.describe(element)),
                                    suggestion: NameSuggestion.nearest(to: name, among: MetricCatalog.specs.map(\.name)))
            }
            guard SeriesRequest.kind(ofSlot: slot) != nil else {
                throw ScenarioError(at(element), path: itemPath,
                                    .expected(expectation, found: "\"\(name)\", whose values are not tied to moments of the run"),
                                    suggestion: NameSuggestion.nearest(to: name, among: SeriesRequest.recordableNames))
            }
            if let first = slots.firstIndex(of: slot) {
                throw ScenarioError(at(element), path: itemPath,
                                    .expected("each metric at most once", found: "\"\(name)\" again (first at \(path)[\(first)])"))
            }
            slots.append(slot)
        }
        return slots
    }

    /// The request of a scenario as `Scenario.renderedJSON()` writes it (a study's state keeps
    /// that text); nil when it asks for none.
    static func inRenderedScenario(_ text: String) -> SeriesRequest? {
        guard let root = try? JSON5.parse(text), let node = root[key: path] else { return nil }
        return try? SeriesDecoder(file: "scenario").decode(node)
    }

    /// The request as a scenario writes it (`Scenario.renderedJSON()`), which `decode` reads back.
    static func rendered(_ request: SeriesRequest) -> JSONValue {
        ParameterRendering.object([
            ("every", .string(Units.formatDuration(request.every))),
            ("metrics", .array(request.metrics.map { ParameterRendering.node(.string(MetricCatalog.specs[$0].name)) })),
        ])
    }
}
