import Synchronization

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
    /// `@inlinable` accessors such as `Parameters.widget`: a program's module reads its values
    /// out of the parameters in place, where a call to a getter compiled here took a copy of
    /// the whole parameters, retaining and releasing every reference they hold. A `_read`,
    /// not a `get`: `p.tv.enabled` reads the one value in the box, where a getter copied the
    /// surface's whole struct out of it (retaining each distribution and list it holds),
    /// some 120-190 instructions a read, a dozen reads as each world's programs are made.)
    public subscript<V: SurfaceParameterValues>(_ type: V.Type) -> V {
        @inlinable _read {
            // Only the box is kept across the yield: a default made here, kept in the
            // accessor's own frame, made the frame too large for its caller's buffer, and each
            // read allocated it.
            yield box(of: type).values
        }
        set {
            let key = ObjectIdentifier(type), box = ValuesBox(newValue)
            if let i = written.firstIndex(where: { $0.type == key }) { written[i] = WrittenValues(type: key, box: box) }
            else { written.append(WrittenValues(type: key, box: box)) }
        }
    }
}

extension ParametersOfSurfaces {
    /// The box holding the values of type `V`: the one written, else a new one holding its defaults.
    @inlinable func box<V: SurfaceParameterValues>(of type: V.Type) -> ValuesBox<V> {
        let key = ObjectIdentifier(type)
        // By place: an entry copied out of the list retained and released its box.
        for i in written.indices where written[i].type == key {
            // Boxed under its own type's identifier only (the subscript's setter).
            return unsafeDowncast(written[i].box, to: ValuesBox<V>.self)
        }
        return DefaultValues.box(of: type)
    }
}

/// The defaults of each surface's values, boxed once per process: what a read of a surface no
/// scenario, `--set` or profile wrote reaches (a box made at each read allocated and freed one,
/// several times per replication). Defaults are constants (`SurfaceParameterValues.init()`).
@usableFromInline enum DefaultValues {
    /// The boxes made so far, with their types' identifiers (a dozen at most: a short list).
    private static let boxes = Mutex<[WrittenValues]>([])

    /// The box of `V`'s defaults, made on the first asking.
    @usableFromInline static func box<V: SurfaceParameterValues>(of type: V.Type) -> ValuesBox<V> {
        let key = ObjectIdentifier(type)
        return boxes.withLock { boxes in
            if let kept = boxes.first(where: { $0.type == key }) { return unsafeDowncast(kept.box, to: ValuesBox<V>.self) }
            let made = ValuesBox(V())
            boxes.append(WrittenValues(type: key, box: made))
            return made
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
    @usableFromInline init(_ values: V) { self.values = values }
}
