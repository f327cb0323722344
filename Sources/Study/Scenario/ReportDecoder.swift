// `observe.report` (docs/scenarios.md#what-the-summary-and-the-charts-show): the metrics
// the summary table and the charts show, a list of names as `surfacesim help metrics`
// lists them. An unknown name, an empty list or a name given twice is refused, with the
// nearest name for a misspelt one.

/// Decodes `observe.report` from a scenario file or a `--set`.
struct ReportDecoder {
    /// The key path, as scenario files write it.
    static let path = "observe.report"

    /// Where a value was written: its position in a file, or the `--set` option.
    let location: (JSONNode) -> InputLocation

    /// A decoder of values written in `file`.
    init(file: String) {
        location = { .file(file, line: $0.line, column: $0.column) }
    }

    /// A decoder of the value of `override` (`--set observe.report=share.lost,share.latency`).
    init(override: Override) {
        location = { _ in .option("--set \(override.text)") }
    }

    /// `members` without `observe.report`, and its member if it was there (`ObserveSettings`).
    static func extract(_ members: [JSONMember]) -> (members: [JSONMember], found: JSONMember?) {
        ObserveSettings.extract("report", from: members)
    }

    /// The metrics a list names, in its order.
    func decode(_ node: JSONNode) throws(ScenarioError) -> [ReportedMetric] {
        let expectation = "a metric name (surfacesim help metrics)"
        guard case .array(let elements) = node.value else {
            throw ScenarioError(location(node), path: Self.path,
                                .expected("a list of metric names (surfacesim help metrics), e.g. [\"share.lost\"]",
                                          found: ValueDecoder.describe(node)))
        }
        guard !elements.isEmpty else {
            throw ScenarioError(location(node), path: Self.path, .expected("at least one metric name", found: "an empty list"))
        }
        var metrics: [ReportedMetric] = []
        for (i, element) in elements.enumerated() {
            let path = Self.path + "[\(i)]"
            guard case .string(let name) = element.value else {
                throw ScenarioError(location(element), path: path, .expected(expectation, found: ValueDecoder.describe(element)))
            }
            guard let metric = ReportedMetric.named(name) else {
                throw ScenarioError(location(element), path: path, .expected(expectation, found: ValueDecoder.describe(element)),
                                    suggestion: NameSuggestion.nearest(to: name, among: ReportedMetric.names))
            }
            if let first = metrics.firstIndex(of: metric) {
                throw ScenarioError(location(element), path: path,
                                    .expected("each metric at most once", found: "\"\(name)\" again (first at \(Self.path)[\(first)])"))
            }
            metrics.append(metric)
        }
        return metrics
    }

    /// The metrics a `--set` names: a JSON5 list, or names separated by commas.
    func decode(override: Override) throws(ScenarioError) -> [ReportedMetric] {
        var node = override.node
        if case .string(let words) = node.value {
            node.value = .array(words.isEmpty ? [] : words.split(separator: ",", omittingEmptySubsequences: false).map {
                JSONNode(value: .string(String($0)), line: 1, column: 1)
            })
        }
        return try decode(node)
    }
}
