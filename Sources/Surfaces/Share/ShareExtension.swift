import SimKernel
import Platform

/// An item the extension handed to the system's background transfer service: the transfer
/// carries its number, its change and its size (the upload's length).
struct Transfer {
    var item: Int32
    var change: Int32
    var size: Int64
}


/// What the share extension accepts (§25.7): the item the user confirmed, the steps of
/// its append to the shared outbox, the outbox's lock, and the reply to its upload.
enum ShareExtensionInput {
    /// The user confirmed shared item `item`, of `size` bytes, in the sheet.
    case confirm(item: Int32, size: Int64)
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
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The measurement layer it reports to and never reads, held strongly as the system is.
    let measure: Measurement
    /// The changes' journeys it records (made, handed on, let go), held likewise.
    let changes: ChangeJourneys

    /// In memory during one run: the outbox as its append read it.
    private struct ShareExtensionRun { var snapshot: [Int32] = [] }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var run: ShareExtensionRun?
    /// The item the latest run was launched for, as the system keeps it past the run's memory
    /// (which goes first when the process ends): its number and size, the change the run made
    /// for it, whether the run handed it over (to the outbox, a background transfer, the app or
    /// the backend) and whether the run still holds the change.
    private struct ShareExtensionLaunch {
        var item: Int32
        var size: Int64
        var change: Int32 = -1
        var handedOver = false
        var holds = false
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var launch: ShareExtensionLaunch?

    init(world: World) { self.world = world; os = world.os; measure = world.measure; changes = world.changes }
    override func discardMemory() { run = nil }

    override func ended(_ reason: ProcessEnd, engine: Engine) {
        let w = world
        os.abandonOutboxLock(w.ids.shareExtension.process)
        if reason == .killedForMemory || reason == .killedForTime, let l = launch, !l.handedOver {
            measure.report(.share(item: l.item, .killed))     // the sheet vanishes
        }
        // A run that ends before handing its change over takes it with it: lost, unless a
        // request it sent still carries it.
        if let l = launch, l.holds {
            launch?.holds = false
            changes.letGo(l.change)
        }
    }

    override func receive(_ input: ShareExtensionInput, engine: Engine) {
        let w = world
        switch input {
        case .confirm(let item, let size):
            confirm(item, size: size)
        case .appendRead:
            guard var r = run else { return }
            r.snapshot = os.outbox.read()
            run = r
            engine.send(.appendWrite, to: w.ids.shareExtension, after: os.ioTime(w.ids.shareExtension.process))
        case .appendWrite:
            guard let r = run, let l = launch else { return }
            os.writeSharedOutbox(r.snapshot + [l.change])
            handedOver()
        case .outboxLockGranted:
            engine.send(.appendRead, to: w.ids.shareExtension, after: os.ioTime(w.ids.shareExtension.process))
        case .reply(let reply):
            guard run != nil else { return }
            if reply.status == .ok {
                handedOver()
            } else {
                startBackgroundTransfer()   // no network now: the system uploads it later
                handedOver()
            }
        }
    }

