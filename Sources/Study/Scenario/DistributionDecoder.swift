// Random quantities in scenario files (docs/scenarios.md): a bare duration or size, or
// {constant|exponential|uniform|lognormal|normal|empirical: ...}.
import SimKernel
import Surfaces
import SurfaceCore

/// Decodes distributions of durations (to seconds) or sizes (to bytes).
enum DistributionDecoder {
    /// What the distribution's values are.
    enum Quantity {
        case duration, size

        /// The kind whose expectation describes the whole value.
        var kind: ParameterKind { self == .duration ? .timeDistribution : .sizeDistribution }
        /// The kind whose expectation describes one value.
        var scalarKind: ParameterKind { self == .duration ? .time : .size }
    }

    /// The distribution names, in the order error messages list them.
    static let names = ["constant", "exponential", "uniform", "lognormal", "normal", "empirical"]

    /// Decodes a distribution node.
    static func decode(_ node: JSONNode, quantity: Quantity) throws(ValueProblem) -> Distribution {
        if case .string = node.value { return .constant(try value(node, quantity)) }
        guard case .object(let members) = node.value, members.count == 1, let member = members.first else {
            throw .expected(quantity.kind.expectation, node)
        }
        let body = member.value
        switch member.key {
        case "constant": return .constant(try value(body, quantity))
        case "exponential":
            let fields = try object(body, allowed: ["mean"], required: ["mean"], form: "exponential with \"mean\"")
            return .exponential(mean: try value(fields["mean"]!, quantity))
        case "uniform":
            let fields = try object(body, allowed: ["low", "high"], required: ["low", "high"], form: "uniform with \"low\" and \"high\"")
            let low = try value(fields["low"]!, quantity)
            let high = try value(fields["high"]!, quantity)
            guard low <= high else { throw .expected("\"high\" at least \"low\"", fields["high"]!) }
            return .uniform(low: low, high: high)
        case "lognormal": return try lognormal(body, quantity)
        case "normal":
            let fields = try object(body, allowed: ["mean", "sd"], required: ["mean", "sd"], form: "normal with \"mean\" and \"sd\"")
            return .normal(mean: try value(fields["mean"]!, quantity), sd: try value(fields["sd"]!, quantity))
        case "empirical":
            guard case .array(let elements) = body.value, !elements.isEmpty else {
                throw .expected("a non-empty list of values", body)
            }
            var values: [Double] = []
            for element in elements { values.append(try value(element, quantity)) }
            return .empirical(values)
        default:
            throw ValueProblem(JSONNode(value: .null, line: member.keyLine, column: member.keyColumn),
                               .expected("a distribution (" + names.joined(separator: ", ") + ")", found: "'\(member.key)'"),
                               suggestion: NameSuggestion.nearest(to: member.key, among: names))
        }
    }

    /// `{median, sigma}`, `{median, p95}`, or `{median}` alone (sigma
    /// `Distribution.defaultLognormalSigma`, 0.6: p95 ≈ 2.7 × median).
    private static func lognormal(_ body: JSONNode, _ quantity: Quantity) throws(ValueProblem) -> Distribution {
        let form = "lognormal with \"median\", and \"sigma\" or \"p95\" (or neither)"
        let fields = try object(body, allowed: ["median", "sigma", "p95"], required: ["median"], form: form)
        let medianNode = fields["median"]!
        let median = try value(medianNode, quantity)
        guard median > 0 else { throw .expected("a median above 0", medianNode) }
        switch (fields["sigma"], fields["p95"]) {
        case (let sigmaNode?, nil):
            guard case .number(let sigma) = sigmaNode.value, sigma >= 0, sigma <= 5 else {
                throw .expected("a number from 0 to 5", sigmaNode)
            }
            return .lognormal(median: median, sigma: sigma)
        case (nil, let p95Node?):
            let p95 = try value(p95Node, quantity)
            guard p95 > median else { throw .expected("a p95 above the median", p95Node) }
            return .lognormal(median: median, p95: p95)
        case (nil, nil):
            return .lognormal(median: median)
        default: throw .expected(form, body)
        }
    }

    /// The members of an object, checked against allowed and required keys.
    private static func object(_ node: JSONNode, allowed: [String], required: [String],
                               form: String) throws(ValueProblem) -> [String: JSONNode] {
        guard case .object(let members) = node.value else { throw .expected(form, node) }
        var fields: [String: JSONNode] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                throw ValueProblem(JSONNode(value: .null, line: member.keyLine, column: member.keyColumn),
                                   .unknownKey(member.key, allowed: allowed),
                                   suggestion: NameSuggestion.nearest(to: member.key, among: allowed))
            }
            fields[member.key] = member.value
        }
        for key in required where fields[key] == nil { throw .expected(form, node) }
        return fields
    }

    /// One value: a duration in seconds or a size in bytes, within what any parameter
    /// accepts (so no draw's typical value can overflow the clock).
    private static func value(_ node: JSONNode, _ quantity: Quantity) throws(ValueProblem) -> Double {
        switch quantity {
        case .duration:
            let t = try ValueDecoder.duration(node)
            guard Double(t) / 1e6 <= ParameterRange.longestDuration else {
                throw .expected("a duration from 0s to \(Units.formatDuration(Int64(ParameterRange.longestDuration) * Time.second))", node)
            }
            return Time.seconds(t)
        case .size:
            let bytes = try ValueDecoder.size(node)
            guard Double(bytes) <= ParameterRange.largestSize else { throw .expected("a size from 0B to 1TB", node) }
            return Double(bytes)
        }
    }
}
