// What a study does not know about the platform (docs/scenarios.md#platform-uncertainty):
// `uncertain: {draws: 40, parameters: {"push.wakeRefusal": {uniform: {low: 0.1, high: 0.5}}}}`
// or `run --platform-uncertainty`, which takes every assumed figure's plausible range
// (docs/platform-facts.md#where-each-default-comes-from). The study becomes a two-level Monte
// Carlo: each sweep point runs once per outer draw of the uncertain figures, with the same
// replication seeds in every draw.
import Statistics
import SimKernel
import Surfaces
import SurfaceCore

/// One figure the study treats as uncertain, and the law of what it could be.
public struct UncertainFigure: Sendable, Equatable {
    /// How the figure is distributed, in its parameter's natural unit (seconds, bytes, per hour,
    /// the number; for a distribution parameter, its typical value: a lognormal's median, an
    /// exponential's mean).
    public enum Law: Sendable, Equatable {
        case uniform(low: Double, high: Double)
        case normal(mean: Double, sd: Double)
        case lognormal(median: Double, sigma: Double)
    }

    /// The parameter path.
    public var path: String
    /// Its kind (it decides how a drawn number becomes a value).
    public var kind: ParameterKind
    /// The law of the figure.
    public var law: Law

    /// The figure at quantile `u` of its law (0 < u < 1), never below 0, and at most 1 for a
    /// probability.
    public func magnitude(at u: Double) -> Double {
        let x: Double
        switch law {
        case .uniform(let low, let high): x = low + u * (high - low)
        case .normal(let mean, let sd): x = mean + sd * NormalDistribution.quantile(u)
        case .lognormal(let median, let sigma): x = median * Math.exp(sigma * NormalDistribution.quantile(u))
        }
        return kind == .probability ? Swift.min(1, Swift.max(0, x)) : Swift.max(0, x)
    }

    /// The parameter's value at quantile `u`: a number, duration, size or rate as the kind
    /// stores it; a distribution parameter's default (from `base`) scaled so its typical value
    /// is the drawn one; a rate keeps its hourly profile.
    public func value(at u: Double, base: Parameters) -> ParameterValue {
        let x = magnitude(at: u)
        let current = ParameterIndex.shared[path]?.get(base)
        switch (kind, current) {
        case (.timeDistribution, .distribution(let d)?), (.sizeDistribution, .distribution(let d)?):
            let typical = UncertainFigure.typical(d)
            return .distribution(typical > 0 ? d.scaled(by: x / typical) : d)
        case (.rate, .rate(let r)?): return .rate(Rate(perHour: x, profile: r.profile))
        case (.count, _): return .integer(Int(x.rounded()))
        case (.time, _): return .time(SimTime((x * 1e6).rounded()))
        case (.optionalTime, _): return .optionalTime(SimTime((x * 1e6).rounded()))
        case (.size, _): return .size(Int64(x.rounded()))
        default: return .number(x)
        }
    }

    /// A distribution's typical value: a lognormal's median, otherwise its mean.
    static func typical(_ d: Distribution) -> Double {
        switch d {
        case .constant(let c): return c
        case .exponential(let mean): return mean
        case .uniform(let low, let high): return (low + high) / 2
        case .lognormal(let mu, _): return Math.exp(mu)
        case .normal(let mean, _): return mean
        case .empirical(let values): return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        }
    }

    /// Whether a parameter of `kind` can be uncertain: a number, duration, size or rate, or a
    /// distribution of durations or sizes (through its typical value).
    static func isAllowed(_ kind: ParameterKind) -> Bool {
        SampleRange.isSampleable(kind) || kind == .timeDistribution || kind == .sizeDistribution
    }
}

/// The uncertain figures of a study and how many outer draws it makes of them.
public struct PlatformUncertainty: Sendable, Equatable {
    /// Outer draws when the scenario gives no number.
    public static let defaultDraws = 40
    /// The fewest outer draws: the drivers' first-order indices need two draws per bin of four.
    public static let fewestDraws = 8
    /// The number of outer draws.
    public var draws: Int
    /// The seed of the outer design (the scenario's unless given).
    public var seed: UInt64
    /// The uncertain figures, in file order.
    public var figures: [UncertainFigure]

    public init(draws: Int, seed: UInt64, figures: [UncertainFigure]) {
        (self.draws, self.seed, self.figures) = (draws, seed, figures)
    }

    /// Each draw's quantiles of every figure: a Latin hypercube, so each figure's law is cut into
    /// `draws` equal-probability strata with one draw in each.
    public func unitDraws() -> [[Double]] {
        LatinHypercube.points(draws, dimensions: figures.count, seed: seed)
    }

    /// The figures' values in each draw, as assignments on top of `base`.
    public func assignments(base: Parameters) -> [[Assignment]] {
        unitDraws().map { u in zip(figures, u).map { Assignment(path: $0.path, value: $0.value(at: $1, base: base)) } }
    }

    /// Each draw's figures in their natural unit (the inputs of the drivers' indices).
    public func magnitudes() -> [[Double]] {
        unitDraws().map { u in zip(figures, u).map { $0.magnitude(at: $1) } }
    }

    /// Every assumed figure of `profile` (docs/platform-facts.md#where-each-default-comes-from),
    /// uniform over its plausible range: what `--platform-uncertainty` treats as unknown. Only
    /// figures a study can set are taken (study-wide settings are never assumed), and none of a
    /// surface `base` turns off.
    public static func assumedFigures(of profile: PlatformProfile, base: Parameters) -> [UncertainFigure] {
        let index = ParameterIndex.shared
        return index.specs.compactMap { spec in
            // A figure of a surface the study turns off changes nothing.
            let surface = spec.path.split(separator: ".").first.map(String.init) ?? ""
            if case .bool(false)? = index[surface + ".enabled"]?.get(base) { return nil }
            guard case .assumed(let range, _)? = spec.source(on: profile), isAllowedPath(spec),
                  let low = magnitude(range.low, spec.kind), let high = magnitude(range.high, spec.kind), low < high else { return nil }
            return UncertainFigure(path: spec.path, kind: spec.kind, law: .uniform(low: low, high: high))
        }
    }

    private static func isAllowedPath(_ spec: ParameterSpec) -> Bool {
        UncertainFigure.isAllowed(spec.kind) && !ParameterIndex.studyWide.contains(spec.path)
    }

    /// A plausible range's end, written as a scenario writes the parameter, in its natural unit.
    static func magnitude(_ text: String, _ kind: ParameterKind) -> Double? {
        switch kind {
        case .time, .optionalTime, .timeDistribution: return Units.parseDuration(text).map { Double($0) / 1e6 }
        case .size, .sizeDistribution: return Units.parseSize(text).map(Double.init)
        default: return Double(text)
        }
    }
}

/// `run --platform-uncertainty [--draws n]`: treat every assumed figure as uncertain.
public struct UncertaintyRequest: Sendable, Equatable {
    /// Outer draws (nil: the scenario's `uncertain.draws`, else `PlatformUncertainty.defaultDraws`).
    public var draws: Int?
    public init(draws: Int? = nil) { self.draws = draws }
}
