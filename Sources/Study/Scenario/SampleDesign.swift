// A sampled sweep (docs/scenarios.md#sampled-sweeps): `sweep: {sample: {method, points,
// seed, ranges}}`. The design is a pure function of these, so the points a study runs
// and the sensitivity it reports can be rebuilt from the scenario alone (shards, merge).
import SimKernel
import Surfaces
import SurfaceCore

/// How a sampled sweep places its points.
public enum SampleMethod: String, Sendable, CaseIterable {
    /// A Latin hypercube: `points` points, each parameter's range cut into `points`
    /// equal strata with one point in each.
    case lhs
    /// Morris trajectories: `points` trajectories of k + 1 points each on a 4-level grid,
    /// each step moving one parameter by 2/3 of its range.
    case morris
}

/// One sampled parameter and the region it is sampled in.
public struct SampleRange: Sendable, Equatable {
    /// The parameter path.
    public var path: String
    /// Its kind (it decides rounding: whole numbers, microseconds, bytes).
    public var kind: ParameterKind
    /// The range's ends as written (for rendering the scenario back).
    public var lowValue: ParameterValue, highValue: ParameterValue
    /// The range's ends in the parameter's natural unit (seconds, bytes, per hour, the number).
    public var low: Double, high: Double

    /// The value at fraction `u` of the range, rounded as the kind stores it (a whole
    /// number, whole microseconds, whole bytes); a rate keeps `profile`.
    public func value(at u: Double, profile: [Double] = []) -> ParameterValue {
        let x = Swift.min(high, Swift.max(low, low + u * (high - low)))
        switch kind {
        case .count: return .integer(Int(x.rounded()))
        case .time: return .time(SimTime((x * 1e6).rounded()))
        case .optionalTime: return .optionalTime(SimTime((x * 1e6).rounded()))
        case .size: return .size(Int64(x.rounded()))
        case .rate: return .rate(Rate(perHour: x, profile: profile))
        default: return .number(x)
        }
    }

    /// Where `value` lies in the range, from 0 (low) to 1 (high): the scaled value the
    /// effects are computed on (after rounding, so a whole-number parameter's real step counts).
    public func fraction(of value: ParameterValue) -> Double {
        (Self.magnitude(of: value) - low) / (high - low)
    }

    /// A sampleable value in its natural unit (seconds, bytes, per hour, the number).
    public static func magnitude(of value: ParameterValue) -> Double {
        switch value {
        case .integer(let n): return Double(n)
        case .time(let t): return Double(t) / 1e6
        case .optionalTime(let t): return Double(t ?? 0) / 1e6
        case .size(let b): return Double(b)
        case .rate(let r): return r.perHour
        case .number(let v): return v
        default: return .nan
        }
    }

    /// Whether a parameter of `kind` can be sampled: it has a numeric range.
    public static func isSampleable(_ kind: ParameterKind) -> Bool {
        switch kind {
        case .probability, .nonNegative, .count, .time, .optionalTime, .size, .rate: return true
        default: return false
        }
    }
}

/// A sampled sweep: the method, the number of points (LHS) or trajectories (Morris),
/// the seed of the design, and the region.
public struct SampleDesign: Sendable, Equatable {
    /// Latin hypercube or Morris.
    public var method: SampleMethod
    /// Points (LHS) or trajectories r (Morris, which runs r·(k + 1) points).
    public var count: Int
    /// The seed the design (and the bootstrap of Morris effects) draws from.
    public var seed: UInt64
    /// The sampled parameters, in file order.
    public var ranges: [SampleRange]

    /// Creates a design.
    public init(method: SampleMethod, count: Int, seed: UInt64, ranges: [SampleRange]) {
        (self.method, self.count, self.seed, self.ranges) = (method, count, seed, ranges)
    }

    /// The number of points the study runs.
    public var pointCount: Int {
        method == .lhs ? count : count * (ranges.count + 1)
    }

    /// The nominal coordinates of every point in [0, 1]^k, in run order (before rounding).
    public func unitPoints() -> [[Double]] {
        switch method {
        case .lhs: return LatinHypercube.points(count, dimensions: ranges.count, seed: seed)
        case .morris: return MorrisDesign.points(trajectories: count, dimensions: ranges.count, seed: seed)
        }
    }

    /// The assignments of every point, in run order; a sampled rate keeps the hourly
    /// profile `base` gives it.
    public func assignments(base: Parameters) -> [[Assignment]] {
        let index = ParameterIndex.shared
        return unitPoints().map { u in
            zip(ranges, u).map { range, x in
                var profile: [Double] = []
                if case .rate(let r)? = index[range.path]?.get(base) { profile = r.profile }
                return Assignment(path: range.path, value: range.value(at: x, profile: profile))
            }
        }
    }

    /// The scaled coordinates each point actually ran with (after rounding), in run order.
    public func realizedPoints() -> [[Double]] {
        unitPoints().map { u in zip(ranges, u).map { range, x in range.fraction(of: range.value(at: x)) } }
    }
}
