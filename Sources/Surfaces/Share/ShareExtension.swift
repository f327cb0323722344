import SimKernel
import Platform

/// One item shared to the app (§25.7): its change number, when it was confirmed, its
/// size, and what became of the extension run that took it.
struct SharedItem {
    var change: Int32 = -1
    var confirmedAt: SimTime
    var size: Int64
    var killed = false
    /// Shared to the second account (docs/model.md#a-second-account): not one of the followed items.
    var forSecondAccount = false
    var openedApp = false
    /// The item reached durable hands: the outbox, a background transfer, the app or the backend.
    var handedOver = false
    /// The extension run that made the change still holds it (not yet handed over).
    var extensionHolds = false
}


/// What the share extension accepts (§25.7): the item the user confirmed, the steps of
/// its append to the shared outbox, the outbox's lock, and the reply to its upload.
enum ShareExtensionInput {
    /// The user confirmed shared item `item` in the sheet.
    case confirm(item: Int32)
    /// Its read of the shared outbox file is done (storage time).
    case appendRead
    /// Its rewrite of the shared outbox file is done.
    case appendWrite
    /// The shared outbox's lock was granted to it.
    case outboxLockGranted
    case reply(Reply)
}
/// The share extension (§25.7; docs/model.md#share-extension): a process inside another app's flow, with a
/// memory limit and a time budget. On confirm it uploads the item itself
/// (`inExtension`, large items as a background transfer that outlives it), appends it to
/// the outbox in the shared storage area (`outbox`), or hands it to the main app by deep
/// link (`openApp`). Loading an item into memory past the limit kills it: the sheet vanishes.
final class ShareExtension: SimulatedProcess<ShareExtensionInput> {
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World

    /// In memory during one run.
    private struct Run { var item: Int; var snapshot: [Int32] = [] }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var run: Run?

    init(world: World) { self.world = world }
    override func discardMemory() { run = nil }

    override func ended(_ reason: ProcessEnd, engine: Engine) {
        let w = world
        if let next = w.outbox.abandon(w.ids.share.process.index) { w.grantOutboxLock(to: next) }
        if reason == .killedForMemory || reason == .killedForTime, let r = w.shareRuns.last, !w.shares[r].handedOver {
            w.shares[r].killed = true
        }
        // A run that ends before handing its change over takes it with it: lost, unless a
        // request it sent still carries it.
        if let r = w.shareRuns.last, w.shares[r].extensionHolds {
            w.shares[r].extensionHolds = false
            w.letGo(w.shares[r].change)
        }
    }

    override func receive(_ input: ShareExtensionInput, engine: Engine) {
        let w = world
        switch input {
        case .confirm(let index):
            confirm(Int(index))
        case .appendRead:
            guard var r = run else { return }
            r.snapshot = w.outbox.read()
            run = r
            engine.send(.appendWrite, to: w.ids.share, after: w.ioTime(w.ids.share.process))
        case .appendWrite:
            guard let r = run else { return }
            w.writeSharedOutbox(r.snapshot + [w.shares[r.item].change])
            handedOver(r.item)
        case .outboxLockGranted:
            engine.send(.appendRead, to: w.ids.share, after: w.ioTime(w.ids.share.process))
        case .reply(let reply):
            guard let r = run else { return }
            if reply.status == .ok {
                handedOver(r.item)
            } else {
                w.startBackgroundTransfer(r.item)   // no network now: the system uploads it later
                handedOver(r.item)
            }
        }
    }

    private func confirm(_ index: Int) {
        let w = world
        let p = w.p.share
        run = Run(item: index)
        w.shareRuns.append(index)
        // A share to the second account, signed in after the first signed out, is not one of the
        // followed items, whatever becomes of the run (docs/model.md#a-second-account).
        if w.shared.readSession(w.device)?.account == Account.second { w.shares[index].forSecondAccount = true }
        guard w.engine.allocate(w.ids.share, bytes: p.baseMemory) else { return }
        if p.loadsIntoMemory && !w.engine.allocate(w.ids.share, bytes: w.shares[index].size) { return }   // the sheet vanishes
        // The extension needs to know who is signed in: it reads the shared session entry.
        let session = w.shared.readSession(w.device)
        guard let token = session else {
            w.measure.report(.shareAskedToSignIn(item: Int32(index)))
            w.engine.end(w.ids.share, .normal)
            return
        }
        if token.account == Account.second {
            // Shared to someone else's account: its changes are not followed.
            w.shares[index].forSecondAccount = true
            w.engine.end(w.ids.share, .normal)
            return
        }
        w.shares[index].change = w.makeChange(.share)
        w.shares[index].extensionHolds = true
        switch p.design {
        case .inExtension:
            if w.shares[index].size > p.backgroundTransferAbove {
                w.startBackgroundTransfer(index)
                handedOver(index)
            } else {
                w.request(.write, from: w.ids.share, credential: token.id, change: w.shares[index].change, key: true)
            }
        case .outbox:
            append(index)
        case .openApp:
            w.shares[index].openedApp = true
            w.shares[index].handedOver = true
            w.shares[index].extensionHolds = false   // the hold travels with the deep link to the app
            w.openAppInForeground(.link, bySurface: w.ids.share.process)
            w.engine.send(.shareHandedOver(change: w.shares[index].change), to: w.ids.app)
            w.engine.end(w.ids.share, .normal)
        }
    }

