import SimKernel

/// The television app's parameters (docs/scenarios.md): this surface's part of the parameter catalogue.
extension ParameterCatalog {
    static func television() -> [ParameterSpec] { [
        .bool("tv.enabled", \.tv.enabled, "a television app exists"),
        .choice("tv.handoff", \.tv.handoff, "how video is handed to the television"),
        .real("tv.playbacks.perDay", \.tv.playbacksPerDay, "playbacks per day"),
        .distribution("tv.playbackLength", \.tv.playbackLength, "length of a playback"),
    ] }
}
