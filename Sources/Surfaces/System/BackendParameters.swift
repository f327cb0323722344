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