    /// Appends the item to the outbox under the coordination mode.
    private func append(_ index: Int) {
        let w = world
        switch w.p.share.outbox {
        case .uncoordinated:
            w.engine.send(.appendRead, to: w.ids.share, after: w.ioTime(w.ids.share.process))
        case .coordinated:
            if w.outbox.acquire(w.ids.share.process.index) {
                w.engine.send(.appendRead, to: w.ids.share, after: w.ioTime(w.ids.share.process))
            }
        case .perProcessFiles:
            w.createOutboxItemFile(w.shares[index].change)
            handedOver(index)
        }
    }

    private func handedOver(_ index: Int) {
        let w = world
        w.shares[index].handedOver = true
        if w.shares[index].extensionHolds {
            w.shares[index].extensionHolds = false
            w.letGo(w.shares[index].change)      // its next holder took it first
        }
        if let next = w.outbox.release(w.ids.share.process.index) { w.grantOutboxLock(to: next) }
        if w.p.share.design == .outbox && w.engine.isRunning(w.ids.app) { w.engine.send(.outboxItemAdded, to: w.ids.app) }
        w.engine.end(w.ids.share, .normal)
    }
}


/// What the share sheet accepts: the user's shares (its own timer), a share the user
/// waited to make, the background transfer service's steps, the network notice, and the
/// replies to its uploads.
enum ShareSheetInput {
    /// The user shares an item (its own timer).
    case share
    /// The user shares again the item they tried while the extension was busy, with the size it was drawn with.
    case shareAgain(size: Int64)
    /// The extension hands item `item` to the background transfer service.
    case startTransfer(item: Int32)
    /// The background transfer of item `item` is done uploading.
    case transferDone(item: Int32)
    case deviceNotice(DeviceNotice)
    case reply(Reply)
}
/// The user's shares from other apps' share sheets (`share.perDay`), and the system's
/// background transfers that outlive the extension and relaunch the app when done
/// (docs/platform-facts.md#extensions `ext.background_upload`).
final class ShareSheet: SimulatedProcess<ShareSheetInput> {
    /// Its operating system; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var waitingForNetwork: [Int] = []

    init(world: World) { self.world = world }
    override func discardMemory() {}

    func start() { schedule() }

    private func schedule() {
        world.scheduleArrival(perDay: world.p.share.perDay, rng: &world.rng.share, .share, to: world.ids.shareSheet)
    }

    override func receive(_ input: ShareSheetInput, engine: Engine) {
        switch input {
        case .share:
            share()
            schedule()
        case .shareAgain(let size):
            share(size: size)          // the share the user waited to make
        case .transferDone(let index):
            upload(Int(index))
        case .startTransfer(let index):
            transfer(Int(index))
        case .deviceNotice(.online):
            let waiting = waitingForNetwork
            waitingForNetwork = []
            for i in waiting { transfer(i) }
        case .deviceNotice, .reply:
            break       // an upload's outcome is the backend's record (share.* metrics)
        }
    }

    /// The user shares one item and confirms: the extension is launched for it. While a sheet
    /// is still up (the previous share's extension is running) the user waits and shares after it.
    private func share(size drawn: Int64? = nil) {
        let w = world
        let size = drawn ?? Int64(max(1, w.p.share.itemSize.sample(&w.rng.share)))
        if w.engine.isRunning(w.ids.share) {
            // The item keeps the size it was drawn with when the user chose it.
            w.engine.send(.shareAgain(size: size), to: w.ids.shareSheet, after: 2 * Time.second)
            return
        }
        w.shares.append(SharedItem(confirmedAt: w.now, size: size))
        w.unlock()
        w.engine.launch(w.ids.share, by: .shareSheet,
                        limits: ProcessLimits(timeBudget: w.p.share.timeBudget,
                                             // The view debugger waives extensions' memory limits (docs/model.md#power).
                                             memoryLimit: w.p.device.developerAttached ? nil : w.p.share.memoryLimit))
        w.engine.send(.confirm(item: Int32(w.shares.count - 1)), to: w.ids.share)
    }

    private func transfer(_ index: Int) {
        let w = world
        guard w.device.online else {
            waitingForNetwork.append(index)
            return
        }
        // Upload time: the round trip plus the item at 2 MB/s.
        let upload = w.p.network.latency.sampleTime(&w.rng.networkShare) + SimTime(Double(w.shares[index].size) / 2.0)
        w.engine.send(.transferDone(item: Int32(index)), to: w.ids.shareSheet, after: upload)
    }

    private func upload(_ index: Int) {
        let w = world
        w.request(.write, from: w.ids.shareSheet, credential: Backend.phoneSession, change: w.shares[index].change,
                  key: true, item: Int32(index), online: true)
        w.letGo(w.shares[index].change)          // the upload request now carries it
        // The finished transfer relaunches the app in the background to handle its events.
        if !w.device.appForceQuit && !w.appInForeground {
            w.wakeAppInBackground(.backgroundTransfer, for: .backgroundWake(.backgroundTransfer))
        }
    }
}
