// The `uncertain` block of a scenario (docs/scenarios.md#platform-uncertainty):
// `{draws: 40, seed: S, parameters: {path: {uniform: {low, high}} | {normal: {mean, sd}} |
// {lognormal: {median, sigma}}, ...}}`, each value in its parameter's own syntax ("2s", "4MB",
// 0.2). Nothing is silently ignored.
import Surfaces
import SurfaceCore

/// Decodes an `uncertain` node into a `PlatformUncertainty`.
struct UncertainDecoder {
    let index: ParameterIndex
    let file: String
    /// The seed of the outer design when the file gives none: the scenario's.
    let defaultSeed: UInt64

    static let key = "uncertain"
    static let keys = ["draws", "seed", "parameters"]
    static let laws = ["uniform", "normal", "lognormal"]
    static let form = "{draws: N, parameters: {path: {uniform: {low, high}} or {normal: {mean, sd}} or {lognormal: {median, sigma}}, ...}}"

    func decode(_ node: JSONNode) throws(ScenarioError) -> PlatformUncertainty {
        guard case .object(let members) = node.value else {
            throw error(node, path: Self.key, .expected(Self.form, found: ValueDecoder.describe(node)))
        }
        for member in members where !Self.keys.contains(member.key) {
            throw ScenarioError(.file(file, line: member.keyLine, column: member.keyColumn), path: Self.key,
                                .unknownKey(member.key, allowed: Self.keys),
                                suggestion: NameSuggestion.nearest(to: member.key, among: Self.keys))
        }
        var draws = PlatformUncertainty.defaultDraws
        if let n = node[key: "draws"] {
            guard case .number(let x) = n.value, x == x.rounded(), x >= Double(PlatformUncertainty.fewestDraws), x <= 10_000 else {
                throw error(n, path: "uncertain.draws",
                            .expected("a whole number of outer draws from \(PlatformUncertainty.fewestDraws) to 10000", found: ValueDecoder.describe(n)))
            }
            draws = Int(x)
        }
        var seed = defaultSeed
        if let seedNode = node[key: "seed"] {
            do {
                if case .seed(let s) = try ValueDecoder.decode(seedNode, kind: .seed) { seed = s }
            } catch {
                throw ScenarioError(.file(file, line: error.line, column: error.column), path: "uncertain.seed", error.problem)
            }
        }
        guard let parameters = node[key: "parameters"] else {
            throw error(node, path: Self.key, .expected(Self.form, found: "no 'parameters'"))
        }
        guard case .object(let entries) = parameters.value else {
            throw error(parameters, path: "uncertain.parameters",
                        .expected("an object of parameter paths with a law", found: ValueDecoder.describe(parameters)))
        }
        var figures: [UncertainFigure] = []
        for entry in entries {
            guard let spec = index[entry.key] else {
                throw ScenarioError(.file(file, line: entry.keyLine, column: entry.keyColumn), path: "uncertain.parameters",
                                    .unknownKey(entry.key, allowed: []),
                                    suggestion: NameSuggestion.nearest(to: entry.key, among: index.specs.map(\.path)))
            }
            guard UncertainFigure.isAllowed(spec.kind), !ParameterIndex.studyWide.contains(spec.path) else {
                throw ScenarioError(.file(file, line: entry.keyLine, column: entry.keyColumn), path: spec.path,
                                    .other("cannot be uncertain: only a number, duration, size, rate or distribution of durations or sizes can (this one takes \(spec.kind.expectation))"))
            }
            if figures.contains(where: { $0.path == spec.path }) {
                throw ScenarioError(.file(file, line: entry.keyLine, column: entry.keyColumn), path: spec.path,
                                    .other("is given twice in 'uncertain.parameters'"))
            }
            figures.append(UncertainFigure(path: spec.path, kind: spec.kind, law: try law(entry.value, spec: spec)))
        }
        return PlatformUncertainty(draws: draws, seed: seed, figures: figures)
    }

