import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The car's screen and its own client while connected.
    package static let car = SurfaceDescriptor(
        name: "car",
        programs: [CarSurface.self],
        parameters: [ParameterGroup("car", ParameterCatalog.car)],
        metrics: [MetricCatalog.car],
        costSurfaces: [.car],
        credentials: [(.car, "car")],
        accountHolders: [.carClient],
        views: [.car])
}
