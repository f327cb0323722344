// The `sample` form of a sweep (docs/scenarios.md#sampled-sweeps):
// `{sample: {method: "lhs" | "morris", points: N, seed: S, ranges: {path: [low, high], ...}}}`.
// Each range is written in its parameter's own syntax and checked against what the
// parameter accepts; nothing is silently ignored.
import Surfaces
import SurfaceCore

/// Decodes a `sample` node into a `SampleDesign`.
struct SampleDecoder {
    let index: ParameterIndex
    let file: String
    /// The seed of the design when the file gives none: the scenario's.
    let defaultSeed: UInt64

    /// The keys a `sample` object holds.
    static let keys = ["method", "points", "seed", "ranges"]
    /// The most LHS points (and Morris points in all) a sampled sweep may have.
    static var maxPoints: Int { Sweep.maxPoints }

    /// The design `node` describes.
    func decode(_ node: JSONNode) throws(ScenarioError) -> SampleDesign {
        let form = "{method: \"lhs\" or \"morris\", points: N, seed: S, ranges: {path: [low, high], ...}}"
        guard case .object(let members) = node.value else {
            throw error(node, path: "sweep.sample", .expected(form, found: ValueDecoder.describe(node)))
        }
        for member in members where !Self.keys.contains(member.key) {
            throw ScenarioError(.file(file, line: member.keyLine, column: member.keyColumn), path: "sweep.sample",
                                .unknownKey(member.key, allowed: Self.keys),
                                suggestion: NameSuggestion.nearest(to: member.key, among: Self.keys))
        }
        func member(_ key: String) throws(ScenarioError) -> JSONNode {
            guard let found = node[key: key] else {
                throw error(node, path: "sweep.sample", .expected(form, found: "no '\(key)'"))
            }
            return found
        }
        let method = try decodeMethod(try member("method"))
        let ranges = try decodeRanges(try member("ranges"))
        let count = try decodeCount(try member("points"), method: method, dimensions: ranges.count)
        var seed = defaultSeed
        if let seedNode = node[key: "seed"] {
            do {
                if case .seed(let s) = try ValueDecoder.decode(seedNode, kind: .seed) { seed = s }
            } catch {
                throw ScenarioError(.file(file, line: error.line, column: error.column), path: "sweep.sample.seed", error.problem)
            }
        }
        return SampleDesign(method: method, count: count, seed: seed, ranges: ranges)
    }

    /// `"lhs"` or `"morris"`.
    private func decodeMethod(_ node: JSONNode) throws(ScenarioError) -> SampleMethod {
        let names = SampleMethod.allCases.map(\.rawValue)
        let expectation = names.map { "\"\($0)\"" }.joined(separator: " or ")
        guard case .string(let text) = node.value, let method = SampleMethod(rawValue: text) else {
            var suggestion: String?
            if case .string(let text) = node.value { suggestion = NameSuggestion.nearest(to: text, among: names) }
            throw ScenarioError(.file(file, line: node.line, column: node.column), path: "sweep.sample.method",
                                .expected(expectation, found: ValueDecoder.describe(node)), suggestion: suggestion)
        }
        return method
    }

    /// Points (LHS) or trajectories (Morris): a whole number ≥ 1 whose points in all
    /// stay within a study's limit.
    private func decodeCount(_ node: JSONNode, method: SampleMethod, dimensions k: Int) throws(ScenarioError) -> Int {
        let most = method == .lhs ? Self.maxPoints : Self.maxPoints / (k + 1)
        let what = method == .lhs ? "points" : "trajectories (each runs \(k + 1) points)"
        guard case .number(let x) = node.value, x == x.rounded(), x >= 1, x <= Double(most) else {
            throw error(node, path: "sweep.sample.points",
                        .expected("a whole number of \(what) from 1 to \(most)", found: ValueDecoder.describe(node)))
        }
        return Int(x)
    }

    /// `{path: [low, high], ...}`, written flat or nested like the parameters themselves.
    private func decodeRanges(_ node: JSONNode) throws(ScenarioError) -> [SampleRange] {
        guard case .object(let members) = node.value, !members.isEmpty else {
            throw error(node, path: "sweep.sample.ranges",
                        .expected("an object of parameter paths with [low, high]", found: ValueDecoder.describe(node)))
        }
        var keys = ParameterKeys(index: index, file: file)
        try keys.collect(members)
        var ranges: [SampleRange] = []
        for item in keys.found { ranges.append(try range(item, keys: keys)) }
        return ranges
    }

    /// One `path: [low, high]`.
    private func range(_ item: FoundParameter, keys: ParameterKeys) throws(ScenarioError) -> SampleRange {
        let spec = index[item.path]!
        guard SampleRange.isSampleable(spec.kind), !ParameterIndex.studyWide.contains(item.path) else {
            throw ScenarioError(.file(file, line: item.keyLine, column: item.keyColumn), path: item.path,
                                .other("cannot be sampled: only a parameter with a range of numbers, durations or sizes can (this one takes \(spec.kind.expectation)); sweep it as a grid instead"))
        }
        let example = spec.kind == .time || spec.kind == .optionalTime ? "[\"5m\", \"1h\"]" : spec.kind == .size ? "[\"1MB\", \"10MB\"]" : "[low, high]"
        guard case .array(let ends) = item.node.value, ends.count == 2 else {
            throw error(item.node, path: item.path,
                        .expected("[low, high] in the parameter's own syntax (e.g. \(example))", found: ValueDecoder.describe(item.node)))
        }
        var values: [ParameterValue] = []
        var numbers: [Double] = []
        for end in ends {
            if spec.kind == .rate, case .object = end.value {
                throw error(end, path: item.path, .expected("a number per hour (a sampled rate keeps its hourly profile)", found: ValueDecoder.describe(end)))
            }
            if spec.kind == .optionalTime, case .null = end.value {
                throw error(end, path: item.path, .expected(ParameterKind.time.expectation, found: "null"))
            }
            let value = try keys.decode(FoundParameter(path: item.path, node: end, keyLine: item.keyLine, keyColumn: item.keyColumn))
            values.append(value)
            numbers.append(SampleRange.magnitude(of: value))
        }
        guard numbers[0] < numbers[1] else {
            throw error(ends[1], path: item.path,
                        .expected("a high end above the low end \(ValueDecoder.describe(ends[0]))", found: ValueDecoder.describe(ends[1])))
        }
        return SampleRange(path: item.path, kind: spec.kind, lowValue: values[0], highValue: values[1], low: numbers[0], high: numbers[1])
    }

    private func error(_ node: JSONNode, path: String?, _ problem: InputProblem) -> ScenarioError {
        ScenarioError(.file(file, line: node.line, column: node.column), path: path, problem)
    }
}

extension SampleDesign {
    /// The design a rendered scenario (`Scenario.renderedJSON()`, as kept in manifests and
    /// shard state) samples, if its sweep is a sampled one.
    static func inRenderedScenario(_ text: String) -> SampleDesign? {
        guard let root = try? JSON5.parse(text), let node = root[key: "sweep"]?[key: "sample"] else { return nil }
        return try? SampleDecoder(index: ParameterIndex.shared, file: "scenario", defaultSeed: 0).decode(node)
    }
}
