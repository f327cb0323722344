import SimKernel
import Platform

/// The changes' journeys (docs/model.md#lost-changes): where a change is made, who holds
/// it on its way to the backend, and the moment it is lost for good when the last holder
/// lets go of a change the backend never applied. Programs call these as they hand a
/// change on (a queue, a file, a request); the truth keeps the count, and no program
/// reads it.
extension World {
    /// Records a change made now by `origin` and returns its number. The program that
    /// made it holds it until it calls `handedOn` (after giving it to its next holder).
    func makeChange(_ origin: ChangeOrigin) -> Int32 {
        observersTruthWillChange()
        return truth.make(origin, at: now)
    }

    /// One more holder (a queue, a file, a message or request in flight) carries `change`.
    @inline(__always) func hold(_ change: Int32) { truth.hold(change) }

    /// A holder let go of `change`: if none is left and the backend never applied it, the
    /// change is lost for good now.
    func letGo(_ change: Int32) {
        guard truth.release(change) else { return }
        observersTruthWillChange()
        truth.markLost(change, at: now)
    }

    /// The program that made `change` has given it to its next holder (or could not).
    @inline(__always) func handedOn(_ change: Int32) { letGo(change) }

    private func observersTruthWillChange() { measure.truthWillChange() }

    // MARK: The main app's own outbox (its container)

    /// The app keeps `change` in its outbox of writes not yet acknowledged.
    func appOutboxAppend(_ change: Int32) {
        hold(change)
        os.appStorage.pendingWrites.append(change)
    }

    /// The app drops `change` from its outbox (applied, or refused for good).
    func appOutboxRemove(_ change: Int32) {
        let before = os.appStorage.pendingWrites.count
        os.appStorage.pendingWrites.removeAll { $0 == change }
        for _ in os.appStorage.pendingWrites.count..<before { letGo(change) }
    }

    /// The app empties its outbox (a sign-out).
    func appOutboxClear() {
        let dropped = os.appStorage.pendingWrites
        os.appStorage.pendingWrites = []
        for c in dropped { letGo(c) }
    }

    // MARK: The outbox file in the shared storage area

    /// Replaces the shared outbox file: items it gains are held by it, items overwritten
    /// are let go (an append lost to an uncoordinated rewrite is lost here).
    func writeSharedOutbox(_ items: [Int32]) {
        let old = os.outbox.read()
        for c in items { hold(c) }
        os.outbox.write(items)
        for c in old { letGo(c) }
    }

    /// Creates one item file in the shared outbox (perProcessFiles).
    func createOutboxItemFile(_ change: Int32) {
        hold(change)
        os.outbox.createItemFile(change)
    }

    /// Deletes one item file (the app took the item into its own outbox first).
    func deleteOutboxItemFile(_ change: Int32) {
        os.outbox.deleteItemFile(change)
        letGo(change)
    }
}
