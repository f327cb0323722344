// Parameter values written back out: as scenario JSON (manifest.json, shard
// state; decoding it gives the same value), as a CSV field (times in seconds),
// and as a short label for plots.
import SimKernel
import Surfaces
import SurfaceCore

/// Renders `ParameterValue`s for files and plots.
public enum ParameterRendering {
    /// The value as it would be written in a scenario file: durations and sizes
    /// with units (`"15m"`, `"120MB"`), distributions as objects.
    public static func json(_ value: ParameterValue, kind: ParameterKind) -> JSONValue {
        switch value {
        case .bool(let b): return .bool(b)
        case .number(let x): return .number(x)
        case .integer(let n): return .number(Double(n))
        case .seed(let s): return s < 1 << 53 ? .number(Double(s)) : .string(String(s))
        case .time(let t): return .string(Units.formatDuration(t))
        case .optionalTime(let t): return t.map { .string(Units.formatDuration($0)) } ?? .null
        case .size(let bytes): return .string(formatSize(bytes))
        case .distribution(let d): return distribution(d, sizes: kind == .sizeDistribution)
        case .rate(let r):
            if r.profile.isEmpty { return .number(r.perHour) }
            return object([("perHour", .number(r.perHour)), ("profile", .array(r.profile.map { node(.number($0)) }))])
        case .choice(let name): return .string(name)
        case .steps(let names): return .array(names.map { node(.string($0)) })
        }
    }

    /// The value as a CSV field: times in seconds, sizes in bytes, numbers via
    /// `CSVNumber`, names as they are; a distribution as its form and parameters in those
    /// units (`0.1` for a constant 100ms, `exponential mean=60`, `lognormal median=0.15
    /// sigma=0.6`); a rate with a profile as `perHour=N profile=w1 … w24`.
    public static func csvField(_ value: ParameterValue, kind: ParameterKind) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .number(let x): return CSVNumber.format(x)
        case .integer(let n): return String(n)
        case .seed(let s): return String(s)
        case .time(let t): return CSVNumber.format(Time.seconds(t))
        case .optionalTime(let t): return t.map { CSVNumber.format(Time.seconds($0)) } ?? ""
        case .size(let bytes): return String(bytes)
        case .rate(let r) where r.profile.isEmpty: return CSVNumber.format(r.perHour)
        case .choice(let name): return name
        case .steps(let names): return names.joined(separator: " ")
        case .distribution(let d): return csvField(d, sizes: kind == .sizeDistribution)
        case .rate(let r): return "perHour=" + CSVNumber.format(r.perHour) + " profile=" + r.profile.map(CSVNumber.format).joined(separator: " ")
        }
    }

    /// A distribution as a CSV field, in seconds (or bytes for sizes).
    private static func csvField(_ d: Distribution, sizes: Bool) -> String {
        func q(_ x: Double) -> String { sizes ? String(Int64(x.rounded())) : CSVNumber.format(x) }
        switch d {
        case .constant(let c): return q(c)
        case .exponential(let mean): return "exponential mean=" + q(mean)
        case .uniform(let low, let high): return "uniform low=\(q(low)) high=\(q(high))"
        case .lognormal(let mu, let sigma): return "lognormal median=\(q(Math.exp(mu))) sigma=" + CSVNumber.format(sigma)
        case .normal(let mean, let sd): return "normal mean=\(q(mean)) sd=\(q(sd))"
        case .empirical(let values): return "empirical " + values.map(q).joined(separator: " ")
        }
    }

    /// A size with the largest binary unit that divides it exactly (`"120MB"`, `"1536B"`).
    public static func formatSize(_ bytes: Int64) -> String {
        if bytes == 0 { return "0B" }
        for (suffix, unit) in [("TB", Int64(1_099_511_627_776)), ("GB", 1_073_741_824), ("MB", 1_048_576), ("KB", 1_024)]
        where bytes % unit == 0 {
            return String(bytes / unit) + suffix
        }
        return String(bytes) + "B"
    }

    /// A distribution as a scenario object.
    private static func distribution(_ d: Distribution, sizes: Bool) -> JSONValue {
        func q(_ x: Double) -> JSONValue {
            sizes ? .string(formatSize(Int64(x.rounded()))) : .string(Units.formatDuration(Time.fromSeconds(x)))
        }
        switch d {
        case .constant(let c): return q(c)
        case .exponential(let mean): return object([("exponential", object([("mean", q(mean))]))])
        case .uniform(let low, let high): return object([("uniform", object([("low", q(low)), ("high", q(high))]))])
        case .lognormal(let mu, let sigma):
            return object([("lognormal", object([("median", q(Math.exp(mu))), ("sigma", .number(sigma))]))])
        case .normal(let mean, let sd): return object([("normal", object([("mean", q(mean)), ("sd", q(sd))]))])
        case .empirical(let values): return object([("empirical", .array(values.map { node(q($0)) }))])
        }
    }

    /// A node without a source position.
    static func node(_ value: JSONValue) -> JSONNode { JSONNode(value: value, line: 0, column: 0) }

    /// An object from ordered pairs.
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, keyLine: 0, keyColumn: 0, value: node($0.1)) })
    }
}

