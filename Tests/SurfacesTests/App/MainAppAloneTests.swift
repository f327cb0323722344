import XCTest
import SimKernel
import Platform
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

/// The main app's program alone against a harness context (issue 42): a recording backend,
/// live status, widget host and glances stand in for the rest of the world, reached only
/// through its ports.
final class MainAppAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<MainApp, MainAppInput, MainAppState, MainAppPorts>

    private func parameters() -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.live.enabled = true
        p.widget.enabled = true
        p.watch.enabled = false
        p.share.enabled = false
        p.network.latency = .constant(0.5)
        return p
    }

    private func requests(_ backend: Recorder<BackendInput>) -> [Request] {
        backend.received.compactMap { if case .request(let r) = $0.input { r } else { nil } }
    }

    /// Woken in the background by pushes, a run syncs once at a time with the phone's session
    /// (three pushes, one sync in flight); when the sync fails and nothing else is in flight,
    /// the run suspends.
    func testABackgroundRunSyncsOnceAtATimeAndSuspendsWhenItsSyncFails() {
        let backend = Recorder<BackendInput>(1), live = Recorder<LiveStatusInput>(2)
        let widgetHost = Recorder<WidgetHostInput>(3), glances = Recorder<GlanceInput>(4)
        let h = Harness(parameters(), peers: [backend, live, widgetHost, glances])
        defer { h.dismantle() }
        h.engine.launch(h.address.process, by: .system)
        for k in 1...3 { h.send(.silentPush, after: SimTime(k) * Time.second) }
        h.run(until: Time.minute)
        XCTAssertEqual(requests(backend).map(\.kind), [.sync])
        XCTAssertEqual(requests(backend).first?.credential, .phoneSession)
        XCTAssertTrue(h.engine.isRunning(h.address), "its sync is in flight")
        h.send(.reply(Reply(kind: .sync, status: .failed, data: .noData, change: nil, item: -1, readAt: h.engine.now)))
        h.run(until: 2 * Time.minute)
        XCTAssertFalse(h.engine.isRunning(h.address), "idle in the background, it suspends")
    }

    /// Signing out with every step: the live status is told to end every status, the widget
    /// host to reload for free, the backend to revoke the phone's session; the app keeps no
    /// account.
    func testSigningOutSendsEachStepToItsPort() {
        let backend = Recorder<BackendInput>(1), live = Recorder<LiveStatusInput>(2)
        let widgetHost = Recorder<WidgetHostInput>(3), glances = Recorder<GlanceInput>(4)
        let h = Harness(parameters(), peers: [backend, live, widgetHost, glances])
        defer { h.dismantle() }
        h.engine.launch(h.address.process, by: .system)
        h.send(.signOut, after: Time.second)
        h.run(until: Time.minute)
        XCTAssertEqual(live.received.count, 1)
        guard case .endAll? = live.received.first?.input else { return XCTFail("the live status got \(live.received)") }
        XCTAssertEqual(widgetHost.received.count, 1)
        guard case .reloadRequest(free: true, reason: .signOut)? = widgetHost.received.first?.input else {
            return XCTFail("the widget host got \(widgetHost.received)")
        }
        XCTAssertEqual(requests(backend).map(\.kind), [.revoke])
        XCTAssertEqual(requests(backend).first?.credential, .phoneSession)
        XCTAssertEqual(h.program.container.storage.account, .nobody)
        XCTAssertTrue(glances.received.isEmpty, "the user did not leave the app")
    }
}
