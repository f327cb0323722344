// `--set path=value` (docs/scenarios.md): overrides applied after the file and before the sweep.
import Surfaces
import SurfaceCore

/// One `--set path=value` option, parsed.
public struct Override: Sendable, Equatable {
    /// The option as typed after `--set`.
    public var text: String
    /// The parameter path (a rate may be written without `.perHour`).
    public var path: String
    /// The value, parsed as JSON5, or as a bare word if it is not JSON5.
    public var node: JSONNode
    /// The value as typed (a seed of more digits than a double holds is read from it).
    public var valueText: String { String(text[text.index(after: text.firstIndex(of: "=")!)...]) }

    /// Parses `path=value`. The value is a JSON5 scalar or object (`0.5`, `true`,
    /// `"15m"`, `{exponential: {mean: "2m"}}`) or a bare word (`15m`, `android`).
    /// - Throws: a `ScenarioError` when there is no `=` or no path.
    public init(parsing text: String) throws(ScenarioError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ScenarioError(.option("--set \(text)"), .expected("path=value (e.g. --set push.wakeRefusal=0.5)", found: "no '='"))
        }
        let path = String(text[..<equals])
        let valueText = String(text[text.index(after: equals)...])
        guard !path.isEmpty else {
            throw ScenarioError(.option("--set \(text)"), .expected("path=value (e.g. --set push.wakeRefusal=0.5)", found: "no path before '='"))
        }
        self.text = text
        self.path = path
        if let parsed = try? JSON5.parse(valueText) {
            node = parsed
        } else {
            node = JSONNode(value: .string(valueText), line: 1, column: 1)
        }
    }

    /// Resolves the path in the catalogue and decodes the value by its kind.
    func resolve(_ index: ParameterIndex) throws(ScenarioError) -> Assignment {
        let location = InputLocation.option("--set \(text)")
        guard let path = index[path] != nil ? path : index.rateShorthand(path), let spec = index[path] else {
            throw index.unknownParameter(self.path, at: location)
        }
        var node = self.node
        if spec.kind == .seed, !valueText.isEmpty, valueText.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            // A seed is read from its digits: a double holds whole numbers exactly only up to 2^53.
            node = JSONNode(value: .string(valueText), line: 1, column: 1)
        }
        if case .steps = spec.kind, case .string(let words) = node.value {
            // A bare list of steps: `--set signout.steps=clearSession,reloadWidgets`.
            let names = words.split(separator: ",", omittingEmptySubsequences: true)
            node.value = .array(names.map { JSONNode(value: .string(String($0)), line: 1, column: 1) })
        }
        do {
            return Assignment(path: path, value: try ValueDecoder.decode(node, spec: spec))
        } catch {
            throw ScenarioError(location, path: path, error.problem, suggestion: error.suggestion)
        }
    }
}
