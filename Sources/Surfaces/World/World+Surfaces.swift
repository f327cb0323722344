import SimKernel
import Platform

/// The points where the main app's life meets the other surfaces (§25.5–25.9).
extension World {
    /// The user opened the app.
    func surfacesAppOpened() {}
    /// The app was force-quit.
    func surfacesAppForceQuit() {}
    /// The backend applied change `change`, sent by `from`.
    func surfacesBackendApplied(change: Int32, from: ProcessID) {}
    /// The app finished a sync with a fresh store.
    func appSynced(_ store: DataCopy) {}
    /// A write of the app's was acknowledged (or failed).
    func appWriteAcknowledged(_ reply: Reply) {}
    /// A message for the app that belongs to another surface's protocol.
    func appReceivesSurfaceMessage(_ message: Message) {}
    /// The app sends what the share extension queued in the shared outbox.
    func appSendsSharedOutbox() {}
    /// Glances at the other surfaces.
    func glanceWatch() {}
    func glanceLive() {}
    func glanceCar() {}
    /// A sign-out leak of metric `m` ended now.
    func noteLeakEnded(_ m: Metric) {}
}
