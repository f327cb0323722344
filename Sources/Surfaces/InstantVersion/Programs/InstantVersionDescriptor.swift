import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The instant version of the app, run without installing it.
    package static let instantVersion = SurfaceDescriptor(
        name: "instant",
        programs: [InstantVersion.self],
        parameters: [ParameterGroup("instantVersion", ParameterCatalog.instantVersion)],
        metrics: [MetricCatalog.instantVersion],
        costSurfaces: [],
        credentials: [],
        accountHolders: [])
}