    private func confirm(_ item: Int32, size: Int64) {
        let w = world
        let p = w.p.share
        run = ShareExtensionRun()
        launch = ShareExtensionLaunch(item: item, size: size)
        // A share to the second account, signed in after the first signed out, is not one of the
        // followed items, whatever becomes of the run (docs/model.md#a-second-account).
        if os.readSharedSession()?.account == .second { measure.report(.share(item: item, .forSecondAccount)) }
        guard w.engine.allocate(w.ids.shareExtension, bytes: p.baseMemory) else { return }
        if p.loadsIntoMemory && !w.engine.allocate(w.ids.shareExtension, bytes: size) { return }   // the sheet vanishes
        // The extension needs to know who is signed in: it reads the shared session entry.
        let session = os.readSharedSession()
        guard let token = session else {
            measure.report(.share(item: item, .askedToSignIn))
            w.engine.end(w.ids.shareExtension, .normal)
            return
        }
        if token.account == .second {
            // Shared to someone else's account: its changes are not followed.
            measure.report(.share(item: item, .forSecondAccount))
            w.engine.end(w.ids.shareExtension, .normal)
            return
        }
        let change = changes.make(.share)
        launch?.change = change
        launch?.holds = true
        measure.report(.share(item: item, .change(change)))
        switch p.design {
        case .inExtension:
            if size > p.backgroundTransferAbove {
                startBackgroundTransfer()
                handedOver()
            } else {
                os.request(.write, from: w.ids.shareExtension, to: w.ids.backend, credential: token.id, change: change, key: true)
            }
        case .outbox:
            append(change)
        case .openApp:
            measure.report(.share(item: item, .openedApp))
            launch?.handedOver = true
            launch?.holds = false   // the hold travels with the deep link to the app
            os.openAppInForeground(.link, bySurface: w.ids.shareExtension.process)
            w.send(.shareHandedOver(change: change), to: w.ids.app)
            w.engine.end(w.ids.shareExtension, .normal)
        }
    }

    /// Hands the item to the system's background transfer service, which holds its change from now.
    private func startBackgroundTransfer() {
        guard let l = launch else { return }
        changes.hold(l.change)
        world.send(.startTransfer(Transfer(item: l.item, change: l.change, size: l.size)), to: world.ids.shareSheet)
    }

    /// Appends the item's change to the outbox under the coordination mode.
    private func append(_ change: Int32) {
        let w = world
        switch w.p.share.outbox {
        case .uncoordinated:
            w.send(.appendRead, to: w.ids.shareExtension, after: os.ioTime(w.ids.shareExtension.process))
        case .coordinated:
            if os.outbox.acquire(w.ids.shareExtension.process.index) {
                w.send(.appendRead, to: w.ids.shareExtension, after: os.ioTime(w.ids.shareExtension.process))
            }
        case .perProcessFiles:
            os.createOutboxItemFile(change)
            handedOver()
        }
    }

    private func handedOver() {
        let w = world
        launch?.handedOver = true
        if let l = launch, l.holds {
            launch?.holds = false
            changes.letGo(l.change)      // its next holder took it first
        }
        os.releaseOutboxLock(w.ids.shareExtension.process)
        // Whoever observes the outbox and is running hears of the item; the extension cannot tell who did.
        if w.p.share.design == .outbox { os.postDarwinNotification(.outboxChanged) }
        w.engine.end(w.ids.shareExtension, .normal)
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
    /// The extension hands an item to the background transfer service.
    case startTransfer(Transfer)
    /// The background transfer of an item is done uploading.
    case transferDone(Transfer)
    case deviceNotice(DeviceNotice)
    case reply(Reply)
}
/// The user's shares from other apps' share sheets (`share.perDay`), and the system's
/// background transfers that outlive the extension and relaunch the app when done
/// (docs/platform-facts.md#extensions `ext.background_upload`).
final class ShareSheet: SimulatedProcess<ShareSheetInput> {
    /// The world it runs in; a strong reference that `World.dismantle()` breaks at the end.
    let world: World
    /// The operating system it runs on, held strongly as the world is (no reference counting per call).
    let os: OperatingSystem
    /// The measurement layer it reports to and never reads, held strongly as the system is.
    let measure: Measurement
    /// The changes' journeys it records (made, handed on, let go), held likewise.
    let changes: ChangeJourneys
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var waitingForNetwork: [Transfer] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// How many items the user has shared (each item's number is its place in that order).
    private var itemsShared: Int32 = 0

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    /// The share sheet's own random streams (shares, uploads).
    private var rng: ShareStreams

    init(world: World) { self.world = world; os = world.os; measure = world.measure; changes = world.changes; rng = ShareStreams(replicationSeed: world.seed) }
    override func discardMemory() {}

    func start() { schedule() }

