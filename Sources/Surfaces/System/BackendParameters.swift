import SimKernel

/// The backend's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
/// The sizes are what each endpoint carries, the payload only (docs/model.md#backend-and-push;
/// their defaults are assumptions, docs/platform-facts.md#unpublished-figures).
extension ParameterCatalog {
    static func backend() -> [ParameterSpec] { [
        .distribution("backend.processingTime", \.backend.processingTime, "time the backend takes to apply a write"),
        .bool("backend.idempotencyKeys", \.backend.idempotencyKeys, "the backend deduplicates writes by key"),
        .size("backend.syncBytes", \.backend.syncBytes, "what a full sync's reply carries: the account's whole data"),
        .size("backend.compactBytes", \.backend.compactBytes, "what the compact endpoint's reply carries: what one screen of a widget or watch draws"),
        .size("backend.writeBytes", \.backend.writeBytes, "what a write carries to the backend: one change"),
    ] }
}

extension Parameters {
    /// The backend's parameters, as a replication reads them (their paths and meanings above).
    public struct Backend: Sendable {
        public var idempotencyKeys = true
        /// Time the backend takes to apply one write, beyond the network round trip.
        public var processingTime: Distribution = .lognormal(median: 0.05, sigma: 1.0)
        /// What a full sync's reply carries: the account's whole data (an assumption:
        /// docs/platform-facts.md#unpublished-figures).
        public var syncBytes: Int64 = 40 * 1_024
        /// What the compact endpoint's reply carries: what one screen of a widget or a watch
        /// draws (§25.13's "screen-shaped response"; an assumption).
        public var compactBytes: Int64 = 2 * 1_024
        /// What a write carries to the backend: one change (an assumption).
        public var writeBytes: Int64 = 1_024
    }
}
