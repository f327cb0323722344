import Platform

extension CostSurface {
    /// Requests from the car's own client (`backend.requests.car`).
    package static let car = CostSurface("car", senders: "the car's own client (no value when the car is off)",
                               isOn: { $0.car.enabled })
}

extension Credential {
    /// The car client's own sign-in.
    @inlinable package static var car: Credential { Credential(4) }
}

extension AccountHolder {
    /// The car's own client (`car.mode = onCar`) holds a session it has not found revoked; a projected car shows the app's signed-out state at once.
    package static let carClient = AccountHolder("carClient", leak: "signout.car.leak", counts: { $0.car.enabled })
}
