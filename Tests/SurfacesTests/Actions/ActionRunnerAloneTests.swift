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

/// The action runner (the app's intents extension) alone against a harness context (issue 42):
/// a recording backend and recording automations stand in for the rest of the world, reached
/// only through its ports.
final class ActionRunnerAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<ActionRunner, ActionRunnerInput, ActionRunnerState, ActionRunnerPorts>

    /// The runner with a recording backend and recording automations; the shared session entry
    /// holds `session` (none: nothing for a background process to read).
    private func harness(session: SessionToken?) -> (Harness, Recorder<BackendInput>, Recorder<AutomationsInput>) {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        let backend = Recorder<BackendInput>(1), automations = Recorder<AutomationsInput>(2)
        let h = Harness(p, peers: [backend, automations])
        h.os.shared.setSession(session)
        h.engine.launch(h.address.process, by: .system, limits: ProcessLimits(timeBudget: OperatingSystem.intentRunTime))
        return (h, backend, automations)
    }

    private func requests(_ backend: Recorder<BackendInput>) -> [Request] {
        backend.received.compactMap { if case .request(let r) = $0.input { r } else { nil } }
    }

    private func reply(_ status: ReplyStatus, change: ChangeID, at h: Harness) -> ActionRunnerInput {
        .reply(Reply(kind: .write, status: status, data: .noData, change: change, item: -1, readAt: h.engine.now))
    }

    /// Run for action 3, whose mutation is change 7: it writes change 7 to its backend port with
    /// an idempotency key under the session it read from the shared entry; the write accepted, it
    /// returns `.done(action: 3)` to its automations port at once, and its run ends.
    func testItWritesTheActionsChangeAndReturnsItsSuccess() {
        let (h, backend, automations) = harness(session: SessionToken(id: .phoneSession, account: .first))
        defer { h.dismantle() }
        h.send(.run(action: 3, change: ChangeID(7)))
        h.run(until: 5 * Time.second)
        XCTAssertEqual(requests(backend).count, 1)
        let write = requests(backend).first
        XCTAssertEqual(write?.kind, .write)
        XCTAssertEqual(write?.change, ChangeID(7))
        XCTAssertEqual(write?.idempotencyKey, true)
        XCTAssertEqual(write?.credential, .phoneSession)
        XCTAssertTrue(automations.received.isEmpty, "nothing returned before the backend answers")
        h.send(reply(.ok, change: ChangeID(7), at: h))
        h.run(until: 6 * Time.second)
        XCTAssertEqual(automations.received.count, 1)
        guard case .done(action: 3)? = automations.received.first?.input else {
            return XCTFail("the automations heard no success of action 3: \(automations.received)")
        }
        XCTAssertEqual(automations.received.first?.at, 5 * Time.second, "returned as the reply arrives")
        XCTAssertFalse(h.engine.isRunning(h.address), "its run ends with the action")
    }

    /// A write that failed is returned as nothing (the automation's timeout retries it), and the
    /// run ends; with no session readable, the run ends at once and writes nothing.
    func testAFailedWriteOrNoSessionReturnsNothing() {
        let (h, backend, automations) = harness(session: SessionToken(id: .phoneSession, account: .first))
        defer { h.dismantle() }
        h.send(.run(action: 0, change: ChangeID(2)))
        h.run(until: 5 * Time.second)
        h.send(reply(.failed, change: ChangeID(2), at: h))
        h.run(until: 6 * Time.second)
        XCTAssertEqual(requests(backend).count, 1)
        XCTAssertTrue(automations.received.isEmpty, "a failed write is no success")
        XCTAssertFalse(h.engine.isRunning(h.address))

        let (alone, noBackend, noAutomations) = harness(session: nil)
        defer { alone.dismantle() }
        alone.send(.run(action: 0, change: ChangeID(2)))
        alone.run(until: Time.minute)
        XCTAssertTrue(noBackend.received.isEmpty, "no session: no write")
        XCTAssertTrue(noAutomations.received.isEmpty)
        XCTAssertFalse(alone.engine.isRunning(alone.address), "no session: its run ends at once")
    }
}
