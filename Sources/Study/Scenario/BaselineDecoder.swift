// `observe.baseline` (docs/scenarios.md, docs/output.md `contrasts.csv`): the sweep point
// every other point is contrasted against. A point's name, or for a grid an object of
// swept values; anything else is refused with the nearest name.
import Surfaces
import SurfaceCore

/// Takes `observe.baseline` out of a scenario's members and resolves it against the sweep.
struct BaselineDecoder {
    /// The key path, as scenario files write it.
    static let path = "observe.baseline"

    let index: ParameterIndex
    let file: String

    /// `members` without `observe.baseline`, and its member if it was there (`ObserveSettings`).
    static func extract(_ members: [JSONMember]) -> (members: [JSONMember], node: JSONMember?) {
        let (kept, found) = ObserveSettings.extract("baseline", from: members)
        return (kept, found)
    }

    /// The index of the point `member` names in `sweep`.
    func resolve(_ member: JSONMember, in sweep: Sweep) throws(ScenarioError) -> Int {
        let node = member.value
        let names = sweep.points.map(\.name)
        switch node.value {
        case .string(let name):
            if let i = names.firstIndex(of: name) { return i }
            throw fail(node, .expected("the name of a sweep point (\(Self.list(names)))", found: "'\(name)'"),
                       suggestion: NameSuggestion.nearest(to: name, among: names))
        case .object(let members) where !sweep.isNamed && !sweep.axes.isEmpty:
            return try gridPoint(members, node: node, in: sweep)
        default:
            let form = sweep.isNamed || sweep.axes.isEmpty ? "the name of a sweep point (\(Self.list(names)))"
                : "an object of swept values, e.g. {\"\(sweep.axes[0].path)\": …}, or a point's index as a string"
            throw fail(node, .expected(form, found: ValueDecoder.describe(node)))
        }
    }

    /// The grid point whose swept values are those `members` give (every axis named once).
    private func gridPoint(_ members: [JSONMember], node: JSONNode, in sweep: Sweep) throws(ScenarioError) -> Int {
        let columns = sweep.columns
        var wanted: [String: ParameterValue] = [:]
        for member in members {
            guard let axis = sweep.axes.first(where: { $0.path == member.key }) else {
                throw ScenarioError(.file(file, line: member.keyLine, column: member.keyColumn), path: Self.path,
                                    .expected("a swept parameter (\(Self.list(columns)))", found: "'\(member.key)'"),
                                    suggestion: NameSuggestion.nearest(to: member.key, among: columns))
            }
            let value: ParameterValue
            do {
                value = try ValueDecoder.decode(member.value, spec: index[axis.path]!)
            } catch {
                throw ScenarioError(.file(file, line: error.line, column: error.column), path: Self.path + "." + axis.path,
                                    error.problem, suggestion: error.suggestion)
            }
            let kind = index[axis.path]!.kind
            let rendered = axis.values.map { ParameterRendering.csvField($0, kind: kind) }
            guard axis.values.contains(value) else {
                let found = ParameterRendering.csvField(value, kind: kind)
                throw fail(member.value, path: Self.path + "." + axis.path,
                           .expected("one of the swept values (\(Self.list(rendered)))", found: found),
                           suggestion: NameSuggestion.nearest(to: found, among: rendered))
            }
            wanted[axis.path] = value
        }
        if let missing = columns.first(where: { wanted[$0] == nil }) {
            throw fail(node, .expected("a value for every swept parameter", found: "none for '\(missing)'"))
        }
        return sweep.points.firstIndex { point in point.assignments.allSatisfy { wanted[$0.path] == $0.value } }!
    }

    private func fail(_ node: JSONNode, path: String = BaselineDecoder.path, _ problem: InputProblem,
                      suggestion: String? = nil) -> ScenarioError {
        ScenarioError(.file(file, line: node.line, column: node.column), path: path, problem, suggestion: suggestion)
    }

    /// `a, b, c` (at most eight, then "…").
    private static func list(_ names: [String]) -> String {
        names.count <= 8 ? names.joined(separator: ", ") : names.prefix(8).joined(separator: ", ") + ", …"
    }
}
