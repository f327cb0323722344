import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The watch app and the link the phone reaches it by.
    package static let watch = SurfaceDescriptor(
        name: "watch",
        programs: [WatchLink.self, WatchApp.self],
        parameters: [ParameterGroup("watch", ParameterCatalog.watch)],
        metrics: [MetricCatalog.watch],
        costSurfaces: [.watch],
        credentials: [(.watch, "watch")],
        accountHolders: [.watch],
        views: [.watch])
}
