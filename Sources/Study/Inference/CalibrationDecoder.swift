// A worksheet's `calibrate` block (docs/inference.md#calibration):
// `{parameters: {"widget.reloadDelay": {uniform: {low: "1s", high: "60s"}}}, design: {"app.requestsWidgetReload": true}}`.
import Surfaces
import SurfaceCore

/// Decodes a `calibrate` node into a `CalibrationRequest`.
struct CalibrationDecoder {
    let file: String
    static let keys = ["parameters", "design"]

    func decode(_ node: JSONNode) throws(ScenarioError) -> CalibrationRequest {
        let form = "{parameters: {path: {uniform: {low, high}} ...}, design: {path: value, ...}}"
        guard case .object(let members) = node.value else {
            throw ScenarioError(at(node), path: "calibrate", .expected(form, found: ValueDecoder.describe(node)))
        }
        for m in members where !Self.keys.contains(m.key) {
            throw ScenarioError(.file(file, line: m.keyLine, column: m.keyColumn), path: "calibrate", .unknownKey(m.key, allowed: Self.keys),
                                suggestion: NameSuggestion.nearest(to: m.key, among: Self.keys))
        }
        guard let parameters = node[key: "parameters"], case .object(let entries) = parameters.value, !entries.isEmpty else {
            throw ScenarioError(at(node[key: "parameters"] ?? node), path: "calibrate.parameters",
                                .expected("an object of platform figures with their priors", found: node[key: "parameters"].map(ValueDecoder.describe) ?? "none"))
        }
        let index = ParameterIndex.shared
        let laws = UncertainDecoder(index: index, file: file, defaultSeed: 0)
        let allowed = InferVerb.platformParameters
        var figures: [UncertainFigure] = []
        for entry in entries {
            let path = "calibrate.parameters." + entry.key
            guard allowed.contains(entry.key), let spec = index[entry.key], UncertainFigure.isAllowed(spec.kind) else {
                throw ScenarioError(.file(file, line: entry.keyLine, column: entry.keyColumn), path: path,
                                    .expected("a figure of what the platform does (\(allowed.joined(separator: ", ")))", found: "'\(ScenarioError.shorten(entry.key))'"),
                                    suggestion: NameSuggestion.nearest(to: entry.key, among: allowed))
            }
            guard !figures.contains(where: { $0.path == spec.path }) else {
                throw ScenarioError(.file(file, line: entry.keyLine, column: entry.keyColumn), path: path, .other("is given twice"))
            }
            figures.append(UncertainFigure(path: spec.path, kind: spec.kind, law: try laws.law(entry.value, spec: spec)))
        }
        var design: [Assignment] = []
        if let node = node[key: "design"] {
            guard case .object(let settings) = node.value else {
                throw ScenarioError(at(node), path: "calibrate.design", .expected("an object of parameter paths and values", found: ValueDecoder.describe(node)))
            }
            for s in settings {
                let path = "calibrate.design." + s.key
                guard let spec = index[s.key], !ParameterIndex.studyWide.contains(s.key) else {
                    throw ScenarioError(.file(file, line: s.keyLine, column: s.keyColumn), path: path,
                                        .expected("a parameter path", found: "'\(ScenarioError.shorten(s.key))'"),
                                        suggestion: NameSuggestion.nearest(to: s.key, among: index.specs.map(\.path)))
                }
                if figures.contains(where: { $0.path == s.key }) {
                    throw ScenarioError(.file(file, line: s.keyLine, column: s.keyColumn), path: path, .other("is a figure being fitted, so the design cannot set it"))
                }
                do {
                    design.append(Assignment(path: s.key, value: try ValueDecoder.decode(s.value, spec: spec)))
                } catch {
                    throw ScenarioError(.file(file, line: error.line, column: error.column), path: path, error.problem, suggestion: error.suggestion)
                }
            }
        }
        return CalibrationRequest(figures: figures, design: design)
    }

    private func at(_ node: JSONNode) -> InputLocation { .file(file, line: node.line, column: node.column) }
}
