import SimKernel

/// What kind of value a parameter takes; the study layer decodes and validates by it.
public enum ParameterKind: Sendable, Equatable {
    case bool
    /// A number in [0, 1].
    case probability
    /// A real number ≥ 0.
    case nonNegative
    /// A whole number ≥ 0.
    case count
    /// A 64-bit seed.
    case seed
    /// A duration with a unit ("15m").
    case time
    /// A duration, or null for "never".
    case optionalTime
    /// A size with a unit ("120MB").
    case size
    /// A random duration: a duration string or a distribution object in seconds.
    case timeDistribution
    /// A random size: a size string or a distribution object in bytes.
    case sizeDistribution
    /// A rate: a number per hour, or `{perHour: n, profile: [24 weights]}`.
    case rate
    /// One of a closed list of names.
    case choice([String])
    /// A set of names from a closed list.
    case steps([String])

    /// What a valid value looks like, for error messages and help.
    public var expectation: String {
        switch self {
        case .bool: return "true or false"
        case .probability: return "a probability between 0 and 1"
        case .nonNegative: return "a number ≥ 0"
        case .count: return "a whole number ≥ 0"
        case .seed: return "a whole number ≥ 0 (from 2^53 on, as a string of digits: \"9007199254740993\")"
        case .time: return "a duration with a unit (e.g. \"250ms\", \"30s\", \"15m\", \"2h\", \"1d\")"
        case .optionalTime: return "a duration with a unit, or null"
        case .size: return "a size with a unit (e.g. \"512KB\", \"120MB\")"
        case .timeDistribution: return "a duration or a distribution ({exponential: {mean: \"2m\"}}, uniform, lognormal, normal, empirical)"
        case .sizeDistribution: return "a size or a distribution of sizes ({lognormal: {median: \"2MB\", sigma: 1.5}}, ...)"
        case .rate: return "a number per hour, or {perHour: n, profile: [24 hourly weights]}"
        case .choice(let names): return "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        case .steps(let names): return "a list of steps from " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}

/// The values a parameter accepts, in its natural unit: seconds for durations (and the
/// defining numbers of a random duration), bytes for sizes, per hour for rates, the
/// number itself otherwise. Every parameter has one, checked before anything runs, so no
/// accepted value can overflow the clock, exhaust memory or loop (docs/parameters.md).
public struct ParameterRange: Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    /// The lower end itself is refused (a timer that re-arms itself must be above 0).
    public var lowerExclusive: Bool

    public init(_ lower: Double, _ upper: Double, lowerExclusive: Bool = false) {
        (self.lower, self.upper, self.lowerExclusive) = (lower, upper, lowerExclusive)
    }

    /// Whether `x` is accepted.
    public func contains(_ x: Double) -> Bool {
        x.isFinite && (lowerExclusive ? x > lower : x >= lower) && x <= upper
    }

    /// The longest duration any parameter accepts: 1000 days, far inside the clock's range
    /// (integer microseconds), so sums of a few durations never overflow.
    public static let longestDuration = 1000.0 * 86_400
    /// The largest size any parameter accepts: 1 TB (2⁴⁰ bytes, as "1TB" reads).
    public static let largestSize = 1_099_511_627_776.0
}

extension ParameterKind {
    /// The range a parameter of this kind accepts unless it declares its own.
    public var defaultRange: ParameterRange? {
        switch self {
        case .probability: return ParameterRange(0, 1)
        case .nonNegative: return ParameterRange(0, 86_400)          // at most one a second, per day
        case .count: return ParameterRange(0, 1_000_000)
        case .time, .optionalTime, .timeDistribution: return ParameterRange(0, ParameterRange.longestDuration)
        case .size, .sizeDistribution: return ParameterRange(0, ParameterRange.largestSize)
        case .rate: return ParameterRange(0, 3_600)                 // at most one a second
        case .bool, .seed, .choice, .steps: return nil
        }
    }
}

/// A decoded parameter value.
public enum ParameterValue: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case seed(UInt64)
    case time(SimTime)
    case optionalTime(SimTime?)
    case size(Int64)
    case distribution(Distribution)
    case rate(Rate)
    case choice(String)
    case steps([String])
}

/// One parameter: its dotted path (docs/scenarios.md), kind, meaning and default, and how to read
/// and write it in `Parameters`.
public struct ParameterSpec {
    public let path: String
    public let kind: ParameterKind
    public let doc: String
    public let get: (Parameters) -> ParameterValue
    public let set: (inout Parameters, ParameterValue) -> Void
    /// A range of its own, narrower or wider than its kind's.
    var ownRange: ParameterRange? = nil
    /// A parameter of a surface added from outside (`ParameterSpec.added`), kept in
    /// `Parameters.addedValues` rather than in a field of its own.
    var isAdded = false
    /// Where its default comes from on every profile, unless `profileSources` says otherwise
    /// (`ParameterSource`; set by `sourced`, `assumed`, `design` or `scenario`).
    var defaultSource: ParameterSource? = nil
    /// Where its default comes from on a profile that sets a default of its own.
    var profileSources: [PlatformProfile: ParameterSource] = [:]

    /// The values it accepts (nil: any value of its kind).
    public var range: ParameterRange? { ownRange ?? kind.defaultRange }

    /// The same parameter accepting `lower…upper` (in its natural unit).
    func within(_ lower: Double, _ upper: Double, lowerExclusive: Bool = false) -> ParameterSpec {
        var s = self
        s.ownRange = ParameterRange(lower, upper, lowerExclusive: lowerExclusive)
        return s
    }
}
