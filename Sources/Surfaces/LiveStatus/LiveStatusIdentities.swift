import Platform

extension AccountHolder {
    /// A live status of the account is on screen.
    package static let liveStatus = AccountHolder("liveStatus", leak: "signout.live.leak", counts: { $0.live.enabled })
}
