import XCTest
import SimKernel
@testable import Platform
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// The share extension alone against a harness context (issue 42): a recording backend, a
/// recording main app and a recording share sheet (the background transfer service) stand in
/// for the rest of the world, reached only through its ports. The system launches it with the
/// extension's limits (`appLaunch.launchShareExtension()`), as the share sheet asks.
final class ShareExtensionAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<ShareExtension, ShareExtensionInput, ShareExtensionState, ShareExtensionPorts>
    private struct StandIns {
        let backend = Recorder<BackendInput>(1)
        let app = Recorder<MainAppInput>(2)
        let sheet = Recorder<ShareSheetInput>(3)
        /// Everything its ports received.
        var count: Int { backend.received.count + app.received.count + sheet.received.count }
    }

    /// The extension with `design`, the first account's session in the shared entry, launched by
    /// the system for item 0 of `size` bytes, which the user confirmed. The harness registers the
    /// program first and then the peers in the order given: the app is process 2.
    private func harness(_ design: ShareDesign, size: Int64, loadsIntoMemory: Bool = false) -> (Harness, StandIns) {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.share.design = design
        p.share.loadsIntoMemory = loadsIntoMemory
        p.share.memoryLimit = 120 * 1_048_576
        p.share.baseMemory = 20 * 1_048_576
        p.share.backgroundTransferAbove = 1_048_576
        let peers = StandIns()
        let h = Harness(p, peers: [peers.backend, peers.app, peers.sheet])
        h.os.wiring.shareExtension = h.address.process
        h.os.wiring.app = ProcessID(2)
        h.os.shared.setSession(SessionToken(id: .phoneSession, account: .first))
        h.measure.signals(ShareSignals.self).emit(.confirmed(item: 0))     // as the share sheet emits it
        h.os.launchShareExtension()
        h.send(.confirm(item: 0, size: size))
        return (h, peers)
    }

    private func writes(_ backend: Recorder<BackendInput>) -> [Request] {
        backend.received.compactMap { if case .request(let r) = $0.input, r.kind == .write { r } else { nil } }
    }

    private func transfers(_ sheet: Recorder<ShareSheetInput>) -> [(at: SimTime, transfer: Transfer)] {
        sheet.received.compactMap { if case .startTransfer(let t) = $0.input { ($0.at, t) } else { nil } }
    }

    /// `inExtension`, a small item: it uploads the item itself, a keyed write of the change it made
    /// under the session it read, to its backend port, and runs until the answer; the write
    /// refused (no network), it hands the item to its share sheet port's transfer service and ends.
    func testASmallItemIsUploadedByTheExtensionItself() {
        let (h, peers) = harness(.inExtension, size: 500_000)
        defer { h.dismantle() }
        h.run(until: 5 * Time.second)
        XCTAssertEqual(writes(peers.backend).count, 1)
        let write = writes(peers.backend).first
        XCTAssertEqual(write?.idempotencyKey, true)
        XCTAssertEqual(write?.credential, .phoneSession)
        guard let change = write?.change else { return XCTFail("it made a change for the item") }
        XCTAssertTrue(transfers(peers.sheet).isEmpty)
        XCTAssertTrue(h.engine.isRunning(h.address), "it waits for the answer")
        h.send(.reply(Reply(kind: .write, status: .failed, data: .noData, change: change, item: -1, readAt: h.engine.now)))
        h.run(until: 6 * Time.second)
        XCTAssertEqual(transfers(peers.sheet).count, 1)
        let t = transfers(peers.sheet).first
        XCTAssertEqual(t?.at, 5 * Time.second)
        XCTAssertEqual(t.map { [Int64($0.transfer.item), Int64($0.transfer.change.number), $0.transfer.size] }, [0, Int64(change.number), 500_000])
        XCTAssertFalse(h.engine.isRunning(h.address), "handed over: its run ends")
        XCTAssertTrue(peers.app.received.isEmpty)
    }

    /// `inExtension`, an item above `share.backgroundTransferAbove`: handed at once to its share
    /// sheet port's transfer service, with its number, change and size; no upload of its own.
    func testALargeItemGoesAsABackgroundTransfer() {
        let size: Int64 = 5 * 1_048_576
        let (h, peers) = harness(.inExtension, size: size)
        defer { h.dismantle() }
        h.run(until: Time.minute)
        XCTAssertTrue(writes(peers.backend).isEmpty)
        XCTAssertEqual(transfers(peers.sheet).count, 1)
        XCTAssertEqual(transfers(peers.sheet).first?.at, 0)
        XCTAssertEqual(transfers(peers.sheet).first?.transfer.size, size)
        XCTAssertEqual(transfers(peers.sheet).first?.transfer.item, 0)
        XCTAssertFalse(h.engine.isRunning(h.address))
    }

    /// `openApp`: the change goes to its app port by deep link (`shareHandedOver`), the app comes
    /// to the foreground, and the extension ends; nothing goes to the backend or a transfer.
    func testOpenAppHandsTheChangeToTheApp() {
        let (h, peers) = harness(.openApp, size: 500_000)
        defer { h.dismantle() }
        h.run(until: Time.minute)
        XCTAssertEqual(peers.app.received.count, 1)
        guard case .shareHandedOver(let change)? = peers.app.received.first?.input else {
            return XCTFail("no change handed to the app: \(peers.app.received)")
        }
        XCTAssertGreaterThanOrEqual(change.number, 0)
        XCTAssertTrue(h.os.appInForeground)
        XCTAssertTrue(peers.backend.received.isEmpty && peers.sheet.received.isEmpty)
        XCTAssertFalse(h.engine.isRunning(h.address))
    }

    /// Loading the item into memory past the extension's limit (20 MiB of its own and 110 MiB of
    /// item against 120 MiB) kills it: nothing reaches any port. An item that fits goes on.
    func testAnItemPastTheMemoryLimitKillsTheExtension() {
        let (h, peers) = harness(.inExtension, size: 110 * 1_048_576, loadsIntoMemory: true)
        defer { h.dismantle() }
        h.run(until: Time.minute)
        XCTAssertEqual(peers.count, 0, "killed before it did anything")
        XCTAssertFalse(h.engine.isRunning(h.address))

        let (fits, fitPeers) = harness(.inExtension, size: 90 * 1_048_576, loadsIntoMemory: true)
        defer { fits.dismantle() }
        fits.run(until: Time.minute)
        XCTAssertEqual(transfers(fitPeers.sheet).count, 1, "an item that fits goes as a transfer")
    }
}
