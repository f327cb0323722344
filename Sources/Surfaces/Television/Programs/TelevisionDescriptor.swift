import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The television app, signed in by a code.
    package static let television = SurfaceDescriptor(
        name: "tv",
        programs: [TelevisionApp.self],
        parameters: [ParameterGroup("television", ParameterCatalog.television)],
        metrics: [MetricCatalog.television],
        costSurfaces: [.tv],
        credentials: [(.television, "television"), (.signInCode, "signInCode")],
        accountHolders: [.television])
}
