import Synchronization

/// The surfaces added from outside the package for this process (docs/extending.md#running-a-study).
///
/// Installed once, before the first study or catalogue is read (`CLI.main(_:extensions:)`
/// does it first): the parameter and metric catalogues and every replication read this list,
/// and the first read fixes it, so a study never sees it change under it. With none
/// installed, every catalogue and every replication is exactly the built-in one.
public enum SurfaceExtensions {
    private struct Registry: Sendable {
        var installed: [any SurfaceExtension] = []
        var fixed = false
    }
    private static let registry = Mutex(Registry())

    /// Adds `extensions`, in order. Installing the same names again is allowed (tests install
    /// the extension they test in each case); installing others after the list was read, or a
    /// name, parameter or metric that clashes with a built-in one or another extension's, stops
    /// the program with the reason.
    public static func install(_ extensions: [any SurfaceExtension]) {
        guard !extensions.isEmpty else { return }
        registry.withLock { r in
            let names = r.installed.map(\.name)
            if names == extensions.map(\.name) { return }
            if let problem = ExtensionChecks.problem(adding: extensions, to: r.installed) {
                preconditionFailure("SurfaceExtensions.install: \(problem)")
            }
            precondition(!r.fixed, "SurfaceExtensions.install: surfaces must be installed before the first study or catalogue is read")
            r.installed += extensions
        }
    }

    /// The installed surfaces, in installation order; reading the list fixes it.
    public static var installed: [any SurfaceExtension] {
        registry.withLock { r in
            r.fixed = true
            return r.installed
        }
    }
}
