// Decoding one parameter's value from a JSON5 node by its kind (docs/scenarios.md):
// durations and sizes with units, probabilities, counts, choices, rates.
import SimKernel
import Surfaces
import SurfaceCore

/// A value that does not fit its parameter's kind, at a position in the file.
/// The caller adds the file and the parameter path (see `ScenarioError`).
public struct ValueProblem: Error, Sendable, Equatable {
    /// 1-based line of the offending value.
    public var line: Int
    /// 1-based column of the offending value.
    public var column: Int
    /// What was wrong.
    public var problem: InputProblem
    /// The nearest valid name, for a misspelled choice or key.
    public var suggestion: String?

    /// A problem at `node`.
    init(_ node: JSONNode, _ problem: InputProblem, suggestion: String? = nil) {
        (line, column, self.problem, self.suggestion) = (node.line, node.column, problem, suggestion)
    }

    /// `expected EXPECTATION, found <node>` at `node`.
    static func expected(_ expectation: String, _ node: JSONNode, suggestion: String? = nil) -> ValueProblem {
        ValueProblem(node, .expected(expectation, found: ValueDecoder.describe(node)), suggestion: suggestion)
    }
}

/// Turns JSON5 nodes into `ParameterValue`s, checking each against its `ParameterKind`.
public enum ValueDecoder {
    /// Decodes `node` as a value of `spec`'s kind within `spec`'s range.
    /// - Throws: `ValueProblem` locating the first bad (possibly nested) value.
    public static func decode(_ node: JSONNode, spec: ParameterSpec) throws(ValueProblem) -> ParameterValue {
        let value = try decode(node, kind: spec.kind)
        if case .distribution(let d) = value, let range = spec.range, range != spec.kind.defaultRange, !range.contains(d.mean) {
            // A random duration with a range of its own (a period that starts the next one) is
            // held to it by its mean: the rate its periods follow one another at.
            throw ValueProblem(node, .expected(describe(spec, range),
                                               found: describe(node) + (d.isConstant ? "" : " (mean \(Units.formatDuration(Time.fromSeconds(d.mean))))")))
        }
        guard let range = spec.range, let x = magnitude(value), !range.contains(x) else { return value }
        throw ValueProblem(node, .expected(describe(range, kind: spec.kind), found: describe(node)))
    }

    /// The number a range is checked against, in the parameter's natural unit.
    private static func magnitude(_ value: ParameterValue) -> Double? {
        switch value {
        case .number(let x): return x
        case .integer(let n): return Double(n)
        case .time(let t): return Double(t) / 1e6
        case .optionalTime(let t): return t.map { Double($0) / 1e6 }
        case .size(let b): return Double(b)
        case .rate(let r): return r.perHour
        case .bool, .seed, .distribution, .choice, .steps: return nil   // distributions check their numbers as they are read
        }
    }

    /// What `spec` accepts: `describe(range, kind:)`, and for a random duration with a range
    /// of its own, that its mean lies there.
    public static func describe(_ spec: ParameterSpec, _ range: ParameterRange) -> String {
        let text = describe(range, kind: spec.kind)
        return spec.kind == .timeDistribution && range != spec.kind.defaultRange ? "a distribution whose mean is " + text : text
    }

