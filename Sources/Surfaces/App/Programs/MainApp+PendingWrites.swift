import SimKernel
import Platform
import SurfaceCore

/// The main app's own outbox, in its container: the writes it made or took in and the backend
/// has not acknowledged, each a holder of its change (docs/model.md#lost-changes).
extension MainApp {
    /// The app keeps `change` in its outbox of writes not yet acknowledged.
    package func appOutboxAppend(_ change: ChangeID) {
        changes.hold(change)
        container.storage.pendingWrites.append(change)
    }

    /// The app drops `change` from its outbox (applied, or refused for good).
    package func appOutboxRemove(_ change: ChangeID) {
        let before = container.storage.pendingWrites.count
        container.storage.pendingWrites.removeAll { $0 == change }
        for _ in container.storage.pendingWrites.count..<before { changes.letGo(change) }
    }

    /// The app empties its outbox (a sign-out).
    package func appOutboxClear() {
        let dropped = container.storage.pendingWrites
        container.storage.pendingWrites = []
        for c in dropped { changes.letGo(c) }
    }
}
