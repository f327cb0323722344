import SimKernel
import Platform

/// The main app's side of the outbox in the shared storage area (§25.3, §25.7): at each
/// sync, and when the extension signals a new item, it takes the queued items into its
/// own outbox of writes and rewrites the shared file without them. Under `uncoordinated`
/// the read and the rewrite are separate steps that take time, so an append by the
/// extension between them is lost (or an item taken is put back and sent twice).
extension MainApp {
    /// Starts a drain of the shared outbox if the design has one and none is running.
    func drainSharedOutbox() {
        let w = world
        guard w.p.share.enabled, w.p.share.design == .outbox, let m = memory, os.shared.granted else { return }
        guard m.drainSnapshot == nil else { m.drainWanted = true; return }
        switch w.p.share.outbox {
        case .perProcessFiles:
            for item in os.outbox.listItemFiles() {
                sendWrite(item)                 // into the app's own outbox, then the file goes
                os.deleteOutboxItemFile(item)
            }
        case .uncoordinated:
            m.drainSnapshot = []
            w.send(.outboxRead, to: w.ids.app, after: os.ioTime(w.ids.app.process))
        case .coordinated:
            m.drainSnapshot = []
            if os.outbox.acquire(w.ids.app.process.index) {
                w.send(.outboxRead, to: w.ids.app, after: os.ioTime(w.ids.app.process))
            }
        }
    }

    /// The shared outbox's lock is granted: the drain reads the file.
    func outboxLockGranted() {
        world.send(.outboxRead, to: world.ids.app, after: world.os.ioTime(world.ids.app.process))
    }

    /// The drain read the shared file: its items go into the app's own outbox.
    func outboxReadDone() {
        let w = world
        guard let m = memory else { return }
        let items = os.outbox.read()
        m.drainSnapshot = items
        for item in items { sendWrite(item) }   // now in the app's own durable outbox
        w.send(.outboxWrite, to: w.ids.app, after: os.ioTime(w.ids.app.process))
    }

    /// The drain rewrites the shared file.
    func outboxWriteDone() {
        let w = world
        guard let m = memory, m.drainSnapshot != nil else { return }
        // Rewrites the file without the items it took (its view of the file is the snapshot).
        // It took every item it read, so it writes the file back empty; an item the
        // extension appended since the read is overwritten unless the lock kept it out.
        os.writeSharedOutbox([])
        m.drainSnapshot = nil
        let again = m.drainWanted
        m.drainWanted = false
        os.releaseOutboxLock(w.ids.app.process)
        if again { drainSharedOutbox() } else { finishBackgroundWorkIfIdle() }
    }
}
