import SimKernel

/// What the measurement layer hears from the operating system (docs/metrics.md): the platform
/// reports what it does that a metric depends on, and never reads a metric back. The world's
/// measurement layer conforms.
public protocol PlatformObserver: AnyObject {
    /// What the shared storage area holds changed: whether it holds the first account's session
    /// entry and data (a sign-out's share and action leaks last while it does: docs/model.md#sign-out).
    /// Told at each change, from the start, when it holds neither.
    func sharedStorageHolds(firstAccountSession: Bool, firstAccountData: Bool)
    /// The app's foreground state is about to change at `time` (glances at the app due before
    /// the change see it as it was, `wasInForeground`).
    func appForegroundWillChange(at time: SimTime, wasInForeground: Bool)
    /// The app was suspended in the background: it shows nothing until it runs again.
    func appSuspendedInBackground()
    /// The widget host starts with the platform's placeholder on screen.
    func widgetStartsWithPlaceholder()
    /// The widget host shows a stored view now (`redacted`: the system's redacted view in its place).
    func widgetShows(_ view: consuming View, redacted: Bool)
    /// The widget gallery drew the provider's preview (or the platform's placeholder).
    func galleryShowsPreview(_ view: View)
}

/// Who holds each change on its way to the backend (docs/model.md#lost-changes): the system
/// holds a change while a write request, the outbox file or the watch link carries it, and lets
/// go when it hands it on or loses it. The world's changes' journeys conform.
public protocol ChangeCustody: AnyObject {
    /// The system now holds `change` (one holder more).
    func hold(_ change: Int32)
    /// The system let go of `change` (one holder fewer; the last one's letting go loses it).
    func letGo(_ change: Int32)
}
