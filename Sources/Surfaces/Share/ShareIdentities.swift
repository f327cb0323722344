import Platform

extension CostSurface {
    /// Requests from the share extension and the share sheet's background uploads (`backend.requests.share`).
    package static let share = CostSurface("share", senders: "the share extension and the share sheet's background uploads (no value when share is off)",
                               isOn: { $0.share.enabled })
}
