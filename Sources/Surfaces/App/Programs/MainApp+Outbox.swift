import SimKernel
import Platform
import SurfaceCore

/// The main app's side of the outbox in the shared storage area (§25.3, §25.7): at each
/// sync, and when the extension signals a new item, it takes the queued items into its
/// own outbox of writes and rewrites the shared file without them. Under `uncoordinated`
/// the read and the rewrite are separate steps that take time, so an append by the
/// extension between them is lost (or an item taken is put back and sent twice).
extension MainApp {
    /// Starts a drain of the shared outbox if the design has one and none is running.
    package func drainSharedOutbox() {
        guard share.enabled, share.design == .outbox, state.memory != nil, sharedStorage.granted else { return }
        guard memory.drainSnapshot == nil else { memory.drainWanted = true; return }
        switch share.outbox {
        case .perProcessFiles:
            for item in sharedStorage.outboxItemFiles() {
                sendWrite(item)                 // into the app's own outbox, then the file goes
                sharedStorage.deleteOutboxItemFile(item)
            }
        case .uncoordinated:
            memory.drainSnapshot = []
            context.after(sharedStorage.ioTime(context.me.process), .outboxRead)
        case .coordinated:
            memory.drainSnapshot = []
            if sharedStorage.acquireOutboxLock(context.me.process) {
                context.after(sharedStorage.ioTime(context.me.process), .outboxRead)
            }
        }
    }

    /// The shared outbox's lock is granted: the drain reads the file.
    package func outboxLockGranted() {
        context.after(sharedStorage.ioTime(context.me.process), .outboxRead)
    }

    /// The drain read the shared file: its items go into the app's own outbox.
    package func outboxReadDone() {
        guard state.memory != nil else { return }
        let items = sharedStorage.readOutbox()
        memory.drainSnapshot = items
        for item in items { sendWrite(item) }   // now in the app's own durable outbox
        context.after(sharedStorage.ioTime(context.me.process), .outboxWrite)
    }

    /// The drain rewrites the shared file.
    package func outboxWriteDone() {
        guard state.memory != nil, memory.drainSnapshot != nil else { return }
        // Rewrites the file without the items it took (its view of the file is the snapshot).
        // It took every item it read, so it writes the file back empty; an item the
        // extension appended since the read is overwritten unless the lock kept it out.
        sharedStorage.writeOutbox([])
        memory.drainSnapshot = nil
        let again = memory.drainWanted
        memory.drainWanted = false
        sharedStorage.releaseOutboxLock(context.me.process)
        if again { drainSharedOutbox() } else { finishBackgroundWorkIfIdle() }
    }
}
