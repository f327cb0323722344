@_spi(Assembly) @_spi(AppDesign) import SurfaceCore
import SystemPrograms
import WidgetPrograms
import AppPrograms
import LiveStatusPrograms
import WatchPrograms
import SharePrograms
import ActionsPrograms
import InstantVersionPrograms
import CarPrograms
import TelevisionPrograms
/// The chapter's worksheet fields for one design (§25.15, with the backend of §25.13):
/// where the surface gets its data, which session it acts with, what bounds how stale it
/// gets, and what the backend must offer for it (docs/inference.md#worksheet). A field is
/// empty when the design says nothing about it, or when the app has no such surface.
public struct WorksheetEntry: Sendable, Equatable {
    public var dataSource: String
    public var session: String
    public var staleness: String
    public var backend: String

    public init(dataSource: String = "", session: String = "", staleness: String = "", backend: String = "") {
        self.dataSource = dataSource
        self.session = session
        self.staleness = staleness
        self.backend = backend
    }

    /// The fields of a joint design: each field's texts from its designs, in order, once each.
    public static func joined(_ entries: [WorksheetEntry]) -> WorksheetEntry {
        func join(_ field: KeyPath<WorksheetEntry, String>) -> String {
            var seen: [String] = []
            for text in entries.map({ $0[keyPath: field] }) where !text.isEmpty && !seen.contains(text) { seen.append(text) }
            return seen.joined(separator: "; ")
        }
        return WorksheetEntry(dataSource: join(\.dataSource), session: join(\.session),
                              staleness: join(\.staleness), backend: join(\.backend))
    }

    /// The entry of a probe's design (every design of every probe has one; checked by a test).
    public static func of(probe: String, design: String) -> WorksheetEntry? { table[probe + "/" + design] }

