import SimKernel

/// The values of an added surface's parameters in one replication
/// (docs/extending.md#parameters): what the scenario and `--set` gave, else the declared
/// defaults. Reading a path the surface did not declare, or as another kind, stops the program.
public struct SurfaceParameters: Sendable {
    private let values: [String: ParameterValue]

    /// The values of the parameters `specs` (the surface's own, `ParameterSpec.added`) at a
    /// point with parameters `p` (`ProgramSetup.parameters`).
    public init(_ specs: [ParameterSpec], of p: Parameters) {
        var values: [String: ParameterValue] = [:]
        for spec in specs { values[spec.path] = spec.get(p) }
        self.values = values
    }

    /// The value at `path`, as decoded.
    public func value(_ path: String) -> ParameterValue {
        guard let v = values[path] else { preconditionFailure("'\(path)' is not a parameter of this surface") }
        return v
    }

    /// An on/off parameter.
    public func bool(_ path: String) -> Bool {
        if case .bool(let b) = value(path) { return b }
        preconditionFailure("'\(path)' is not a bool")
    }
    /// A probability or a real number ≥ 0.
    public func number(_ path: String) -> Double {
        if case .number(let x) = value(path) { return x }
        preconditionFailure("'\(path)' is not a number")
    }
    /// A whole number ≥ 0.
    public func count(_ path: String) -> Int {
        if case .integer(let x) = value(path) { return x }
        preconditionFailure("'\(path)' is not a count")
    }
    /// A duration, in simulated microseconds.
    public func time(_ path: String) -> SimTime {
        if case .time(let t) = value(path) { return t }
        preconditionFailure("'\(path)' is not a time")
    }
    /// A random duration or size (its numbers in seconds or bytes).
    public func distribution(_ path: String) -> Distribution {
        if case .distribution(let d) = value(path) { return d }
        preconditionFailure("'\(path)' is not a distribution")
    }
    /// A rate per hour with its hourly profile.
    public func rate(_ path: String) -> Rate {
        if case .rate(let r) = value(path) { return r }
        preconditionFailure("'\(path)' is not a rate")
    }
    /// One name of a closed list.
    public func choice(_ path: String) -> String {
        if case .choice(let c) = value(path) { return c }
        preconditionFailure("'\(path)' is not a choice")
    }
}
