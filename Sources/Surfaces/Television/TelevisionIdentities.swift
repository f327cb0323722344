import Platform

extension CostSurface {
    /// Requests from the television app (`backend.requests.tv`).
    package static let tv = CostSurface("tv", senders: "the television app (no value when the television is off)",
                               isOn: { $0.tv.enabled })
}

extension Credential {
    /// The television's session, granted by sign-in by code.
    @inlinable package static var television: Credential { Credential(3) }
    /// What a television without a session asks for and polls a sign-in code with.
    @inlinable package static var signInCode: Credential { Credential(5) }
}

extension AccountHolder {
    /// The television holds a session it has not found revoked.
    package static let television = AccountHolder("television", leak: "signout.tv.leak", counts: { $0.tv.enabled })
}
