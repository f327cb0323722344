/// The named designs of the chapter, as parameter values (docs/model.md).

/// Storage protection classes (§25.3, docs/platform-facts.md#extensions `data_protection`).
public enum Protection: String, Sendable, CaseIterable { case always, afterFirstUnlock, whenUnlocked }
/// Where the widget projection is rebuilt (docs/model.md#the-widgets-projection; F4).
public enum ProjectionWriter: String, Sendable, CaseIterable { case onDomainChange, onSync }
/// How the widget reads a projection written by an older app version (docs/model.md#the-widgets-projection; F3).
public enum ProjectionSchema: String, Sendable, CaseIterable { case unversioned, versionedAppMigrates, versionedReadsOld }
/// How a configured widget remembers its target (docs/model.md#configured-targets).
public enum WidgetConfiguration: String, Sendable, CaseIterable { case stableIdentifier, position }
/// What a provider's timeline holds (docs/model.md#timelines): one entry, drawn at the reload, or an
/// entry for each slot of the data's own schedule until the next reload, which the host swaps on time.
public enum WidgetTimeline: String, Sendable, CaseIterable { case oneEntry, scheduledEntries }
/// What the provider draws for the widget gallery's preview (docs/model.md#the-gallery-preview):
/// fixture data, or the account's own data.
public enum WidgetPreview: String, Sendable, CaseIterable { case fixture, accountData }
/// Live status update source (§25.5).
public enum LiveUpdates: String, Sendable, CaseIterable { case app, push, clock }
/// Watch app level (§25.6).
public enum WatchLevel: String, Sendable, CaseIterable { case remoteControl, companion, standalone }
/// Relay mode for watch writes (§25.6, docs/platform-facts.md#watch-connectivity).
public enum RelayMode: String, Sendable, CaseIterable { case immediate, queued }
/// The priority of the backend's pushes (FCM's message priority; docs/model.md#power).
public enum PushPriority: String, Sendable, CaseIterable { case high, normal }
/// Share extension design (§25.7).
public enum ShareDesign: String, Sendable, CaseIterable { case inExtension, outbox, openApp }
/// Coordination of the outbox file both processes write (§25.3).
public enum OutboxMode: String, Sendable, CaseIterable { case uncoordinated, coordinated, perProcessFiles }
/// Car surface (§25.8).
public enum CarMode: String, Sendable, CaseIterable { case projected, onCar }
/// How long the car surface's program lives (docs/model.md#car-lifetime): `allDay`, launched at
/// time 0 and running for the replication; `whileConnected`, launched when a drive connects the
/// car and ended (its memory gone) when the drive ends.
/// How long the watch app lives (docs/model.md#watch-app-lifetime): `allDay`, launched at time 0
/// and running for the replication; `whenLooked`, launched by a glance or a write on the watch
/// (or a standalone watch's push) and ended `watch.backgroundAllowance` after the last of them.
public enum WatchLifetime: String, Sendable, CaseIterable { case allDay, whenLooked }
public enum CarLifetime: String, Sendable, CaseIterable { case allDay, whileConnected }
/// How the television signs in (docs/model.md#television): already signed in, or by a code.
public enum TelevisionSignIn: String, Sendable, CaseIterable { case signedIn, byCode }
/// How long the television's program lives (docs/model.md#television-lifetime): `allDay`,
/// launched at time 0 and running for the replication; `whilePlaying`, launched by a playback
/// (and, with `tv.signIn: byCode`, at time 0 to sign in) and ended when it has nothing to do.
public enum TelevisionLifetime: String, Sendable, CaseIterable { case allDay, whilePlaying }
/// Video handover to a television (§25.8).
public enum TVHandoff: String, Sendable, CaseIterable { case location, mirror }
/// When kept readings past their lifetime are deleted (docs/model.md#kept-readings).
public enum ExpiryPolicy: String, Sendable, CaseIterable { case atOnce, atNextLaunch }
/// What the app does when the key of its kept readings is gone (docs/model.md#kept-readings).
public enum KeyLossPolicy: String, Sendable, CaseIterable { case clearAndSay, leaveUnreadable }
/// The six sign-out steps of §25.9.
public enum SignoutStep: String, Sendable, CaseIterable, Comparable {
    case clearSession, clearSharedData, reloadWidgets, endLiveStatus, notifyWatch, revokeCredentials
    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
