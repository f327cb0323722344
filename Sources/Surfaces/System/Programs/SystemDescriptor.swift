import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The world's and the phone's own programs (the backend, the push service, the device,
    /// the user, the other device or the web, the glances); the person's, the network's, the
    /// backend's, the phone's and the push service's parameters; the changes lost for good, the
    /// backend's cost and the mechanism diagnostics the platform reports.
    package static let system = SurfaceDescriptor(
        name: "system",
        programs: [Backend.self, PushService.self, DeviceProcess.self, UserProcess.self, OtherDevice.self, GlanceProcess.self],
        parameters: [
            ParameterGroup("world", ParameterCatalog.world), ParameterGroup("backend", ParameterCatalog.backend),
            ParameterGroup("phone", ParameterCatalog.phone), ParameterGroup("push", ParameterCatalog.push),
        ],
        metrics: [
            MetricCatalog.lostChanges, MetricCatalog.backend,
            // The mechanism diagnostics (`MechanismMetrics.swift`), after every surface's own.
            MetricCatalog.widgetMechanisms, MetricCatalog.pushMechanisms,
            MetricCatalog.deviceMechanisms, MetricCatalog.appMechanisms,
        ],
        costSurfaces: [.elsewhere],
        credentials: [],
        accountHolders: [])
}
