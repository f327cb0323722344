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
    /// One of the platform's mechanisms acted now (docs/metrics.md#mechanism-diagnostics): a
    /// refusal, a hold, a change of the phone's state. Told as it happens, by the mechanism
    /// itself, so the diagnostics count what the platform did, never what a classifier infers.
    func platformDid(_ event: PlatformEvent)
}

/// What a platform mechanism did, as `PlatformObserver.platformDid` hears it (the mechanism
/// diagnostics of docs/metrics.md).
public enum PlatformEvent: Sendable, Equatable {
    /// The widget host refused a reload request charged to its budget: the budget was spent.
    case widgetReloadRefused
    /// A reload charged to the widget's budget spent its last use left in the rolling day.
    case widgetBudgetExhausted
    /// The widget host launched the widget's provider for a reload (`widget.reloads`).
    case widgetReloadRan
    /// The push service refused to wake the app for a silent push (the refusal drawn, or the
    /// hourly wake budget spent).
    case pushWakeRefused
    /// The push service held a silent push to the app, for the reason given.
    case pushHeld(PushHold)
    /// The phone locked (true) or unlocked (false).
    case phoneLocked(Bool)
    /// The phone's Doze state is now this.
    case doze(DozeState)
    /// The main app came to the foreground (true) or left it (false): its standby bucket
    /// follows from when it last left (`StandbyBucket.after(idle:)`).
    case appForeground(Bool)
    /// The phone restarted (or was switched on again, which boots it the same way).
    case phoneRestarted
    /// An update of the app and its extensions installed.
    case appUpdateInstalled
    /// A force-quit of the main app took effect.
    case appForceQuit
}

/// Why the push service held a silent push to the app (the newest one only is held).
public enum PushHold: UInt8, Sendable, Equatable {
    /// Doze's idle window held a normal-priority push (or one the standby bucket made normal).
    case doze
    /// A power-saving period held a background push.
    case lowPower
    /// The phone was offline or switched off.
    case offline
}

/// Android Doze's states as the platform runs them (docs/model.md#power).
public enum DozeState: UInt8, Sendable, Equatable, CaseIterable {
    /// No idle window: the screen is on, the phone is not idle yet, or a maintenance window.
    case none
    /// Light Doze's idle window.
    case light
    /// Deep Doze's idle window.
    case deep
}

/// Who holds each change on its way to the backend (docs/model.md#lost-changes): the system
/// holds a change while a write request, the outbox file or the watch link carries it, and lets
/// go when it hands it on or loses it. The world's changes' journeys conform.
public protocol ChangeCustody: AnyObject {
    /// The system now holds `change` (one holder more).
    func hold(_ change: ChangeID)
    /// The system let go of `change` (one holder fewer; the last one's letting go loses it).
    func letGo(_ change: ChangeID)
}
