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
    /// The values written so far, each boxed under its type; a type not here has its defaults.
    /// A short list searched in order: there are a dozen surfaces, and a program reads its own
    /// values once, as it is made, so a search by pointer comparison costs less than hashing.
    @usableFromInline var written: [WrittenValues] = []

    /// No value written: every surface at its defaults.
    public init() {}

    /// The values of type `V`: as written, else its defaults. (`@inlinable`, read through
    /// `@inlinable` getters such as `Parameters.widget`: a program's module reads its values
    /// out of the parameters in place, where a call to a getter compiled here took a copy of
    /// the whole parameters, retaining and releasing every reference they hold.)
    public subscript<V: SurfaceParameterValues>(_ type: V.Type) -> V {
        @inlinable get {
            let key = ObjectIdentifier(type)
            // By place: an entry copied out of the list retained and released its box.
            for i in written.indices where written[i].type == key {
                // Boxed under its own type's identifier only (the setter below).
                return unsafeDowncast(written[i].box, to: ValuesBox<V>.self).values
            }
            return V()
        }
        set {
            let key = ObjectIdentifier(type), box = ValuesBox(newValue)
            if let i = written.firstIndex(where: { $0.type == key }) { written[i] = WrittenValues(type: key, box: box) }
            else { written.append(WrittenValues(type: key, box: box)) }
        }
    }
}

/// One surface's written values and the identifier of their type.
@usableFromInline struct WrittenValues: Sendable {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let box: any AnyValuesBox
}

/// A box of one surface's values, never changed once made (a write makes a new one).
@usableFromInline protocol AnyValuesBox: AnyObject, Sendable {}
@usableFromInline final class ValuesBox<V: SurfaceParameterValues>: AnyValuesBox {
    @usableFromInline let values: V
    init(_ values: V) { self.values = values }
}
