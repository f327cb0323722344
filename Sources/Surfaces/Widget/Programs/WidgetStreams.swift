import SimKernel
import Platform
import SurfaceCore

/// The widget provider's own random stream (docs/model.md#randomness): the jitter of the
/// reloads its timeline asks for.
/// Held by the program that draws from it (`WidgetProvider`), seeded like every stream
/// (`RandomStream(replicationSeed:nameHash:)`, docs/model.md#randomness).
package struct WidgetProviderStreams {
    /// The jitter added to each timeline's next reload (`widget`).
    package var widget: RandomStream

    package init(replicationSeed seed: UInt64) {
        widget = RandomStream(replicationSeed: seed, nameHash: Self.widgetName)
    }

    // The streams' name hashes (`SeedMixer.nameHash`), computed once rather than per replication.
    private static let widgetName = SeedMixer.nameHash("widget")
}
