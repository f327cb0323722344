import Platform

extension SurfaceDescriptor {
    /// The share extension and the share sheet's background uploads.
    static let share = SurfaceDescriptor(
        name: "share",
        programs: [ShareExtension.self, ShareSheet.self],
        parameters: [ParameterGroup("share", ParameterCatalog.share)],
        metrics: [MetricCatalog.share],
        costSurfaces: [.share],
        credentials: [],
        accountHolders: [])
}

extension CostSurface {
    /// Requests from the share extension and the share sheet's background uploads (`backend.requests.share`).
    static let share = CostSurface("share", senders: "the share extension and the share sheet's background uploads (no value when share is off)",
                               isOn: { $0.share.enabled })
}
