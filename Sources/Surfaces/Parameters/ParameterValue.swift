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

/// One parameter: its dotted path (SPEC §4.1), kind, meaning and default, and how to read
/// and write it in `Parameters`.
public struct ParameterSpec {
    public let path: String
    public let kind: ParameterKind
    public let doc: String
    public let get: (Parameters) -> ParameterValue
    public let set: (inout Parameters, ParameterValue) -> Void
}
