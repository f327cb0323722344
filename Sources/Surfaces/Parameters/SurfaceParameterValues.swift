/// One surface's own parameters as a replication reads them: a value type declared in the
/// surface's folder (`Parameters.TV` in `Television/TelevisionParameters.swift`), whose
/// `init()` holds the `ios` profile's defaults (docs/scenarios.md). `Parameters` keeps one of
/// each in a registry keyed by the type (`Parameters.ofSurfaces`), so the study's parameters
/// name no surface, and the surface reaches its own through a property it declares beside the
/// type (`Parameters.tv`), which is also the key path its part of the catalogue writes through.
public protocol SurfaceParameterValues: Sendable {
    /// The defaults.
    init()
}

/// The surfaces' parameter values of one sweep point: one `SurfaceParameterValues` per type,
/// its defaults until a scenario, `--set` or a profile writes it (issue 42, item 4).
public struct ParametersOfSurfaces: Sendable {
    /// The values written so far, by their type; a type not here has its defaults.
    private var values: [ObjectIdentifier: any SurfaceParameterValues] = [:]

    /// No value written: every surface at its defaults.
    public init() {}

    /// The values of type `V`: as written, else its defaults.
    public subscript<V: SurfaceParameterValues>(_ type: V.Type) -> V {
        get {
            guard let v = values[ObjectIdentifier(type)] else { return V() }
            return v as! V  // stored under its own type's identifier only (the setter below)
        }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
