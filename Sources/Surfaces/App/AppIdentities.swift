import Platform

extension CostSurface {
    /// Requests from the main app (`backend.requests.app`).
    package static let app = CostSurface("app", senders: "the main app (the sign-out's revocation the device sends for it when the network is back included)",
                               isOn: { _ in true })
}
