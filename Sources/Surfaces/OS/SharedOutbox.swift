import SimKernel
import Platform

/// The outbox file in the shared storage area as a holder of changes (docs/model.md#lost-changes):
/// the app and the share extension both write it, so what its items mean to the changes'
/// journeys is kept with the file, not with either program.
extension OperatingSystem {
    /// Replaces the shared outbox file: items it gains are held by it, items overwritten
    /// are let go (an append lost to an uncoordinated rewrite is lost here).
    func writeSharedOutbox(_ items: [Int32]) {
        let old = outbox.read()
        for c in items { changes.hold(c) }
        outbox.write(items)
        for c in old { changes.letGo(c) }
    }

    /// Creates one item file in the shared outbox (perProcessFiles).
    func createOutboxItemFile(_ change: Int32) {
        changes.hold(change)
        outbox.createItemFile(change)
    }

    /// Deletes one item file (the app took the item into its own outbox first).
    func deleteOutboxItemFile(_ change: Int32) {
        outbox.deleteItemFile(change)
        changes.letGo(change)
    }
}
