import Synchronization
import Platform

/// The surfaces every registry is filled from: the built-in list (`BuiltInSurfaces.all`),
/// then any added with `add(_:)`, in the order they were added.
///
/// Fixed at the first read: the program list, the parameter and metric catalogues read it
/// once and keep what they made, so a surface is added before the first world, study or
/// catalogue (`CLI.main(_:surfaces:)` adds them first; a test that adds one runs in a process
/// of its own, `DoorbellSurfaceTests`, or adds it first in every case). With nothing added,
/// every registry is the built-in one.
public enum SurfaceRegistry {
    private struct Registry: Sendable {
        var added: [SurfaceDescriptor] = []
        var fixed = false
    }
    private static let registry = Mutex(Registry())

    /// Adds `surface` after the built-in ones (and those added before it): its programs are
    /// registered after theirs, its parameters and metrics follow theirs, so no built-in
    /// column, parameter or random draw moves (docs/extending.md). Adding a surface of a name
    /// added already does nothing (a test adds the surface it tests in each case). Stops the
    /// program, with the reason, when the list was already read, or when the surface's names
    /// break the rules of `AddedSurfaceChecks` (its name taken, a parameter or metric not under it).
    public static func add(_ surface: SurfaceDescriptor) {
        let problem = AddedSurfaceChecks.problem(adding: surface)
        registry.withLock { r in
            if r.added.contains(where: { $0.name == surface.name }) { return }
            if let problem { preconditionFailure("SurfaceRegistry.add(\(surface.name)): \(problem)") }
            precondition(!r.fixed, "SurfaceRegistry.add(\(surface.name)): surfaces must be added before the first world, study or catalogue is read")
            r.added.append(surface)
        }
    }

    /// Every surface, built-in then added; reading the list fixes it, and the first read names
    /// the surfaces' credentials in the event log (`Credential.register`).
    static var all: [SurfaceDescriptor] {
        registry.withLock { r in
            let surfaces = builtIn + r.added
            if !r.fixed {
                for (credential, name) in surfaces.flatMap({ $0.credentials }) { Credential.register(credential, named: name) }
            }
            r.fixed = true
            return surfaces
        }
    }

    /// The surfaces added with `add(_:)`, in order (the end of `all`; reading them fixes the list).
    static var added: ArraySlice<SurfaceDescriptor> { all.dropFirst(builtIn.count) }

    /// The built-in surfaces (`BuiltInSurfaces.all`, in the `Surfaces` module): the one list a
    /// built-in surface joins, read once.
    static let builtIn: [SurfaceDescriptor] = builtInSurfacesOfThePackage()

    /// The programs every world registers, in registration order (the process index is the
    /// position here): each surface's, in the order of `all`. A constant list of metatypes, made
    /// once (`nonisolated(unsafe)`: a metatype of a protocol with class programs is not
    /// `Sendable`, but nothing in the list can change).
    @_spi(Assembly) nonisolated(unsafe) public static let programTypes: [any AssembledProgram.Type] = all.flatMap { $0.programs }
    /// Every program's name, in registration order (the event log's process names).
    package static let programNames = programTypes.map { $0.programName }
    /// The names every program's per-program random streams are seeded by, in registration
    /// order (docs/model.md#randomness): a program's name unless it was renamed.
    package static let streamNames = programTypes.map { $0.streamName }
}

/// The list of built-in surfaces, which the `Surfaces` module declares (`BuiltInSurfaces.all`)
/// above this one: their descriptors name their programs, whose modules see this one, so this
/// module cannot name the list. The one call from here upward, resolved when the modules are
/// linked (`Surfaces/Assembly/BuiltInSurfaces.swift` defines the symbol).
@_silgen_name("SurfaceSim_builtInSurfaces")
func builtInSurfacesOfThePackage() -> [SurfaceDescriptor]