    private func schedule() {
        world.scheduleArrival(perDay: world.p.share.perDay, rng: &rng.share, .share, to: world.ids.shareSheet)
    }

    override func receive(_ input: ShareSheetInput, engine: Engine) {
        switch input {
        case .share:
            share()
            schedule()
        case .shareAgain(let size):
            share(size: size)          // the share the user waited to make
        case .transferDone(let t):
            upload(t)
        case .startTransfer(let t):
            transfer(t)
        case .deviceNotice(.online):
            let waiting = waitingForNetwork
            waitingForNetwork = []
            for t in waiting { transfer(t) }
        case .deviceNotice, .reply:
            break       // an upload's outcome is the backend's record (share.* metrics)
        }
    }

    /// The user shares one item and confirms: the extension is launched for it. While a sheet
    /// is still up (the previous share's extension is running) the user waits and shares after it.
    private func share(size drawn: Int64? = nil) {
        let w = world
        let size = drawn ?? Int64(max(1, w.p.share.itemSize.sample(&rng.share)))
        if os.shareExtensionRuns {
            // The item keeps the size it was drawn with when the user chose it.
            w.send(.shareAgain(size: size), to: w.ids.shareSheet, after: 2 * Time.second)
            return
        }
        let item = itemsShared
        itemsShared += 1
        measure.report(.share(item: item, .confirmed))
        os.unlock()
        os.launchShareExtension()
        w.send(.confirm(item: item, size: size), to: w.ids.shareExtension)
    }

    private func transfer(_ t: Transfer) {
        let w = world
        guard os.device.online else {
            waitingForNetwork.append(t)
            return
        }
        // Upload time: the round trip plus the item at 2 MB/s.
        let upload = w.p.network.latency.sampleTime(&rng.networkShare) + SimTime(Double(t.size) / 2.0)
        w.send(.transferDone(t), to: w.ids.shareSheet, after: upload)
    }

    private func upload(_ t: Transfer) {
        let w = world
        os.request(.write, from: w.ids.shareSheet, to: w.ids.backend, credential: .phoneSession, change: t.change,
                  key: true, item: t.item, online: true)
        changes.letGo(t.change)          // the upload request now carries it
        // The finished transfer relaunches the app in the background to handle its events.
        if !os.device.appForceQuit && !os.appInForeground {
            os.wakeAppInBackground(.backgroundTransfer, for: .backgroundWake(.backgroundTransfer), at: world.ids.app)
        }
    }
}

/// How the assembly wires the shareExtension program (`AssembledProgram`).
extension ShareExtension: AssembledProgram {
    typealias Input = ShareExtensionInput
    static var programName: String { "shareExtension" }
    /// The system launches it for the share sheet; file coordination grants it the outbox lock.
    static func hears(_ system: inout SystemWiring, at address: Address<ShareExtensionInput>, _ p: Parameters) {
        guard p.share.enabled else { return }
        system.shareExtension = address.process
        system.outboxLockGrants[Int(address.process.index)] = Route(to: address, as: { _ in ShareExtensionInput.outboxLockGranted })
    }
    static var endsWithThePhone: Bool { true }
    static var requestsCountUnder: CostSurface? { .share }
    /// At time 0: not started; the system launches it for each share the share sheet confirms.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

/// How the assembly wires the shareSheet program (`AssembledProgram`).
extension ShareSheet: AssembledProgram {
    typealias Input = ShareSheetInput
    static var programName: String { "shareSheet" }
    static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> ShareSheetInput)? {
        guard p.share.enabled else { return nil }
        return ShareSheetInput.deviceNotice
    }
    /// The share sheet's background uploads count as the share extension's.
    static var requestsCountUnder: CostSurface? { .share }
    /// At time 0: the share sheet runs all day when the app has a share extension.
    static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.share.enabled ? .launched : .notStarted }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension ShareExtensionInput: ReplyInput {}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension ShareSheetInput: ReplyInput {}
