// Decoding `observe.select` (docs/scenarios.md#selecting-the-best-design): a metric and its
// goal, an indifference zone in the metric's unit, a confidence, constraints written as
// `"<metric> <= <number> [± <tolerance>]"` and a cap. A bad value is one `ScenarioError`
// (exit 2) naming the key path, what was expected, and the nearest valid name.
import Statistics
import Surfaces
import SurfaceCore

/// Takes `observe.select` out of a scenario's members and decodes it.
struct SelectionDecoder {
    /// The key path, as scenario files write it.
    static let path = "observe.select"
    /// The keys of the block.
    static let keys = ["metric", "goal", "within", "confidence", "constraints", "maxReplications"]

    let file: String

    /// `members` without `observe.select`, and its member if it was there (`ObserveSettings`).
    static func extract(_ members: [JSONMember]) -> (members: [JSONMember], found: JSONMember?) {
        ObserveSettings.extract("select", from: members)
    }

    /// The settings the block gives.
    func decode(_ member: JSONMember) throws(ScenarioError) -> SelectionSettings {
        guard case .object(let members) = member.value.value else {
            throw fail(member.value, Self.path, .expected("an object {metric, goal, within, confidence, constraints, maxReplications}",
                                                          found: ValueDecoder.describe(member.value)))
        }
        for m in members where !Self.keys.contains(m.key) {
            throw ScenarioError(.file(file, line: m.keyLine, column: m.keyColumn), path: Self.path + "." + m.key,
                                .unknownKey(m.key, allowed: Self.keys), suggestion: NameSuggestion.nearest(to: m.key, among: Self.keys))
        }
        func value(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }
        func required(_ key: String) throws(ScenarioError) -> JSONNode {
            guard let node = value(key) else {
                throw fail(member.value, Self.path + "." + key, .expected("a '\(key)' in the select block", found: "none"))
            }
            return node
        }
        let metric = try figure(try required("metric"), path: Self.path + ".metric")
        let goalNode = try required("goal")
        guard case .string(let goalText) = goalNode.value, let goal = SelectionGoal(rawValue: goalText) else {
            let found = ValueDecoder.describe(goalNode)
            var text = found
            if case .string(let s) = goalNode.value { text = s }
            throw fail(goalNode, Self.path + ".goal", .expected("\"min\" or \"max\"", found: found),
                       suggestion: NameSuggestion.nearest(to: text, among: ["min", "max"]))
        }
        let withinNode = try required("within")
        guard let within = Self.quantity(withinNode, unit: metric.unit), within > 0, within.isFinite else {
            throw fail(withinNode, Self.path + ".within",
                       .expected("an indifference zone above 0 in \(metric.name)'s unit (\(Self.unitExample(metric.unit)))",
                                 found: ValueDecoder.describe(withinNode)))
        }
        var confidence = 0.95
        if let node = value("confidence") {
            var parsed: Double?
            switch node.value {
            case .number(let x): parsed = x
            case .string(let s) where s.hasSuffix("%"): parsed = Double(s.dropLast()).map { $0 / 100 }
            default: parsed = nil
            }
            guard let c = parsed, c > 0, c < 1 else {
                throw fail(node, Self.path + ".confidence", .expected("a probability above 0 and below 1 (0.95 or \"95%\")",
                                                                      found: ValueDecoder.describe(node)))
            }
            confidence = c
        }
        var constraints: [SelectionBound] = []
        if let node = value("constraints") {
            guard case .array(let elements) = node.value else {
                throw fail(node, Self.path + ".constraints", .expected("a list of constraints, e.g. [\"backend.requests <= 2000\"]",
                                                                       found: ValueDecoder.describe(node)))
            }
            for (i, element) in elements.enumerated() {
                constraints.append(try constraint(element, path: Self.path + ".constraints[\(i)]"))
            }
        }
        var cap: Int?
        if let node = value("maxReplications") {
            guard case .number(let x) = node.value, x >= 1, x == x.rounded(), x <= Double(Sweep.maxReplications) else {
                throw fail(node, Self.path + ".maxReplications",
                           .expected("a whole number from 1 to \(Sweep.maxReplications)", found: ValueDecoder.describe(node)))
            }
            cap = Int(x)
        }
        return SelectionSettings(metric: metric, goal: goal, within: within, confidence: confidence,
                                 constraints: constraints, maxReplications: cap)
    }

