import SimKernel

/// The backend's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
/// The sizes are what each endpoint carries, the payload only (docs/model.md#backend-and-push;
/// design choices of the project's backend, docs/platform-facts.md#where-each-default-comes-from).
extension ParameterCatalog {
    package static func backend() -> [ParameterSpec] { [
        .distribution("backend.processingTime", \.backend.processingTime, "time the backend takes to apply a write")
            .design("the project's backend applies a write in 50 ms typically"),
        .bool("backend.idempotencyKeys", \.backend.idempotencyKeys, "the backend deduplicates writes by key")
            .design("the backend deduplicates writes by key (§25.10)"),
        .size("backend.syncBytes", \.backend.syncBytes, "what a full sync's reply carries: the account's whole data")
            .design("a full sync's reply: the account's whole data, a few hundred records"),
        .size("backend.compactBytes", \.backend.compactBytes, "what the compact endpoint's reply carries: what one screen of a widget or watch draws")
            .design("the compact endpoint's reply: one screen's values (§25.13)"),
        .size("backend.writeBytes", \.backend.writeBytes, "what a write carries to the backend: one change")
            .design("one change in a write request with its idempotency key"),
    ] }
}

extension Parameters {
    /// The backend parameters of this point (kept in `ofSurfaces`, under `Backend`).
    public var backend: Backend {
        @inlinable _read { yield ofSurfaces[Backend.self] }
        set { ofSurfaces[Backend.self] = newValue }
    }

    /// The backend's parameters, as a replication reads them (their paths and meanings above).
    public struct Backend: SurfaceParameterValues {
        /// The `ios` profile's defaults.
        public init() {}
        public var idempotencyKeys = true
        /// Time the backend takes to apply one write, beyond the network round trip.
        public var processingTime: Distribution = .lognormal(median: 0.05, sigma: 1.0)
        /// What a full sync's reply carries: the account's whole data (an assumption:
        /// docs/platform-facts.md#where-each-default-comes-from).
        public var syncBytes: Int64 = 40 * 1_024
        /// What the compact endpoint's reply carries: what one screen of a widget or a watch
        /// draws (§25.13's "screen-shaped response"; an assumption).
        public var compactBytes: Int64 = 2 * 1_024
        /// What a write carries to the backend: one change (an assumption).
        public var writeBytes: Int64 = 1_024
    }
}
