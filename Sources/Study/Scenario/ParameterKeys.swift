// Finding the parameters in a scenario object: keys are paths written as
// nested objects (`widget: {budgetPerDay: 40}`) or dotted (`"widget.budgetPerDay": 40`).
import Surfaces
import SurfaceCore

/// A parameter value found in a file, with where its key was written.
struct FoundParameter {
    /// The full parameter path.
    var path: String
    /// The value node.
    var node: JSONNode
    /// Line of the key.
    var keyLine: Int
    /// Column of the key.
    var keyColumn: Int
}

/// Walks scenario objects and collects their parameter values; every key must
/// name a parameter or a group of them (nothing is silently ignored).
struct ParameterKeys {
    let index: ParameterIndex
    /// The file name, for error locations.
    let file: String
    /// Keys other than parameters that the outermost object may hold (a scenario's `name`,
    /// a sweep's `points`): offered, with the parameters, to a misspelt key there.
    let topLevelKeys: [String]
    /// The parameters found so far, in file order.
    private(set) var found: [FoundParameter] = []

    init(index: ParameterIndex, file: String, topLevelKeys: [String] = []) {
        self.index = index
        self.file = file
        self.topLevelKeys = topLevelKeys
    }

    /// Collects the members of an object, skipping `reserved` keys at this level.
    mutating func collect(_ members: [JSONMember], prefix: String = "", reserved: Set<String> = []) throws(ScenarioError) {
        for member in members where !(prefix.isEmpty && reserved.contains(member.key)) {
            try collect(member, prefix: prefix)
        }
    }

    /// Resolves one `key: value` member at `prefix`.
    private mutating func collect(_ member: JSONMember, prefix: String) throws(ScenarioError) {
        let path = prefix.isEmpty ? member.key : prefix + "." + member.key
        let value = member.value
        if index[path] != nil {
            try add(path, member)
        } else if let rate = index.rateShorthand(path), !isPlainGroupObject(value) {
            try add(rate, member)
        } else if index.isGroup(path) {
            guard case .object(let members) = value.value else {
                throw ScenarioError(.file(file, line: value.line, column: value.column), path: path,
                                    .expected("an object of the parameters under '\(path)'", found: ValueDecoder.describe(value)))
            }
            for inner in members { try collect(inner, prefix: path) }
        } else {
            throw index.unknownParameter(path, at: .file(file, line: member.keyLine, column: member.keyColumn),
                                         topLevelKeys: prefix.isEmpty ? topLevelKeys : [], groups: true)
        }
    }

    /// An object that only groups `perHour` (so it is walked, not read as a rate with a profile).
    private func isPlainGroupObject(_ node: JSONNode) -> Bool {
        guard case .object(let members) = node.value else { return false }
        return !members.contains { $0.key == "profile" }
    }

    /// Records a parameter, refusing a second value for the same path.
    private mutating func add(_ path: String, _ member: JSONMember) throws(ScenarioError) {
        if let first = found.first(where: { $0.path == path }) {
            throw ScenarioError(.file(file, line: member.keyLine, column: member.keyColumn), path: path,
                                .duplicate(path, firstLine: first.keyLine, firstColumn: first.keyColumn))
        }
        found.append(FoundParameter(path: path, node: member.value, keyLine: member.keyLine, keyColumn: member.keyColumn))
    }

    /// Decodes a found value by its parameter's kind.
    func decode(_ item: FoundParameter) throws(ScenarioError) -> ParameterValue {
        let spec = index[item.path]!
        do {
            return try ValueDecoder.decode(item.node, spec: spec)
        } catch {
            throw ScenarioError(.file(file, line: error.line, column: error.column), path: item.path,
                                error.problem, suggestion: error.suggestion)
        }
    }
}
