import SimKernel
import Platform
import SurfaceCore

/// An item the extension handed to the system's background transfer service: the transfer
/// carries its number, its change and its size (the upload's length).
package struct Transfer {
    package var item: Int32
    package var change: ChangeID
    package var size: Int64
}

/// What the share sheet accepts: the user's shares (its own timer), a share the user
/// waited to make, the background transfer service's steps, the network notice, and the
/// replies to its uploads.
package enum ShareSheetInput {
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
///
/// A program of the one door (docs/extending.md#the-one-door): it reaches the simulation through
/// its `context`, its peers through its `ports`, and keeps everything in `state`.
package final class ShareSheet: SurfaceProgram<ShareSheetInput, ShareSheetState, ShareSheetPorts>, SetUpProgram {
    /// The operating-system capabilities it declares (docs/extending.md#the-one-door): all it
    /// reaches of the platform.
    package let network: NetworkService
    package let appLaunch: AppLaunchService
    package let device: DeviceService
    package let arrivals: WorldArrivals
    package let personAndPhone: PersonAndPhone
    /// The share extension's parameters (`share.*`): how often the user shares, each item's size.
    package let p: Parameters.Share
    /// The network's parameters: the round trip of each transfer's upload (`network.latency`).
    package let networkParameters: Parameters.Network
    /// The changes' journeys it records (made, handed on, let go).
    package let changes: ChangeJourneys

    /// The measurement layer's record of the share sheet's signals, which it only emits into
    /// (`ShareMetrics.swift`).
    package let signals: ShareSignals

    package init(_ setup: ProgramSetup) {
        network = setup.platform.network
        appLaunch = setup.platform.appLaunch
        device = setup.platform.device
        arrivals = setup.platform.arrivals
        personAndPhone = setup.platform.personAndPhone
        signals = setup.measure.signals(ShareSignals.self)
        p = setup.parameters.share
        networkParameters = setup.parameters.network
        changes = setup.changes
        super.init(setup, state: ShareSheetState(rng: ShareStreams(replicationSeed: setup.seed)))
    }
    /// It runs all day: nothing it keeps is a run's memory.
    package override func discardMemory() {}

    package func start() { schedule() }

    /// The user's next share, its own timer.
    private func schedule() {
        arrivals.schedule(perDay: p.perDay, rng: &state.rng.share, .share, to: context.me)
    }

    package override func receive(_ input: ShareSheetInput) {
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
            let waiting = state.waitingForNetwork
            state.waitingForNetwork = []
            for t in waiting { transfer(t) }
        case .deviceNotice, .reply:
            break       // an upload's outcome is the backend's record (share.* metrics)
        }
    }

    /// The user shares one item and confirms: the extension is launched for it. While a sheet
    /// is still up (the previous share's extension is running) the user waits and shares after it.
    private func share(size drawn: Int64? = nil) {
        let size = drawn ?? Int64(max(1, p.itemSize.sample(&state.rng.share)))
        if appLaunch.shareExtensionRuns {
            // The item keeps the size it was drawn with when the user chose it.
            context.after(2 * Time.second, .shareAgain(size: size))
            return
        }
        let item = state.itemsShared
        state.itemsShared += 1
        signals.emit(.confirmed(item: item))
        personAndPhone.unlock()
        appLaunch.launchShareExtension()
        context.send(.confirm(item: item, size: size), to: ports.shareExtension)
    }

    private func transfer(_ t: Transfer) {
        guard device.state.online else {
            state.waitingForNetwork.append(t)
            return
        }
        // Upload time: the round trip plus the item at 2 MB/s.
        let upload = networkParameters.latency.sampleTime(&state.rng.networkShare) + SimTime(Double(t.size) / 2.0)
        context.after(upload, .transferDone(t))
    }

    private func upload(_ t: Transfer) {
        network.request(.write, from: context.me, to: ports.backend, credential: .phoneSession, change: t.change,
                  key: true, item: t.item, online: true)
        changes.letGo(t.change)          // the upload request now carries it
        // The finished transfer relaunches the app in the background to handle its events.
        if !device.state.appForceQuit && !device.appInForeground {
            appLaunch.wakeAppInBackground(.backgroundTransfer, for: .backgroundWake(.backgroundTransfer), at: ports.app)
        }
    }
}

/// Everything the share sheet keeps (`SurfaceProgram.state`): the transfers waiting for the
/// network, the count of items shared and its random streams.
package struct ShareSheetState {
    /// The background transfers started while the device was offline, in order, which go when
    /// it is online again.
    package var waitingForNetwork: [Transfer] = []
    /// How many items the user has shared (each item's number is its place in that order).
    package var itemsShared: Int32 = 0
    /// The share sheet's own random streams (shares, uploads).
    package var rng: ShareStreams
}

/// The share sheet's peers: the share extension it confirms each item to, the backend the
/// background transfers upload to, and the main app a finished transfer wakes.
package struct ShareSheetPorts: ProgramPorts {
    package let shareExtension: Address<ShareExtensionInput>
    package let backend: Address<BackendInput>
    package let app: Address<MainAppInput>
    package init(_ peers: Peers) {
        shareExtension = peers.peer()
        backend = peers.peer()
        app = peers.peer()
    }
}

/// How the assembly wires the shareSheet program (`AssembledProgram`).
extension ShareSheet: AssembledProgram {
    package typealias Input = ShareSheetInput
    package static var programName: String { "shareSheet" }
    package static func noticeInput(_ p: Parameters) -> ((DeviceNotice) -> ShareSheetInput)? {
        guard p.share.enabled else { return nil }
        return ShareSheetInput.deviceNotice
    }
    /// The share sheet's background uploads count as the share extension's.
    package static var requestsCountUnder: CostSurface? { .share }
    /// At time 0: the share sheet runs all day when the app has a share extension.
    package static func startsAtTimeZero(_ p: Parameters) -> ProgramStart { p.share.enabled ? .launched : .notStarted }
}

/// The network delivers its replies as `.reply(_:)` (`ReplyInput`).
extension ShareSheetInput: ReplyInput {}
