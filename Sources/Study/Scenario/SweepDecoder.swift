// The `sweep` block (docs/scenarios.md): `{path: [values], ...}` for a full grid, or
// `{points: [{name: "a", set: {path: value}}, ...]}` for named points, or
// `{sample: {...}}` for a sampled region (`SampleDecoder`).
import Surfaces
import SurfaceCore

/// Decodes a `sweep` node into a `Sweep`.
struct SweepDecoder {
    let index: ParameterIndex
    let file: String
    /// The parameters before the sweep (a sampled rate keeps their hourly profile; a
    /// sample's seed defaults to theirs).
    let base: Parameters

    /// The sweep described by `node`.
    func decode(_ node: JSONNode) throws(ScenarioError) -> Sweep {
        guard case .object(let members) = node.value else {
            throw error(node, .expected("an object of parameter paths with lists of values, or {points: [...]}",
                                        found: ValueDecoder.describe(node)))
        }
        if members.isEmpty { return Sweep() }
        if let sample = members.first(where: { $0.key == "sample" }) {
            if let other = members.first(where: { $0.key != "sample" }) {
                let what = other.key == "points" ? "named points ('points')" : "a grid ('\(other.key)')"
                throw ScenarioError(.file(file, line: other.keyLine, column: other.keyColumn), path: "sweep",
                                    .other("'sample' cannot be combined with \(what): a sweep is a grid, named points or a sampled region"))
            }
            let design = try SampleDecoder(index: index, file: file, defaultSeed: base.seed).decode(sample.value)
            return Sweep(sample: design, base: base)
        }
        if let points = members.first(where: { $0.key == "points" }) {
            if let other = members.first(where: { $0.key != "points" }) {
                throw ScenarioError(.file(file, line: other.keyLine, column: other.keyColumn), path: "sweep",
                                    .other("'points' cannot be combined with a grid ('\(other.key)')"))
            }
            return try named(points.value)
        }
        return Sweep(grid: try grid(members))
    }

    /// Grid axes in file order.
    private func grid(_ members: [JSONMember]) throws(ScenarioError) -> [Sweep.Axis] {
        var axes: [Sweep.Axis] = []
        var keys = ParameterKeys(index: index, file: file, topLevelKeys: ["points", "sample"])
        try refuseOutputSettings(members)
        try keys.collect(members)
        for item in keys.found {
            try checkSweepable(item)
            guard case .array(let elements) = item.node.value, !elements.isEmpty else {
                throw error(item.node, path: item.path,
                            .expected("a non-empty list of values to try", found: ValueDecoder.describe(item.node)))
            }
            var values: [ParameterValue] = []
            for element in elements {
                values.append(try keys.decode(FoundParameter(path: item.path, node: element,
                                                              keyLine: item.keyLine, keyColumn: item.keyColumn)))
            }
            axes.append(Sweep.Axis(path: item.path, values: values))
            let size = axes.reduce(1.0) { $0 * Double($1.values.count) }
            if size > Double(Sweep.maxPoints) {
                throw error(item.node, path: item.path,
                            .expected("a grid of at most \(Sweep.maxPoints) points", found: "\(Int(size)) points so far"))
            }
        }
        return axes
    }

    /// Named points, each `{name: "...", set: {...}}`.
    private func named(_ node: JSONNode) throws(ScenarioError) -> Sweep {
        guard case .array(let elements) = node.value, !elements.isEmpty else {
            throw error(node, path: "sweep.points", .expected("a non-empty list of {name, set} objects", found: ValueDecoder.describe(node)))
        }
        var points: [SweepPoint] = []
        for (i, element) in elements.enumerated() {
            let point = try namedPoint(element, index: i)
            if points.contains(where: { $0.name == point.name }) {
                throw error(element, path: "sweep.points", .other("two points are named '\(point.name)'"))
            }
            points.append(point)
        }
        return Sweep(named: points)
    }

    /// One named point.
    private func namedPoint(_ node: JSONNode, index i: Int) throws(ScenarioError) -> SweepPoint {
        let form = "{name: \"...\", set: {path: value, ...}}"
        guard case .object(let members) = node.value else {
            throw error(node, path: "sweep.points", .expected(form, found: ValueDecoder.describe(node)))
        }
        var name = String(i)
        var assignments: [Assignment] = []
        for member in members {
            switch member.key {
            case "name":
                guard case .string(let text) = member.value.value, !text.isEmpty else {
                    throw error(member.value, path: "sweep.points", .expected("a non-empty name", found: ValueDecoder.describe(member.value)))
                }
                name = text
            case "set":
                guard case .object(let inner) = member.value.value else {
                    throw error(member.value, path: "sweep.points", .expected("an object of parameter values", found: ValueDecoder.describe(member.value)))
                }
                var keys = ParameterKeys(index: index, file: file)
                try refuseOutputSettings(inner)
                try keys.collect(inner)
                for item in keys.found {
                    try checkSweepable(item)
                    assignments.append(Assignment(path: item.path, value: try keys.decode(item)))
                }
            default:
                throw ScenarioError(.file(file, line: member.keyLine, column: member.keyColumn), path: "sweep.points",
                                    .unknownKey(member.key, allowed: ["name", "set"]),
                                    suggestion: NameSuggestion.nearest(to: member.key, among: ["name", "set"]))
            }
        }
        return SweepPoint(name: name, assignments: assignments)
    }

    /// Study-wide parameters (seed, platform, ...) cannot vary between points.
    private func checkSweepable(_ item: FoundParameter) throws(ScenarioError) {
        guard ParameterIndex.studyWide.contains(item.path) else { return }
        throw ScenarioError(.file(file, line: item.keyLine, column: item.keyColumn), path: item.path,
                            .other("cannot be swept: it applies to the whole study"))
    }

    /// `observe.report` and `observe.baseline` choose the study's outputs, the same for every point.
    private func refuseOutputSettings(_ members: [JSONMember]) throws(ScenarioError) {
        for key in ["report", "baseline"] {
            guard let found = ObserveSettings.extract(key, from: members).found else { continue }
            throw ScenarioError(.file(file, line: found.keyLine, column: found.keyColumn), path: "observe." + key,
                                .other("cannot be swept: it chooses the study's outputs, the same for every point"))
        }
    }

    private func error(_ node: JSONNode, path: String? = "sweep", _ problem: InputProblem) -> ScenarioError {
        ScenarioError(.file(file, line: node.line, column: node.column), path: path, problem)
    }
}
