import SimKernel

/// The outbox file in the shared storage area as a holder of changes (docs/model.md#lost-changes):
/// the app and the share extension both write it, so what its items mean to the changes'
/// journeys is kept with the file, not with either program.
extension OperatingSystem {
    /// Replaces the shared outbox file: items it gains are held by it, items overwritten
    /// are let go (an append lost to an uncoordinated rewrite is lost here).
    @usableFromInline func writeSharedOutbox(_ items: [ChangeID]) {
        let old = _outbox.read()
        for c in items { custody.hold(c) }
        _outbox.write(items)
        for c in old { custody.letGo(c) }
    }

    /// Creates one item file in the shared outbox (perProcessFiles).
    @usableFromInline func createOutboxItemFile(_ change: ChangeID) {
        custody.hold(change)
        _outbox.createItemFile(change)
    }

    /// Deletes one item file (the app took the item into its own outbox first).
    @usableFromInline func deleteOutboxItemFile(_ change: ChangeID) {
        _outbox.deleteItemFile(change)
        custody.letGo(change)
    }
}
