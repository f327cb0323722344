// `observe.contrasts` in a scenario file (docs/scenarios.md#contrasts-in-a-grid): taken out
// of the scenario's members before the parameter walk and checked against the sweep.

/// Decodes `observe: {contrasts: {within: [...], pairs: "baseline"|"all", correction: "holm"|"none"}}`.
struct ContrastDesignDecoder {
    /// The key path, as scenario files write it.
    static let path = "observe.contrasts"
    static let keys = ["within", "pairs", "correction"]
    static let corrections = ["none", "holm"]

    let file: String

    /// `members` without `observe.contrasts`, and its member if it was there (`ObserveSettings`).
    static func extract(_ members: [JSONMember]) -> (members: [JSONMember], node: JSONMember?) {
        let (kept, found) = ObserveSettings.extract("contrasts", from: members)
        return (kept, found)
    }

    /// The design `member` gives for `sweep`; every `within` path must be swept, and at least
    /// one swept path must be left to vary.
    func decode(_ member: JSONMember, sweep: Sweep) throws(ScenarioError) -> ContrastDesign {
        let node = member.value
        guard case .object(let members) = node.value else {
            throw fail(node, Self.path, .expected("an object such as {within: [\"device.locked\"], pairs: \"baseline\", correction: \"holm\"}",
                                                   found: ValueDecoder.describe(node)))
        }
        var design = ContrastDesign(within: [])
        for m in members {
            let path = Self.path + "." + m.key
            switch m.key {
            case "within":
                let items: [JSONNode]
                switch m.value.value {
                case .array(let list): items = list
                case .string: items = [m.value]
                default: throw fail(m.value, path, .expected("an array of swept parameter paths", found: ValueDecoder.describe(m.value)))
                }
                for item in items {
                    guard case .string(let name) = item.value else {
                        throw fail(item, path, .expected("a swept parameter path (a string)", found: ValueDecoder.describe(item)))
                    }
                    guard sweep.columns.contains(name) else {
                        let swept = sweep.columns.isEmpty ? "none: the scenario sweeps nothing" : sweep.columns.joined(separator: ", ")
                        throw fail(item, path, .expected("a swept parameter (\(swept))", found: "'\(name)'"),
                                   suggestion: NameSuggestion.nearest(to: name, among: sweep.columns))
                    }
                    guard !design.within.contains(name) else { throw fail(item, path, .other("'\(name)' is listed twice")) }
                    design.within.append(name)
                }
            case "pairs":
                let names = ContrastDesign.Pairs.allCases.map(\.rawValue)
                guard case .string(let text) = m.value.value, let pairs = ContrastDesign.Pairs(rawValue: text) else {
                    throw fail(m.value, path, .expected("\"baseline\" or \"all\"", found: Self.found(m.value)),
                               suggestion: Self.text(m.value).flatMap { NameSuggestion.nearest(to: $0, among: names) })
                }
                design.pairs = pairs
            case "correction":
                guard case .string(let text) = m.value.value, Self.corrections.contains(text) else {
                    throw fail(m.value, path, .expected("\"holm\" or \"none\"", found: Self.found(m.value)),
                               suggestion: Self.text(m.value).flatMap { NameSuggestion.nearest(to: $0, among: Self.corrections) })
                }
                design.holm = text == "holm"
            default:
                throw ScenarioError(.file(file, line: m.keyLine, column: m.keyColumn), path: path, .unknownKey(m.key, allowed: Self.keys),
                                    suggestion: NameSuggestion.nearest(to: m.key, among: Self.keys))
            }
        }
        guard sweep.columns.count > 0 else {
            throw fail(node, Self.path, .other("needs a sweep: the scenario has one point, so there is nothing to contrast"))
        }
        if !design.within.isEmpty && design.within.count == sweep.columns.count {
            throw fail(node, Self.path + ".within", .other("lists every swept parameter, so no parameter is left to vary within a stratum; "
                                                           + "leave out the one whose effect is wanted"))
        }
        // Kept in the scenario's column order, so the `within` column reads the same however listed.
        design.within = sweep.columns.filter(design.within.contains)
        return design
    }

    private static func text(_ node: JSONNode) -> String? { if case .string(let s) = node.value { s } else { nil } }
    private static func found(_ node: JSONNode) -> String { text(node).map { "'\($0)'" } ?? ValueDecoder.describe(node) }

    private func fail(_ node: JSONNode, _ path: String, _ problem: InputProblem, suggestion: String? = nil) -> ScenarioError {
        ScenarioError(.file(file, line: node.line, column: node.column), path: path, problem, suggestion: suggestion)
    }
}
