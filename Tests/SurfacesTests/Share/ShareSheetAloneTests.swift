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

/// The share sheet alone against a harness context (issue 42): a recording share extension, a
/// recording backend and a recording main app stand in for the rest of the world, reached only
/// through its ports.
final class ShareSheetAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<ShareSheet, ShareSheetInput, ShareSheetState, ShareSheetPorts>
    private struct StandIns {
        let shareExtension = Recorder<ShareExtensionInput>(1)
        let backend = Recorder<BackendInput>(2)
        let app = Recorder<MainAppInput>(3)
    }

    /// The sheet with no shares of its own (`share.perDay` 0: the test sends them), seed 1. The
    /// harness registers the program first and then the peers in the order given: the share
    /// extension is process 1, the app process 3. The extension is not running at the start.
    private func harness() -> (Harness, StandIns, Parameters) {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.share.perDay = 0
        let peers = StandIns()
        let h = Harness(p, seed: 1, peers: [peers.shareExtension, peers.backend, peers.app])
        h.os.wiring.shareExtension = ProcessID(1)
        h.os.wiring.app = ProcessID(3)
        h.engine.end(ProcessID(1), .normal)
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        return (h, peers, p)
    }

    private func confirms(_ e: Recorder<ShareExtensionInput>) -> [(at: SimTime, item: Int32, size: Int64)] {
        e.received.compactMap { if case .confirm(let item, let size) = $0.input { ($0.at, item, size) } else { nil } }
    }

    /// Each share has the system launch the extension and confirms the item to its extension
    /// port, numbered in order, with a size drawn from the sheet's own `share` stream. A share
    /// while the extension still runs waits: the user tries again every 2 s and confirms the
    /// same item, with the size drawn when they chose it, once the extension's run is over.
    func testAShareWaitsForTheSheetAndKeepsItsSize() {
        let (h, peers, p) = harness()
        defer { h.dismantle() }
        var own = ShareStreams(replicationSeed: 1)
        let sizes = (0..<2).map { _ in Int64(max(1, p.share.itemSize.sample(&own.share))) }
        h.send(.share)
        h.send(.share, after: Time.second)
        h.run(until: 6 * Time.second)
        XCTAssertEqual(confirms(peers.shareExtension).map(\.at), [0], "the second share waits while the sheet is up")
        XCTAssertTrue(h.engine.isRunning(ProcessID(1)), "the system launched the extension for the first")
        h.engine.end(ProcessID(1), .normal)                 // the first share's extension is done
        h.run(until: Time.minute)
        let confirmed = confirms(peers.shareExtension)
        XCTAssertEqual(confirmed.map(\.at), [0, 7 * Time.second], "tried again at 3, 5 and 7 s: confirmed at 7 s")
        XCTAssertEqual(confirmed.map(\.item), [0, 1])
        XCTAssertEqual(confirmed.map(\.size), sizes, "each item keeps the size drawn when it was chosen")
    }

    /// A background transfer started offline waits for the network; once online, it uploads for
    /// one round trip (drawn from the sheet's own `network.share` stream) plus the item at 2 MB/s,
    /// then wakes the app in the background at its app port and sends the item's change to its
    /// backend port as a keyed write under the phone's session.
    func testATransferWaitsForTheNetworkThenUploadsAndWakesTheApp() {
        let (h, peers, p) = harness()
        defer { h.dismantle() }
        let change = h.program.changes.make(.share)   // the maker's hold stands for the transfer's
        h.os.setNetwork(online: false)
        h.send(.startTransfer(Transfer(item: 4, change: change, size: 4_000_000)))
        h.run(until: Time.minute)
        XCTAssertTrue(peers.backend.received.isEmpty && peers.app.received.isEmpty, "offline: it waits")
        h.os.setNetwork(online: true)
        h.send(.deviceNotice(.online))
        var own = ShareStreams(replicationSeed: 1)
        let done = Time.minute + p.network.latency.sampleTime(&own.networkShare) + 2 * Time.second
        h.run(until: Time.minute + Time.minute)
        XCTAssertEqual(peers.app.received.count, 1)
        guard case .backgroundWake(.backgroundTransfer)? = peers.app.received.first?.input else {
            return XCTFail("the finished transfer woke no app: \(peers.app.received)")
        }
        XCTAssertEqual(peers.app.received.first?.at, done)
        let writes = peers.backend.received.compactMap { if case .request(let r) = $0.input { ($0.at, r) } else { nil } }
        XCTAssertEqual(writes.count, 1)
        XCTAssertGreaterThanOrEqual(writes.first?.0 ?? 0, done, "sent when the upload is done")
        XCTAssertEqual(writes.first?.1.kind, .write)
        XCTAssertEqual(writes.first?.1.change, change)
        XCTAssertEqual(writes.first?.1.item, 4)
        XCTAssertEqual(writes.first?.1.credential, .phoneSession)
        XCTAssertEqual(writes.first?.1.idempotencyKey, true)
    }
}
