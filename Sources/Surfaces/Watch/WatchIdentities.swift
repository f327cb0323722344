import Platform

extension CostSurface {
    /// Requests from the watch app (`backend.requests.watch`).
    package static let watch = CostSurface("watch", senders: "the watch app (no value when the watch is off)",
                               isOn: { $0.watch.enabled })
}

extension Credential {
    /// The watch's own credential (a standalone watch; docs/model.md#credentials).
    @inlinable package static var watch: Credential { Credential(2) }
}

extension AccountHolder {
    /// The watch holds the account's data (companion or standalone; a remote control holds none).
    package static let watch = AccountHolder("watch", leak: "signout.watch.leak", counts: { $0.watch.enabled && $0.watch.level != .remoteControl })
}
