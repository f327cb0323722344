import Platform

extension CostSurface {
    /// Requests from the other device or the web (`backend.requests.elsewhere`).
    package static let elsewhere = CostSurface("elsewhere", senders: "the other device or the web",
                               isOn: { _ in true })
}
