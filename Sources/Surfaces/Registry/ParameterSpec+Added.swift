/// The parameters of surfaces added from outside (docs/extending.md#parameters): entries of the
/// same catalogue as the built-in ones, so scenario files, `--set`, sweeps, range checks,
/// `help parameters` and "did you mean" treat them alike; their values live in
/// `Parameters.addedValues`.
extension ParameterSpec {
    /// A parameter at `path` (`speaker.refreshInterval`) of `kind`, worth `value` unless a
    /// scenario sets it, accepting `range` (in its natural unit: seconds, bytes, per hour;
    /// nil: its kind's default range).
    public static func added(_ path: String, kind: ParameterKind, default value: ParameterValue, _ doc: String,
                             range: ParameterRange? = nil) -> ParameterSpec {
        precondition(value.fits(kind), "the default of \(path) is not \(kind.expectation)")
        var spec = ParameterSpec(path: path, kind: kind, doc: doc, get: { $0.addedValues[path] ?? value },
                                 set: { p, v in if v.fits(kind) { p.addedValues[path] = v } })
        spec.ownRange = range
        spec.isAdded = true
        return spec
    }
}

extension ParameterValue {
    /// Whether this is a value of a parameter of `kind`.
    func fits(_ kind: ParameterKind) -> Bool {
        switch (self, kind) {
        case (.bool, .bool), (.number, .probability), (.number, .nonNegative), (.integer, .count), (.seed, .seed),
             (.time, .time), (.optionalTime, .optionalTime), (.size, .size), (.distribution, .timeDistribution),
             (.distribution, .sizeDistribution), (.rate, .rate): return true
        case (.choice(let name), .choice(let names)): return names.contains(name)
        case (.steps(let chosen), .steps(let names)): return chosen.allSatisfy(names.contains)
        default: return false
        }
    }
}