    private static let table: [String: WorksheetEntry] = [
        // P25.1: how a change made in the app reaches the widget.
        "P25.1/reloadOnChange": WorksheetEntry(
            dataSource: "the shared storage area, written by the main app",
            staleness: "the app asks for a widget reload on every data change"),
        "P25.1/ownSchedule": WorksheetEntry(
            dataSource: "its own timeline, reloaded every few minutes",
            staleness: "the widget's own reload interval (minutes); the app asks for no reload"),
        "P25.1/rareSchedule": WorksheetEntry(
            dataSource: "its own timeline, reloaded rarely",
            staleness: "a reload interval of hours; the app asks for no reload"),
        // P25.2: how a change made elsewhere reaches it.
        "P25.2/pushReload": WorksheetEntry(
            dataSource: "the backend, fetched on a reload a silent push asks for",
            session: "a session the widget process can read (shared secure storage)",
            staleness: "push delivery and the wakes the platform refuses",
            backend: "a silent push on each relevant change, sent knowing many will not be acted on"),
        "P25.2/budgetedFetch": WorksheetEntry(
            dataSource: "its own requests to the backend, on its reload schedule",
            session: "a session the widget process can read (shared secure storage)",
            staleness: "the reload budget and schedule",
            backend: "a compact endpoint returning exactly what the widget draws; jitter against bursts at round clock times"),
        "P25.2/fedByApp": WorksheetEntry(
            dataSource: "the shared storage area only: the widget makes no requests",
            session: "none of its own",
            staleness: "the time until the user next opens the app",
            backend: "nothing for the widget"),
        // S1: what the widget draws with the app force-quit and the phone offline.
        "S1/sharedStorageArea": WorksheetEntry(
            dataSource: "the shared storage area, which outlives the app's process and needs no network"),
        "S1/noSharedArea": WorksheetEntry(
            dataSource: "only what its own last run fetched: no shared storage area",
            staleness: "nothing to draw once a reload runs offline"),
        // P25.3: actions.
        "P25.3/backgroundAction": WorksheetEntry(
            dataSource: "the backend, called by the action's own process",
            session: "shared secure storage, read by the action",
            staleness: "none: the action writes at once",
            backend: "write endpoints that are safe to repeat, because automations retry"),
        "P25.3/deepLinkAction": WorksheetEntry(
            dataSource: "the main app, opened at a screen",
            session: "the main app's",
            staleness: "until the user finishes in the app",
            backend: "the main app's endpoints"),
        "P25.3/noActions": WorksheetEntry(),
        // P25.4: the share extension.
        "P25.4/inExtension": WorksheetEntry(
            dataSource: "the extension's own upload",
            session: "shared secure storage, read by the extension",
            staleness: "none: the item is sent at once",
            backend: "the main app's write endpoints with an idempotency key; upload endpoints for a transfer the system runs"),
        "P25.4/outbox": WorksheetEntry(
            dataSource: "an outbox in the shared storage area, sent by the main app",
            session: "the main app's",
            staleness: "the time until the user next opens the app",
            backend: "the main app's write endpoints"),
        "P25.4/openApp": WorksheetEntry(
            dataSource: "the main app, opened to finish",
            session: "the main app's",
            staleness: "none once the user confirms in the app",
            backend: "the main app's write endpoints"),
        "P25.4/noShareTarget": WorksheetEntry(),
        // P25.5: the live status.
        "P25.5/pushDriven": WorksheetEntry(
            dataSource: "a push per activity, drawn by the system",
            session: "a push token per activity",
            staleness: "push delivery",
            backend: "a token per activity, stored with it and discarded when it ends; a sender that marks the final update as an end"),
        "P25.5/appDriven": WorksheetEntry(
            dataSource: "updates from the main app's process",
            session: "the main app's",
            staleness: "the app's process: it stops at a force-quit",
            backend: "nothing beyond the main app's"),
        "P25.5/clockDriven": WorksheetEntry(
            dataSource: "the plan made at the start, drawn by the system's clock",
            session: "none after the start",
            staleness: "how far the activity runs off its plan: the status never learns",
            backend: "nothing after the start"),
        "P25.5/noLiveStatus": WorksheetEntry(),
        // P25.6: sign-out.
        "P25.6/fullSignOut": WorksheetEntry(
            session: "cleared everywhere at sign-out",
            backend: "revocation of every credential derived from the session, including those given to surfaces"),
        "P25.6/noWidgetReload": WorksheetEntry(
            session: "cleared, but the widget's stored snapshot is not reloaded",
            staleness: "the widget shows the signed-out account until its next reload",
            backend: "revocation of the session's credentials"),
        "P25.6/surfaceKeepsSession": WorksheetEntry(
            session: "a surface keeps a session or credential of its own after sign-out",
            backend: "revocation that does not reach every surface's credential"),
        // P25.7: the watch reading.
        "P25.7/standalone": WorksheetEntry(
            dataSource: "its own backend calls",
            session: "its own session or narrower credential",
            staleness: "its own refresh, with or without the phone",
            backend: "a device record and push token for the watch, a session issued to it, revocation that reaches it"),
        "P25.7/companion": WorksheetEntry(
            dataSource: "a cache the phone fills",
            session: "none of its own: the phone's",
            staleness: "the last time the phone was in reach",
            backend: "nothing: the backend cannot tell the watch exists"),
        "P25.7/remoteControl": WorksheetEntry(
            dataSource: "messages relayed through the phone; no store of its own",
            session: "none",
            staleness: "nothing to show without the phone",
            backend: "nothing: the backend cannot tell the watch exists"),
        // P25.8: the watch writing.
        "P25.8/standalone": WorksheetEntry(
            dataSource: "writes sent by the watch itself",
            session: "its own session or narrower credential",
            backend: "a device record and push token for the watch, a session issued to it, revocation that reaches it"),
        "P25.8/queuedRelay": WorksheetEntry(
            dataSource: "writes queued and relayed through the phone",
            staleness: "a write waits until the phone is in reach"),
        "P25.8/immediateRelay": WorksheetEntry(
            dataSource: "writes sent as immediate messages through the phone",
            staleness: "a write made while the phone is out of reach is lost"),
    ]
}
