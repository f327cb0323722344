import SimKernel

/// The instant version's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    static func instantVersion() -> [ParameterSpec] { [
        .bool("instant.enabled", \.instant.enabled, "an instant version exists"),
        .bool("instant.handover", \.instant.handover, "state is handed over when the full app is installed"),
        .real("instant.uses.perDay", \.instant.usesPerDay, "uses of the instant version per day"),
        .probability("instant.installAfterUse", \.instant.installAfterUse, "probability a use leads to installing the full app"),
        .distribution("instant.installDelay", \.instant.installDelay, "time from a use to installing the full app"),
        .time("instant.removedAfter", \.instant.removedAfter, "the platform removes an instant version unused this long, with its data (unpublished: 30d assumed)"),
    ] }
}
