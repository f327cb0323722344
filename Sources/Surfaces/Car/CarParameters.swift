import SimKernel

/// The car surface's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    package static func car() -> [ParameterSpec] { [
        .bool("car.enabled", \.car.enabled, "a car surface exists")
            .scenario("the person drives with the car surface"),
        .choice("car.mode", \.car.mode, "projected: the car connection keeps the phone app running for the drive, syncing every app.syncInterval; onCar: a client on the car with its own sign-in and network")
            .design("a projected car app (CarPlay, Android Auto)"),
        .choice("car.lifetime", \.car.lifetime, "allDay: the car's program runs for the whole replication; whileConnected: the car connection launches it at each drive and it ends, losing its memory, when the drive ends")
            .scenario("the car's program kept for the whole day"),
        .real("car.drives.perDay", \.car.drivesPerDay, "drives per day")
            .scenario("two drives a day"),
        .distribution("car.driveLength", \.car.driveLength, "length of a drive")
            .scenario("drives of 25 min typical length"),
    ] }
}

extension Parameters {
    /// The car parameters of this point (kept in `ofSurfaces`, under `Car`).
    public var car: Car {
        @inlinable _read { yield ofSurfaces[Car.self] }
        set { ofSurfaces[Car.self] = newValue }
    }

    /// The car's parameters, as a replication reads them (their paths and meanings above).
    public struct Car: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
        public var enabled = true
        public var mode: CarMode = .projected
        /// The car program's lifetime (docs/model.md#car-lifetime); `allDay` by default.
        public var lifetime: CarLifetime = .allDay
        public var drivesPerDay: Double = 2
        public var driveLength: Distribution = .lognormal(median: 1500)
    }
}
