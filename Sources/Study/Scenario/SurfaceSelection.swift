// The `surfaces` shorthand (docs/scenarios.md#only-some-surfaces): `surfaces: ["widget", "watch"]`
// turns on only the surfaces named; every other surface's `X.enabled` becomes false. An
// explicit `X.enabled` (in the file, a `--set` or a sweep) that says otherwise is bad input.
import Surfaces
import SurfaceCore

/// The surfaces a scenario turns on by name.
struct SurfaceSelection {
    /// The scenario key.
    static let key = "surfaces"
    /// The main app, always on: it may be named, and changes nothing.
    static let alwaysOn = "app"

    /// Every surface that can be turned off: the `X` of each `X.enabled` parameter, in catalogue order.
    static func switchable(_ index: ParameterIndex) -> [String] {
        index.paths.filter { $0.hasSuffix(".enabled") }.map { String($0.dropLast(".enabled".count)) }
    }

    /// The names as given.
    let named: Set<String>
    /// Where the list was written.
    let location: InputLocation
    /// One `X.enabled` assignment for every switchable surface.
    let assignments: [Assignment]

    /// Decodes the list at `node`.
    init(_ node: JSONNode, index: ParameterIndex, file: String, keyLine: Int, keyColumn: Int) throws(ScenarioError) {
        let surfaces = Self.switchable(index)
        let accepted = surfaces + [Self.alwaysOn]
        let expectation = "a list of surfaces from " + accepted.map { "\"\($0)\"" }.joined(separator: ", ")
        guard case .array(let elements) = node.value else {
            throw ScenarioError(.file(file, line: node.line, column: node.column), path: Self.key,
                                .expected(expectation, found: ValueDecoder.describe(node)))
        }
        var named = Set<String>()
        for element in elements {
            guard case .string(let name) = element.value, accepted.contains(name) else {
                let typed: String? = if case .string(let text) = element.value { text } else { nil }
                throw ScenarioError(.file(file, line: element.line, column: element.column), path: Self.key,
                                    .expected("one of " + accepted.map { "\"\($0)\"" }.joined(separator: ", "),
                                              found: ValueDecoder.describe(element)),
                                    suggestion: typed.flatMap { NameSuggestion.nearest(to: $0, among: accepted) })
            }
            guard named.insert(name).inserted else {
                throw ScenarioError(.file(file, line: element.line, column: element.column), path: Self.key,
                                    .expected("each surface at most once", found: "\"\(name)\" twice"))
            }
        }
        self.named = named
        location = .file(file, line: keyLine, column: keyColumn)
        assignments = surfaces.map { Assignment(path: $0 + ".enabled", value: .bool(named.contains($0))) }
    }

    /// Refuses an explicit `X.enabled` that contradicts the list. `where` names where it was written.
    func check(_ assignment: Assignment, at location: InputLocation, point: String? = nil) throws(ScenarioError) {
        guard let implied = assignments.first(where: { $0.path == assignment.path }), implied.value != assignment.value else { return }
        let surface = String(assignment.path.dropLast(".enabled".count))
        let listed = named.contains(surface)
        let at = point.map { " at sweep point \($0)" } ?? ""
        throw ScenarioError(location, path: assignment.path,
                            .expected("\(listed ? "true" : "false") or no value: 'surfaces' (\(self.location)) \(listed ? "names" : "does not name") '\(surface)'",
                                      found: "\(listed ? "false" : "true")\(at)"))
    }
}
