import SimKernel
import Platform
import SurfaceCore

/// What the share extension accepts (§25.7): the item the user confirmed, the steps of
/// its append to the shared outbox, the outbox's lock, and the reply to its upload.
package enum ShareExtensionInput {
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
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context`, its peers through its `ports`, and keeps everything in `state`.
package final class ShareExtension: SurfaceProgram<ShareExtensionInput, ShareExtensionState, ShareExtensionPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let sharedStorage: SharedStorageService
    package let appLaunch: AppLaunchService
    package let device: DeviceService
    /// The share extension's parameters (`share.*`).
    package let p: Parameters.Share
    /// The changes' journeys it records (made, handed on, let go).
    package let changes: ChangeJourneys

    /// The measurement layer's record of the share extension's signals, which it only emits into
    /// (`ShareMetrics.swift`).
    package let signals: ShareSignals

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        sharedStorage = setup.platform.sharedStorage
        appLaunch = setup.platform.appLaunch
        device = setup.platform.device
        signals = setup.measure.signals(ShareSignals.self)
        p = setup.parameters.share
        changes = setup.changes
        super.init(setup, state: ShareExtensionState())
    }
    package override func discardMemory() { state.run = nil }

    package override func ended(_ reason: ProcessEnd) {
        sharedStorage.abandonOutboxLock(context.me.process)
        if reason == .killedForMemory || reason == .killedForTime, let l = state.launch, !l.handedOver {
            signals.emit(.killed(item: l.item))     // the sheet vanishes
        }
        // A run that ends before handing its change over takes it with it: lost, unless a
        // request it sent still carries it.
        if let l = state.launch, l.holds, let change = l.change {
            state.launch?.holds = false
            changes.letGo(change)
        }
    }

    package override func receive(_ input: ShareExtensionInput) {
        switch input {
        case .confirm(let item, let size):
            confirm(item, size: size)
        case .appendRead:
            guard var r = state.run else { return }
            r.snapshot = sharedStorage.readOutbox()
            state.run = r
            context.after(sharedStorage.ioTime(context.me.process), .appendWrite)
        case .appendWrite:
            guard let r = state.run, let change = state.launch?.change else { return }
            sharedStorage.writeOutbox(r.snapshot + [change])
            handedOver()
        case .outboxLockGranted:
            context.after(sharedStorage.ioTime(context.me.process), .appendRead)
        case .reply(let reply):
            guard state.run != nil else { return }
            if reply.status == .ok {
                handedOver()
            } else {
                startBackgroundTransfer()   // no network now: the system uploads it later
                handedOver()
            }
        }
    }

    private func confirm(_ item: Int32, size: Int64) {
        state.run = ShareExtensionRun()
        state.launch = ShareExtensionLaunch(item: item, size: size)
        // A share to the second account, signed in after the first signed out, is not one of the
        // followed items, whatever becomes of the run (docs/model.md#a-second-account).
        if sharedStorage.readSession()?.account == .second { signals.emit(.forSecondAccount(item: item)) }
        guard context.allocate(bytes: p.baseMemory) else { return }
        if p.loadsIntoMemory && !context.allocate(bytes: size) { return }   // the sheet vanishes
        // The extension needs to know who is signed in: it reads the shared session entry.
        let session = sharedStorage.readSession()
        guard let token = session else {
            signals.emit(.askedToSignIn(item: item))
            context.end()
            return
        }
        if token.account == .second {
            // Shared to someone else's account: its changes are not followed.
            signals.emit(.forSecondAccount(item: item))
            context.end()
            return
        }
        let change = changes.make(.share)
        state.launch?.change = change
        state.launch?.holds = true
        signals.emit(.change(item: item, change))
        switch p.design {
        case .inExtension:
            if size > p.backgroundTransferAbove {
                startBackgroundTransfer()
                handedOver()
            } else {
                network.request(.write, from: context.me, to: ports.backend, credential: token.id, change: change, key: true)
            }
        case .outbox:
            append(change)
        case .openApp:
            signals.emit(.openedApp(item: item))
            state.launch?.handedOver = true
            state.launch?.holds = false   // the hold travels with the deep link to the app
            appLaunch.openAppInForeground(.link, bySurface: context.me.process)
            context.send(.shareHandedOver(change: change), to: ports.app)
            context.end()
        }
    }

    /// Hands the item to the system's background transfer service, which holds its change from now.
    private func startBackgroundTransfer() {
        guard let l = state.launch, let change = l.change else { return }
        changes.hold(change)
        context.send(.startTransfer(Transfer(item: l.item, change: change, size: l.size)), to: ports.shareSheet)
    }

    /// Appends the item's change to the outbox under the coordination mode.
    private func append(_ change: ChangeID) {
        switch p.outbox {
        case .uncoordinated:
            context.after(sharedStorage.ioTime(context.me.process), .appendRead)
        case .coordinated:
            if sharedStorage.acquireOutboxLock(context.me.process) {
                context.after(sharedStorage.ioTime(context.me.process), .appendRead)
            }
        case .perProcessFiles:
            sharedStorage.createOutboxItemFile(change)
            handedOver()
        }
    }

    private func handedOver() {
        state.launch?.handedOver = true
        if let l = state.launch, l.holds, let change = l.change {
            state.launch?.holds = false
            changes.letGo(change)      // its next holder took it first
        }
        sharedStorage.releaseOutboxLock(context.me.process)
        // Whoever observes the outbox and is running hears of the item; the extension cannot tell who did.
        if p.design == .outbox { device.postDarwinNotification(.outboxChanged) }
        context.end()
    }
}

/// Everything the share extension keeps (`SurfaceProgram.state`): a run's memory, and the item
/// the latest run was launched for as the system keeps it past that memory.
package struct ShareExtensionState {
    /// The run under way's memory (`discardMemory` drops it): none between runs.
    package var run: ShareExtensionRun?
    /// The item the latest run was launched for, kept past the run's memory (which goes first
    /// when the process ends), so its end can tell what became of the item.
    package var launch: ShareExtensionLaunch?
}

/// In memory during one run of the share extension: the outbox as its append read it.
package struct ShareExtensionRun {
    package var snapshot: [ChangeID] = []
}

/// The item a run of the share extension was launched for, as the system keeps it past the
/// run's memory: its number and size, the change the run made for it, whether the run handed it
/// over (to the outbox, a background transfer, the app or the backend) and whether the run still
/// holds the change.
package struct ShareExtensionLaunch {
    package var item: Int32
    package var size: Int64
    /// The change the run made for it (nil: none yet, or none at all signed out).
    package var change: ChangeID?
    package var handedOver = false
    package var holds = false
}

/// The share extension's peers: the backend it uploads an item to itself, the main app it
/// hands an item to by deep link, and the share sheet, whose background transfer service takes
/// the items it leaves to upload later.
package struct ShareExtensionPorts: ProgramPorts {
    package let backend: Address<BackendInput>
    package let app: Address<MainAppInput>
    package let shareSheet: Address<ShareSheetInput>
    package init(_ peers: Peers) {
        backend = peers.peer()
        app = peers.peer()
        shareSheet = peers.peer()
    }
}

/// How the assembly wires the shareExtension program (`AssembledProgram`).
extension ShareExtension: AssembledProgram {
    package typealias Input = ShareExtensionInput
    package static var programName: String { "shareExtension" }
    /// The system launches it for the share sheet; file coordination grants it the outbox lock.
    package static func hears(_ system: inout SystemWiring, at address: Address<ShareExtensionInput>, _ p: Parameters) {
        guard p.share.enabled else { return }
        system.shareExtension = address.process
        system.outboxLockGrants[Int(address.process.index)] = Route(to: address, as: { _ in ShareExtensionInput.outboxLockGranted })
    }
    package static var endsWithThePhone: Bool { true }
    package static var requestsCountUnder: CostSurface? { .share }
    /// At time 0: not started; the system launches it for each share the share sheet confirms.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { .notStarted }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension ShareExtensionInput: ReplyInput {}