    /// The study-wide checks, once the sweep and `replications` are known: two points at least,
    /// a first stage of at least ten, a cap at least the first stage and within the study's
    /// limit, and a value of every figure at every point.
    func check(_ settings: SelectionSettings, member: JSONMember, scenario: Scenario,
               replicationsAt: InputLocation) throws(ScenarioError) {
        let points = scenario.sweep.points.count
        guard points >= 2 else {
            throw fail(member.value, Self.path, .expected("a study of at least two points to select among (a sweep)",
                                                          found: "\(points) point"))
        }
        let first = scenario.base.replications
        guard first >= SelectionSettings.minimumFirstStage else {
            throw ScenarioError(replicationsAt, path: "replications",
                                .expected("at least \(SelectionSettings.minimumFirstStage) replications, the first stage of observe.select",
                                          found: String(first)))
        }
        let cap = settings.cap(firstStage: first)
        if let node = member.value[key: "maxReplications"], cap < first {
            throw fail(node, Self.path + ".maxReplications", .expected("at least the first stage, 'replications' (\(first))",
                                                                      found: String(cap)))
        }
        if Double(cap) * Double(points) > Double(Sweep.maxReplications) {
            throw fail(member.value[key: "maxReplications"] ?? member.value, Self.path + ".maxReplications",
                       .expected("at most \(Sweep.maxReplications / points) replications per point (\(points) points, at most "
                                 + "\(Sweep.maxReplications) in all)", found: String(cap)))
        }
        for figure in [settings.metric] + settings.constraints.map(\.figure) {
            let surface = MetricCatalog.surfaces[figure.slot]
            let isOn = MetricCatalog.isOn(surface)
            if let p = scenario.sweep.points.indices.first(where: { !isOn(scenario.parameters(ofPoint: $0)) }) {
                throw fail(member.value, Self.path, .expected("a metric with a value at every point",
                                                              found: "\(figure.name), whose surface is switched off at point "
                                                                  + "\(scenario.sweep.points[p].name) (\(surface).enabled false)"))
            }
        }
    }

    /// A figure's name: a metric (`surfacesim help metrics`) or a sampled metric's runs.csv column.
    private func figure(_ node: JSONNode, path: String) throws(ScenarioError) -> SelectionFigure {
        guard case .string(let name) = node.value else {
            throw fail(node, path, .expected("a metric name (surfacesim help metrics)", found: ValueDecoder.describe(node)))
        }
        return try figure(named: name, node: node, path: path)
    }

    private func figure(named name: String, node: JSONNode, path: String) throws(ScenarioError) -> SelectionFigure {
        if let figure = SelectionFigure.named(name) { return figure }
        let found = MetricCatalog.pointMetrics.contains { $0.name == name }
            ? "'\(name)', one value per point with no value per replication" : "'\(name)'"
        throw fail(node, path, .expected("a metric name (surfacesim help metrics) or a sampled metric's runs.csv column (widget.staleness.p90)",
                                         found: found),
                   suggestion: NameSuggestion.nearest(to: name, among: SelectionFigure.names))
    }

