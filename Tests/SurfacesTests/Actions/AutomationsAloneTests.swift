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

/// The automations alone against a harness context (issue 42): a recording action runner, a
/// recording main app and a recording widget host stand in for the rest of the world, reached
/// only through its ports.
final class AutomationsAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<Automations, AutomationsInput, AutomationsState, AutomationsPorts>
    private struct StandIns {
        let runner = Recorder<ActionRunnerInput>(1)
        let app = Recorder<MainAppInput>(2)
        let widgetHost = Recorder<WidgetHostInput>(3)
    }

    /// The automations with actions that run in the background, `action.timeout` 10 s and
    /// `action.retries` 2, and a widget; the shared session entry holds `session`. The harness
    /// registers the program first and then the peers in the order given, so the runner is
    /// process 1 (the system's intents extension) and the app process 2.
    private func harness(session: SessionToken?) -> (Harness, StandIns) {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.action.background = true
        p.action.timeout = 10 * Time.second
        p.action.retries = 2
        p.widget.enabled = true
        p.app.requestsWidgetReload = true
        let peers = StandIns()
        let h = Harness(p, peers: [peers.runner, peers.app, peers.widgetHost])
        h.os.wiring.intentsExtension = ProcessID(1)
        h.os.wiring.app = ProcessID(2)
        h.os.shared.setSession(session)
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        return (h, peers)
    }

    private func attempts(_ runner: Recorder<ActionRunnerInput>) -> [(at: SimTime, action: Int32, change: ChangeID)] {
        runner.received.compactMap { if case .run(let a, let c) = $0.input { ($0.at, a, c) } else { nil } }
    }

    /// An action the runner never answers: the automation sends the same action, with the one
    /// change it made, to its runner port at once and again each `action.timeout` after, until
    /// `action.retries` retries are spent (3 attempts, at 0, 10 s and 20 s), then gives up.
    /// Nothing reaches the app or the widget host.
    func testAnUnansweredActionIsRetriedWithItsOneChange() {
        let (h, peers) = harness(session: SessionToken(id: .phoneSession, account: .first))
        defer { h.dismantle() }
        h.send(.run(attended: true))
        h.run(until: 10 * Time.minute)
        let sent = attempts(peers.runner)
        XCTAssertEqual(sent.map(\.at), [0, 10 * Time.second, 20 * Time.second])
        XCTAssertTrue(sent.allSatisfy { $0.action == 0 }, "one action")
        XCTAssertEqual(Set(sent.map(\.change)).count, 1, "every attempt carries the change the first made")
        XCTAssertNotNil(sent.first?.change, "a change was made")
        XCTAssertTrue(peers.app.received.isEmpty)
        XCTAssertTrue(peers.widgetHost.received.isEmpty, "no success: no reload")
    }

    /// A widget button's action answered by the runner: no retry after the answer, and one free
    /// reload asked of its widget host port, for the button, as the answer arrives.
    func testAnAnsweredButtonActionAsksTheWidgetHostForAReload() {
        let (h, peers) = harness(session: SessionToken(id: .phoneSession, account: .first))
        defer { h.dismantle() }
        h.send(.buttonTap)
        h.send(.done(action: 0), after: 3 * Time.second)
        h.run(until: 10 * Time.minute)
        XCTAssertEqual(attempts(peers.runner).map(\.at), [0], "answered before its timeout: no retry")
        XCTAssertEqual(peers.widgetHost.received.count, 1)
        guard case .reloadRequest(free: true, reason: .button)? = peers.widgetHost.received.first?.input else {
            return XCTFail("no free reload for the button: \(peers.widgetHost.received)")
        }
        XCTAssertEqual(peers.widgetHost.received.first?.at, 3 * Time.second)
    }

    /// No session a background process can read: an attended action continues in the app (the
    /// user edits on the screen it opened, 5 s later, at its app port) and nothing goes to the
    /// runner; an unattended one (an automation left by a user who signed out) does nothing.
    func testWithoutASessionAnActionContinuesInTheApp() {
        let (h, peers) = harness(session: nil)
        defer { h.dismantle() }
        h.send(.run(attended: false))
        h.run(until: Time.minute)
        XCTAssertTrue(peers.app.received.isEmpty, "unattended, with no session: nothing")
        h.send(.run(attended: true))
        h.run(until: 10 * Time.minute)
        XCTAssertTrue(attempts(peers.runner).isEmpty)
        XCTAssertEqual(peers.app.received.count, 1)
        guard case .userEdits? = peers.app.received.first?.input else {
            return XCTFail("the user did not continue in the app: \(peers.app.received)")
        }
        XCTAssertEqual(peers.app.received.first?.at, Time.minute + 5 * Time.second)
        XCTAssertTrue(h.os.appInForeground, "the action opened the app")
    }
}
