import Platform
import SurfaceCore

extension SurfaceDescriptor {
    /// The live status on the lock screen during an activity.
    package static let liveStatus = SurfaceDescriptor(
        name: "live",
        programs: [LiveStatus.self],
        parameters: [ParameterGroup("live", ParameterCatalog.live)],
        metrics: [MetricCatalog.live],
        costSurfaces: [],
        credentials: [],
        accountHolders: [.liveStatus])
}
