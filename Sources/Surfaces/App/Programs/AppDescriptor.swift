import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The main app and its sign-out steps (§25.9).
    package static let app = SurfaceDescriptor(
        name: "app",
        programs: [MainApp.self],
        parameters: [ParameterGroup("signOut", ParameterCatalog.signOut)],
        metrics: [MetricCatalog.app],
        costSurfaces: [.app],
        credentials: [],
        accountHolders: [],
        views: [.app])
}