    /// `{uniform: {low, high}}`, `{normal: {mean, sd}}` or `{lognormal: {median, sigma}}`.
    func law(_ node: JSONNode, spec: ParameterSpec) throws(ScenarioError) -> UncertainFigure.Law {
        let lawForm = "{uniform: {low, high}} or {normal: {mean, sd}} or {lognormal: {median, sigma}}"
        guard case .object(let members) = node.value, members.count == 1, let member = members.first else {
            throw error(node, path: spec.path, .expected(lawForm, found: ValueDecoder.describe(node)))
        }
        guard Self.laws.contains(member.key) else {
            throw ScenarioError(.file(file, line: member.keyLine, column: member.keyColumn), path: spec.path,
                                .unknownKey(member.key, allowed: Self.laws),
                                suggestion: NameSuggestion.nearest(to: member.key, among: Self.laws))
        }
        let names: [String] = member.key == "uniform" ? ["low", "high"] : member.key == "normal" ? ["mean", "sd"] : ["median", "sigma"]
        guard case .object(let body) = member.value.value, body.count == 2, names.allSatisfy({ name in body.contains { $0.key == name } }) else {
            throw error(member.value, path: spec.path,
                        .expected("{\(member.key): {\(names.joined(separator: ", "))}}", found: ValueDecoder.describe(member.value)))
        }
        let a = try number(member.value[key: names[0]]!, spec: spec, plain: false)
        let b = try number(member.value[key: names[1]]!, spec: spec, plain: member.key == "lognormal")
        switch member.key {
        case "uniform":
            guard a < b else {
                throw error(member.value[key: "high"]!, path: spec.path, .expected("a high end above the low end", found: ValueDecoder.describe(member.value[key: "high"]!)))
            }
            return .uniform(low: a, high: b)
        case "normal": return .normal(mean: a, sd: b)
        default:
            guard a > 0 else {
                throw error(member.value[key: "median"]!, path: spec.path, .expected("a median above 0", found: ValueDecoder.describe(member.value[key: "median"]!)))
            }
            return .lognormal(median: a, sigma: b)
        }
    }

    /// A value of the figure in its parameter's syntax, in its natural unit (`plain`: a unitless number ≥ 0).
    private func number(_ node: JSONNode, spec: ParameterSpec, plain: Bool) throws(ScenarioError) -> Double {
        do throws(ValueProblem) {
            if plain {
                guard case .number(let x) = node.value, x >= 0, x <= 5, x.isFinite else {
                    throw ValueProblem.expected("a number from 0 to 5", node)
                }
                return x
            }
            switch spec.kind {
            case .time, .optionalTime, .timeDistribution: return Double(try ValueDecoder.duration(node)) / 1e6
            case .size, .sizeDistribution: return Double(try ValueDecoder.size(node))
            case .rate:
                guard case .number(let x) = node.value, x >= 0, x.isFinite else { throw ValueProblem.expected("a number per hour", node) }
                return x
            default:
                guard case .number(let x) = node.value, x >= 0, x.isFinite, spec.kind != .probability || x <= 1 else {
                    throw ValueProblem.expected(spec.kind == .probability ? "a probability from 0 to 1" : "a number ≥ 0", node)
                }
                return x
            }
        } catch {
            throw ScenarioError(.file(file, line: error.line, column: error.column), path: spec.path, error.problem)
        }
    }

    private func error(_ node: JSONNode, path: String?, _ problem: InputProblem) -> ScenarioError {
        ScenarioError(.file(file, line: node.line, column: node.column), path: path, problem)
    }
}

extension PlatformUncertainty {
    /// The uncertainty a rendered scenario (`Scenario.renderedJSON()`, as kept in manifests and
    /// shard state) declares, if any.
    static func inRenderedScenario(_ text: String) -> PlatformUncertainty? {
        guard let root = try? JSON5.parse(text), let node = root[key: UncertainDecoder.key] else { return nil }
        return try? UncertainDecoder(index: ParameterIndex.shared, file: "scenario", defaultSeed: 0).decode(node)
    }

    /// The block as a scenario file writes it (what `renderedJSON` keeps).
    func renderedJSON() -> JSONValue {
        let figurePairs = figures.map { figure -> (String, JSONValue) in
            func value(_ x: Double) -> JSONValue {
                switch figure.kind {
                case .time, .optionalTime, .timeDistribution:
                    return ParameterRendering.json(.time(SimTimeRounding.microseconds(x)), kind: .time)
                case .size, .sizeDistribution: return ParameterRendering.json(.size(Int64(x.rounded())), kind: .size)
                default: return .number(x)
                }
            }
            let law: (String, [(String, JSONValue)])
            switch figure.law {
            case .uniform(let low, let high): law = ("uniform", [("low", value(low)), ("high", value(high))])
            case .normal(let mean, let sd): law = ("normal", [("mean", value(mean)), ("sd", value(sd))])
            case .lognormal(let median, let sigma): law = ("lognormal", [("median", value(median)), ("sigma", .number(sigma))])
            }
            return (figure.path, ParameterRendering.object([(law.0, ParameterRendering.object(law.1))]))
        }
        return ParameterRendering.object([("draws", .number(Double(draws))),
                                          ("seed", ParameterRendering.json(.seed(seed), kind: .seed)),
                                          ("parameters", ParameterRendering.object(figurePairs))])
    }
}

/// Seconds to whole microseconds.
enum SimTimeRounding {
    static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) }
}
