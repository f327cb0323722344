import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The actions a person or an automation runs without opening the app, and their runner.
    package static let actions = SurfaceDescriptor(
        name: "action",
        programs: [Automations.self, ActionRunner.self],
        parameters: [ParameterGroup("actions", ParameterCatalog.actions)],
        metrics: [MetricCatalog.actions],
        costSurfaces: [.action],
        credentials: [],
        accountHolders: [])
}