    /// `"<metric> <= <number>"`, `>=`, optionally `± <tolerance>` (or `+-`).
    private func constraint(_ node: JSONNode, path: String) throws(ScenarioError) -> SelectionBound {
        let form = "a constraint \"<metric> <= <number>\" or \"<metric> >= <number>\", optionally \"± <tolerance>\""
        guard case .string(let text) = node.value else { throw fail(node, path, .expected(form, found: ValueDecoder.describe(node))) }
        let operators: [(String, SelectionConstraint.Direction)] = [("<=", .atMost), (">=", .atLeast), ("≤", .atMost), ("≥", .atLeast)]
        guard let (op, direction) = operators.first(where: { text.contains($0.0) }),
              let opRange = Self.find(op, in: text) else {
            throw fail(node, path, .expected(form, found: "'\(text)' (no <= or >=)"))
        }
        let name = Self.trimmed(text[..<opRange.lowerBound])
        let figure = try figure(named: name, node: node, path: path)
        var right = Self.trimmed(text[opRange.upperBound...])
        var toleranceText: String?
        for separator in ["±", "+/-", "+-"] {
            if let r = Self.find(separator, in: right) {
                toleranceText = Self.trimmed(right[r.upperBound...])
                right = Self.trimmed(right[..<r.lowerBound])
                break
            }
        }
        guard let bound = Self.quantity(right, unit: figure.unit), bound.isFinite else {
            throw fail(node, path, .expected("a bound in \(figure.name)'s unit (\(Self.unitExample(figure.unit)))", found: "'\(right)' in '\(text)'"))
        }
        let tolerance: Double
        if let toleranceText {
            guard let t = Self.quantity(toleranceText, unit: figure.unit), t > 0, t.isFinite else {
                throw fail(node, path, .expected("a tolerance above 0 in \(figure.name)'s unit after ±", found: "'\(toleranceText)' in '\(text)'"))
            }
            tolerance = t
        } else {
            guard bound != 0 else {
                throw fail(node, path, .expected("a tolerance for a bound of 0 (its 1 % is 0), e.g. \"\(name) \(op) 0 ± 0.001\"",
                                                 found: "'\(text)'"))
            }
            tolerance = abs(bound) / 100
        }
        return SelectionBound(figure: figure, constraint: SelectionConstraint(direction, bound, tolerance: tolerance), text: text)
    }

    /// A number in a unit: a JSON number, or a string — a duration for seconds (`"30s"`), a
    /// percentage for a fraction (`"1%"`), a size for bytes (`"1MB"`), or a plain number.
    static func quantity(_ node: JSONNode, unit: String) -> Double? {
        switch node.value {
        case .number(let x): return x
        case .string(let s): return quantity(s, unit: unit)
        default: return nil
        }
    }

    static func quantity(_ text: String, unit: String) -> Double? {
        let t = trimmed(Substring(text))
        if let x = Double(t) { return x }
        switch unit {
        case "s": return Units.parseDuration(t).map { Double($0) / 1e6 }
        case "fraction": return t.hasSuffix("%") ? Double(trimmed(t.dropLast())).map { $0 / 100 } : nil
        case "bytes": return Units.parseSize(t).map(Double.init)
        default: return nil
        }
    }

    /// How a value in `unit` is written.
    static func unitExample(_ unit: String) -> String {
        switch unit {
        case "s": return "a duration such as \"30s\" or a number of seconds"
        case "fraction": return "a fraction such as 0.01 or \"1%\""
        case "bytes": return "a size such as \"1MB\" or a number of bytes"
        default: return "a number of \(unit)"
        }
    }

    /// The first occurrence of `needle` in `text` (by characters).
    private static func find(_ needle: String, in text: String) -> Range<String.Index>? {
        var i = text.startIndex
        while i < text.endIndex {
            if text[i...].hasPrefix(needle) { return i..<text.index(i, offsetBy: needle.count) }
            i = text.index(after: i)
        }
        return nil
    }

    private static func trimmed(_ s: Substring) -> String {
        String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    private func fail(_ node: JSONNode, _ path: String, _ problem: InputProblem, suggestion: String? = nil) -> ScenarioError {
        ScenarioError(.file(file, line: node.line, column: node.column), path: path, problem, suggestion: suggestion)
    }
}
