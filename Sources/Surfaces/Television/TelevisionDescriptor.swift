extension SurfaceDescriptor {
    /// The television app, signed in by a code.
    static let television = SurfaceDescriptor(
        name: "tv",
        programs: [TelevisionApp.self],
        parameters: [ParameterGroup("television", ParameterCatalog.television)],
        metrics: [MetricCatalog.television],
        costSurfaces: [.tv])
}

extension CostSurface {
    /// Requests from the television app (`backend.requests.tv`).
    static let tv = CostSurface("tv", senders: "the television app (no value when the television is off)",
                               isOn: { $0.tv.enabled })
}