extension Scenario {
    /// The scenario after overrides as a scenario object: name, description,
    /// every parameter path with its value (catalogue order), and the sweep.
    /// When the sweep sets `platform`, only the values the file and `--set` gave are
    /// written (each point's profile supplies the rest). Decoding its rendering gives the
    /// same scenario.
    public func renderedJSON() -> JSONValue {
        let index = ParameterIndex.shared
        var pairs: [(String, JSONValue)] = [("name", .string(name)), ("description", .string(description))]
        for spec in index.specs {
            if sweepsPlatform {
                guard let given = explicit.last(where: { $0.path == spec.path }) else { continue }
                pairs.append((spec.path, ParameterRendering.json(given.value, kind: spec.kind)))
            } else {
                pairs.append((spec.path, ParameterRendering.json(spec.get(base), kind: spec.kind)))
            }
        }
        if let sample = sweep.sample {
            pairs.append(("sweep", ParameterRendering.object([("sample", sample.renderedJSON())])))
        } else if !sweep.axes.isEmpty {
            pairs.append(("sweep", ParameterRendering.object(sweep.axes.map { axis in
                let kind = index[axis.path]!.kind
                return (axis.path, .array(axis.values.map { ParameterRendering.node(ParameterRendering.json($0, kind: kind)) }))
            })))
        } else if sweep.isNamed {
            let points: [JSONNode] = sweep.unexpandedPoints.map { point in
                let set = ParameterRendering.object(point.assignments.map { a in
                    (a.path, ParameterRendering.json(a.value, kind: index[a.path]!.kind))
                })
                return ParameterRendering.node(ParameterRendering.object([("name", .string(point.name)), ("set", set)]))
            }
            pairs.append(("sweep", ParameterRendering.object([("points", .array(points))])))
        }
        if let uncertain = sweep.uncertain {
            pairs.append((UncertainDecoder.key, uncertain.renderedJSON()))
        }
        if let b = baseline {
            let point = sweep.unexpandedPoints[b]
            pairs.append((BaselineDecoder.path, sweep.isNamed ? .string(point.name) : ParameterRendering.object(point.assignments.map { a in
                (a.path, ParameterRendering.json(a.value, kind: index[a.path]!.kind))
            })))
        }
        if let report {
            pairs.append((ReportDecoder.path, .array(report.map { ParameterRendering.node(.string($0.spec.name)) })))
        }
        if let series { pairs.append((SeriesDecoder.path, SeriesDecoder.rendered(series))) }
        return ParameterRendering.object(pairs)
    }
}

extension SampleDesign {
    /// The design as a scenario's `sample` object: method, points, seed, and each range
    /// in its parameter's own syntax.
    public func renderedJSON() -> JSONValue {
        let seedValue = ParameterRendering.json(.seed(seed), kind: .seed)
        let rangePairs = ranges.map { r -> (String, JSONValue) in
            (r.path, .array([ParameterRendering.node(ParameterRendering.json(r.lowValue, kind: r.kind)),
                             ParameterRendering.node(ParameterRendering.json(r.highValue, kind: r.kind))]))
        }
        return ParameterRendering.object([("method", .string(method.rawValue)), ("points", .number(Double(count))),
                                          ("seed", seedValue), ("ranges", ParameterRendering.object(rangePairs))])
    }
}
