import Synchronization
import Platform

/// The surfaces every registry is filled from: the built-in list (`BuiltInSurfaces.all`),
/// then any added with `add(_:)`, in the order they were added.
///
/// Fixed at the first read, as `SurfaceExtensions` is: the program list, the parameter and
/// metric catalogues read it once and keep what they made, so a surface is added before the
/// first world, study or catalogue (a test that adds one runs in a process of its own,
/// `DoorbellSurfaceTests`). With nothing added, every registry is the built-in one.
enum SurfaceRegistry {
    private struct Registry: Sendable {
        var added: [SurfaceDescriptor] = []
        var fixed = false
    }
    private static let registry = Mutex(Registry())

    /// Adds `surface` after the built-in ones (and those added before it). Stops the program
    /// when the list was already read, or when a surface of that name is listed.
    static func add(_ surface: SurfaceDescriptor) {
        registry.withLock { r in
            precondition(!r.fixed, "SurfaceRegistry.add(\(surface.name)): surfaces must be added before the first world, study or catalogue is read")
            precondition(!(BuiltInSurfaces.all + r.added).contains { $0.name == surface.name },
                         "SurfaceRegistry.add: a surface named \(surface.name) is already listed")
            r.added.append(surface)
        }
    }

    /// Every surface, built-in then added; reading the list fixes it, and the first read names
    /// the surfaces' credentials in the event log (`Credential.register`).
    static var all: [SurfaceDescriptor] {
        registry.withLock { r in
            let surfaces = BuiltInSurfaces.all + r.added
            if !r.fixed {
                for (credential, name) in surfaces.flatMap({ $0.credentials }) { Credential.register(credential, named: name) }
            }
            r.fixed = true
            return surfaces
        }
    }
}
