import SimKernel

/// Builders that turn a key path into a parameter entry.
extension ParameterSpec {
    static func bool(_ path: String, _ kp: WritableKeyPath<Parameters, Bool>, _ doc: String) -> ParameterSpec {
        ParameterSpec(path: path, kind: .bool, doc: doc, get: { .bool($0[keyPath: kp]) },
                      set: { p, v in if case .bool(let b) = v { p[keyPath: kp] = b } })
    }
    static func probability(_ path: String, _ kp: WritableKeyPath<Parameters, Double>, _ doc: String) -> ParameterSpec {
        real(path, kp, doc, kind: .probability)
    }
    static func real(_ path: String, _ kp: WritableKeyPath<Parameters, Double>, _ doc: String, kind: ParameterKind = .nonNegative) -> ParameterSpec {
        ParameterSpec(path: path, kind: kind, doc: doc, get: { .number($0[keyPath: kp]) },
                      set: { p, v in if case .number(let x) = v { p[keyPath: kp] = x } })
    }
    static func count(_ path: String, _ kp: WritableKeyPath<Parameters, Int>, _ doc: String) -> ParameterSpec {
        ParameterSpec(path: path, kind: .count, doc: doc, get: { .integer($0[keyPath: kp]) },
                      set: { p, v in if case .integer(let x) = v { p[keyPath: kp] = x } })
    }
    static func time(_ path: String, _ kp: WritableKeyPath<Parameters, SimTime>, _ doc: String) -> ParameterSpec {
        ParameterSpec(path: path, kind: .time, doc: doc, get: { .time($0[keyPath: kp]) },
                      set: { p, v in if case .time(let x) = v { p[keyPath: kp] = x } })
    }
    static func optionalTime(_ path: String, _ kp: WritableKeyPath<Parameters, SimTime?>, _ doc: String) -> ParameterSpec {
        ParameterSpec(path: path, kind: .optionalTime, doc: doc, get: { .optionalTime($0[keyPath: kp]) },
                      set: { p, v in if case .optionalTime(let x) = v { p[keyPath: kp] = x } })
    }
    static func size(_ path: String, _ kp: WritableKeyPath<Parameters, Int64>, _ doc: String) -> ParameterSpec {
        ParameterSpec(path: path, kind: .size, doc: doc, get: { .size($0[keyPath: kp]) },
                      set: { p, v in if case .size(let x) = v { p[keyPath: kp] = x } })
    }
    static func distribution(_ path: String, _ kp: WritableKeyPath<Parameters, Distribution>, _ doc: String, sizes: Bool = false) -> ParameterSpec {
        ParameterSpec(path: path, kind: sizes ? .sizeDistribution : .timeDistribution, doc: doc,
                      get: { .distribution($0[keyPath: kp]) },
                      set: { p, v in if case .distribution(let d) = v { p[keyPath: kp] = d } })
    }
    static func rate(_ path: String, _ kp: WritableKeyPath<Parameters, Rate>, _ doc: String) -> ParameterSpec {
        ParameterSpec(path: path, kind: .rate, doc: doc, get: { .rate($0[keyPath: kp]) },
                      set: { p, v in if case .rate(let r) = v { p[keyPath: kp] = r } })
    }
    static func choice<E: RawRepresentable & CaseIterable>(_ path: String, _ kp: WritableKeyPath<Parameters, E>, _ doc: String) -> ParameterSpec where E.RawValue == String {
        ParameterSpec(path: path, kind: .choice(E.allCases.map(\.rawValue)), doc: doc,
                      get: { .choice($0[keyPath: kp].rawValue) },
                      set: { p, v in if case .choice(let s) = v, let e = E(rawValue: s) { p[keyPath: kp] = e } })
    }
}
