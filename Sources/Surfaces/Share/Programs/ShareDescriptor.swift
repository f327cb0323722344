import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The share extension and the share sheet's background uploads.
    package static let share = SurfaceDescriptor(
        name: "share",
        programs: [ShareExtension.self, ShareSheet.self],
        parameters: [ParameterGroup("share", ParameterCatalog.share)],
        metrics: [MetricCatalog.share],
        costSurfaces: [.share],
        credentials: [],
        accountHolders: [])
}