    /// "a whole number from 1 to 100", "a duration from 1s to 1000d", …
    public static func describe(_ range: ParameterRange, kind: ParameterKind) -> String {
        func n(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x) }
        func d(_ s: Double) -> String { Units.formatDuration(Int64((s * 1e6).rounded())) }
        let from = range.lowerExclusive ? "above" : "from"
        let to = range.lowerExclusive ? " and at most" : " to"
        switch kind {
        case .time, .optionalTime, .timeDistribution: return "a duration \(from) \(d(range.lower))\(to) \(d(range.upper))"
        case .size, .sizeDistribution:
            func b(_ x: Double) -> String { x == ParameterRange.largestSize ? "1TB" : "\(n(x))B" }
            return "a size \(from) \(b(range.lower))\(to) \(b(range.upper))"
        case .count: return "a whole number \(from) \(n(range.lower))\(to) \(n(range.upper))"
        case .rate: return "a rate \(from) \(n(range.lower))\(to) \(n(range.upper)) per hour"
        default: return "a number \(from) \(n(range.lower))\(to) \(n(range.upper))"
        }
    }

    /// Decodes `node` as a value of `kind`.
    /// - Throws: `ValueProblem` locating the first bad (possibly nested) value.
    public static func decode(_ node: JSONNode, kind: ParameterKind) throws(ValueProblem) -> ParameterValue {
        switch kind {
        case .bool:
            guard case .bool(let flag) = node.value else { throw .expected(kind.expectation, node) }
            return .bool(flag)
        case .probability:
            guard case .number(let x) = node.value, x >= 0, x <= 1 else { throw .expected(kind.expectation, node) }
            return .number(x)
        case .nonNegative:
            guard case .number(let x) = node.value, x >= 0, x.isFinite else { throw .expected(kind.expectation, node) }
            return .number(x)
        case .count:
            guard case .number(let x) = node.value, x >= 0, x <= 1e15, x == x.rounded() else {
                throw .expected(kind.expectation, node)
            }
            return .integer(Int(x))
        case .seed: return .seed(try seed(node, kind))
        case .time: return .time(try duration(node))
        case .optionalTime:
            if case .null = node.value { return .optionalTime(nil) }
            guard case .string(let text) = node.value, let t = Units.parseDuration(text) else {
                throw .expected(kind.expectation, node)
            }
            return .optionalTime(t)
        case .size: return .size(try size(node))
        case .timeDistribution: return .distribution(try DistributionDecoder.decode(node, quantity: .duration))
        case .sizeDistribution: return .distribution(try DistributionDecoder.decode(node, quantity: .size))
        case .rate: return .rate(try rate(node))
        case .choice(let names): return .choice(try choice(node, names, kind))
        case .steps(let names): return .steps(try steps(node, names, kind))
        }
    }

    /// A duration string with a unit, in microseconds.
    static func duration(_ node: JSONNode) throws(ValueProblem) -> SimTime {
        guard case .string(let text) = node.value, let t = Units.parseDuration(text) else {
            throw .expected(ParameterKind.time.expectation, node)
        }
        return t
    }

    /// A size string with a unit, in bytes.
    static func size(_ node: JSONNode) throws(ValueProblem) -> Int64 {
        guard case .string(let text) = node.value, let bytes = Units.parseSize(text) else {
            throw .expected(ParameterKind.size.expectation, node)
        }
        return bytes
    }

    /// A whole number 0…2⁵³ − 1 or a string of decimal digits up to 2⁶⁴ − 1.
    private static func seed(_ node: JSONNode, _ kind: ParameterKind) throws(ValueProblem) -> UInt64 {
        switch node.value {
        // A number literal from 2^53 on may already have been rounded by reading it as a double,
        // so larger seeds are written as strings of digits (nothing is silently changed).
        case .number(let x) where x >= 0 && x < 9_007_199_254_740_992 && x == x.rounded(): return UInt64(x)
        case .string(let text) where UInt64(text) != nil: return UInt64(text)!
        case .number(let x) where x >= 9_007_199_254_740_992 && x == x.rounded() && x < 1.8446744073709552e19:
            throw ValueProblem(node, .expected(kind.expectation, found: "a number too large to read exactly (\(describe(node)) as read)"))
        default: throw .expected(kind.expectation, node)
        }
    }

    /// One of `names`, with the nearest name suggested for a misspelling.
    private static func choice(_ node: JSONNode, _ names: [String], _ kind: ParameterKind) throws(ValueProblem) -> String {
        guard case .string(let text) = node.value else { throw .expected(kind.expectation, node) }
        guard names.contains(text) else {
            throw .expected(kind.expectation, node, suggestion: NameSuggestion.nearest(to: text, among: names))
        }
        return text
    }

    /// A list of distinct names from `names`.
    private static func steps(_ node: JSONNode, _ names: [String], _ kind: ParameterKind) throws(ValueProblem) -> [String] {
        guard case .array(let elements) = node.value else { throw .expected(kind.expectation, node) }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element.value, names.contains(text) else {
                let typed: String? = if case .string(let text) = element.value { text } else { nil }
                throw .expected("one of " + names.map { "\"\($0)\"" }.joined(separator: ", "), element,
                                suggestion: typed.flatMap { NameSuggestion.nearest(to: $0, among: names) })
            }
            guard !result.contains(text) else { throw .expected("each step at most once", element) }
            result.append(text)
        }
        return result
    }

    /// A number per hour, or `{perHour: n, profile: [24 weights]}`.
    static func rate(_ node: JSONNode) throws(ValueProblem) -> Rate {
        let expectation = ParameterKind.rate.expectation
        switch node.value {
        case .number(let x) where x >= 0 && x.isFinite: return Rate(perHour: x)
        case .object(let members):
            var perHour: Double?
            var profile: [Double] = []
            for member in members {
                switch member.key {
                case "perHour":
                    guard case .number(let x) = member.value.value, x >= 0, x.isFinite else {
                        throw .expected("a number ≥ 0", member.value)
                    }
                    perHour = x
                case "profile": profile = try hourlyProfile(member.value)
                default:
                    let allowed = ["perHour", "profile"]
                    throw ValueProblem(JSONNode(value: .null, line: member.keyLine, column: member.keyColumn),
                                       .unknownKey(member.key, allowed: allowed),
                                       suggestion: NameSuggestion.nearest(to: member.key, among: allowed))
                }
            }
            guard let perHour else { throw .expected(expectation, node) }
            return Rate(perHour: perHour, profile: profile)
        default: throw .expected(expectation, node)
        }
    }

    /// 24 hourly weights ≥ 0, not all zero.
    private static func hourlyProfile(_ node: JSONNode) throws(ValueProblem) -> [Double] {
        let expectation = "24 hourly weights ≥ 0, not all zero"
        guard case .array(let elements) = node.value, elements.count == 24 else { throw .expected(expectation, node) }
        var weights: [Double] = []
        for element in elements {
            guard case .number(let x) = element.value, x >= 0, x.isFinite else { throw .expected("a weight ≥ 0", element) }
            weights.append(x)
        }
        guard weights.contains(where: { $0 > 0 }) else { throw .expected(expectation, node) }
        // The weights are normalised by their sum: a sum beyond the largest double would make them all 0.
        guard weights.reduce(0, +).isFinite else { throw .expected("hourly weights whose sum is a finite number", node) }
        return weights
    }

    /// A short rendering of a node for "found ...": scalars as written in JSON,
    /// small arrays and objects in full, large ones by kind.
    public static func describe(_ node: JSONNode) -> String {
        let text = node.render()
        switch node.value {
        case .number(let x) where !x.isFinite: return x.isNaN ? "NaN" : x < 0 ? "-Infinity" : "Infinity"
        case .array, .object: return text.unicodeScalars.count <= 60 ? text : node.value.kindName
        default: return ScenarioError.shorten(text)
        }
    }
}
