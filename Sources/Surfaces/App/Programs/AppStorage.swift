import SimKernel
import Platform
import SurfaceCore

/// The main app's own container: what it keeps between launches (docs/model.md#kept-readings). Its local
/// store is the kept reading — encrypted with a key in the phone's secure storage,
/// deleted once older than `app.keepReadingsFor`, unreadable if the key is lost — and
/// its outbox of own changes not yet acknowledged by the backend.
package struct AppStorage {
    /// The account signed in to the app (`Account.nobody`, `.first`, or `.second` once someone
    /// else signed in): the app's own, read by no other program (docs/model.md#what-a-program-knows).
    package var account: Account = .first
    /// The original account has signed out (the app signs out once).
    package var signedOut = false
    /// The kept reading (the app's local store), if any.
    package var reading: DataCopy?
    /// Own changes written but not yet acknowledged, in order.
    package var pendingWrites: [ChangeID] = []
    /// The last widget reload was asked from the background, where it may be refused.
    package var reloadAskedInBackground = false
    /// How long readings are kept.
    package var lifetime: SimTime
    /// The app cleared what it kept because its key was gone, and owes the person a word:
    /// its next empty screen says so (once).
    package var keyLossMessagePending = false
    /// Whether the phone has secure storage (without it nothing is kept).
    package let canKeep: Bool
    /// The measurement layer's record of the app's signals, told when a kept reading outlives a
    /// lifetime shortened below its age and when it goes (`app.keptReadingOverdue`;
    /// docs/model.md#kept-readings: "Everything older is deleted at once, not at the next launch").
    private let signals: AppSignals

    package init(lifetime: SimTime, canKeep: Bool, signals: AppSignals) {
        self.lifetime = lifetime
        self.canKeep = canKeep
        self.signals = signals
    }

    /// The kept reading is gone or replaced at `now`: it is no longer overdue.
    private func accrue(to now: SimTime) {
        signals.emit(.keptReadingLeft(at: now))
    }

    /// The user changes the lifetime; a kept reading already older than it is overdue from now.
    package mutating func changeLifetime(to newLifetime: SimTime, at now: SimTime) {
        lifetime = newLifetime
        if let r = reading, now - r.readAt > newLifetime { signals.emit(.keptReadingOverdue(since: now)) }
    }

    /// Keeps a fresh reading (nothing is kept without secure storage); returns whether it was
    /// kept, sealed under the current key (a new one if the old is gone).
    @discardableResult
    package mutating func keep(_ data: DataCopy, at now: SimTime) -> Bool {
        accrue(to: now)
        guard canKeep else {
            reading = nil
            return false
        }
        // The same data read again: only its read time changes (no copy of the lists it holds).
        if reading?.sameData(as: data) == true {
            reading!.readAt = data.readAt
        } else {
            reading = data
        }
        return true
    }

    /// Deletes the reading if it is older than the lifetime.
    package mutating func deleteExpired(at now: SimTime) {
        accrue(to: now)
        if let r = reading, now - r.readAt > lifetime { reading = nil }
    }

    /// Deletes everything kept.
    package mutating func clear(at now: SimTime) {
        accrue(to: now)
        reading = nil
    }
}
