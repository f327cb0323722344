import SimKernel

/// The widget host's own random streams (docs/model.md#randomness): the user's opens of the
/// widget gallery apart from the host's reload delays, one stream per reload reason (a widget
/// button's reloads never shift those the app asks for).
/// Held by the program that draws from them (`WidgetHost`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
struct WidgetHostStreams {
    /// The user's opens of the widget gallery (`widget.gallery`).
    var widgetGallery: RandomStream
    /// The reload delays, by the reload's reason (`ReloadReason.rawValue`) (`widget.reloadDelay.<reason>`).
    var reloadDelayFor: [RandomStream]

    init(replicationSeed seed: UInt64) {
        widgetGallery = RandomStream(replicationSeed: seed, nameHash: Self.widgetGalleryName)
        reloadDelayFor = Self.reloadDelayForNames.map { RandomStream(replicationSeed: seed, nameHash: $0) }
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let widgetGalleryName = SeedMixer.nameHash("widget.gallery")
    private static let reloadDelayForNames = ReloadReason.allCases.map { SeedMixer.nameHash("widget.reloadDelay." + $0.name) }
}
