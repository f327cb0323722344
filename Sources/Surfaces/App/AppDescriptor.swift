import Platform

extension SurfaceDescriptor {
    /// The main app and its sign-out steps (§25.9).
    static let app = SurfaceDescriptor(
        name: "app",
        programs: [MainApp.self],
        parameters: [ParameterGroup("signOut", ParameterCatalog.signOut)],
        metrics: [MetricCatalog.app],
        costSurfaces: [.app],
        credentials: [],
        accountHolders: [],
        views: [.app])
}

extension CostSurface {
    /// Requests from the main app (`backend.requests.app`).
    static let app = CostSurface("app", senders: "the main app (the sign-out's revocation the device sends for it when the network is back included)",
                               isOn: { _ in true })
}
