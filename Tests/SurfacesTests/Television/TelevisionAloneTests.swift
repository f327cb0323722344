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

/// The television's program alone against a harness context (issue 42): a recording backend
/// and a recording user stand in for the rest of the world, reached only through its ports.
final class TelevisionAloneTests: XCTestCase {
    private func parameters(signIn: TelevisionSignIn, poll: SimTime = 10 * Time.second) -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.tv.enabled = true
        p.tv.signIn = signIn
        p.tv.pollInterval = poll
        p.tv.playbacksPerDay = 0
        return p
    }

    private func requests(_ backend: Recorder<BackendInput>) -> [Request] {
        backend.received.compactMap { if case .request(let r) = $0.input { r } else { nil } }
    }

    /// Signing in by code: it asks its backend port for a code; the code shown reaches its user
    /// port; it polls with that code `tv.pollInterval` after the code and after each refused
    /// poll, until a poll is granted; then it holds a session and polls no more.
    func testSignInByCodeThroughItsPorts() {
        let backend = Recorder<BackendInput>(1), user = Recorder<UserInput>(2)
        let h = SurfaceHarness<TelevisionApp, TelevisionInput, TelevisionState, TelevisionPorts>(
            parameters(signIn: .byCode), peers: [backend, user])
        defer { h.dismantle() }
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        h.run(until: Time.second)
        XCTAssertEqual(requests(backend).map(\.kind), [.deviceCode])
        XCTAssertEqual(requests(backend).first?.credential, .signInCode)
        XCTAssertFalse(h.program.signedIn)
        // The backend's code, 42: the user sees it; the television polls with it.
        h.send(.reply(Reply(kind: .deviceCode, status: .ok, data: .noData, change: nil, item: 42, readAt: h.engine.now)))
        h.run(until: 12 * Time.second)
        guard case .seesTelevisionCode(42)? = user.received.first?.input else { return XCTFail("the user saw no code: \(user.received)") }
        for refused in 1...2 {
            h.send(.reply(Reply(kind: .deviceCode, status: .unauthorized, data: .noData, change: nil, item: -1, readAt: h.engine.now)))
            h.run(until: h.engine.now + 9 * Time.second)
            XCTAssertEqual(requests(backend).count, 1 + refused, "no poll sooner than 10 s after a refusal")
            h.run(until: h.engine.now + 2 * Time.second)
            XCTAssertEqual(requests(backend).count, 2 + refused, "a poll 10 s after refusal \(refused)")
        }
        let polls = requests(backend).dropFirst()
        XCTAssertTrue(polls.allSatisfy { $0.kind == .deviceCode && $0.item == 42 && $0.credential == .signInCode })
        // A poll granted: it holds a session and polls no more.
        h.send(.reply(Reply(kind: .deviceCode, status: .ok, data: .noData, change: nil, item: 42, readAt: h.engine.now)))
        h.run(until: 2 * Time.minute)
        XCTAssertTrue(h.program.signedIn)
        XCTAssertEqual(requests(backend).count, 4, "no poll after the session")
    }

    /// Signed in and running all day, it checks in with its own credential every hour; a reply
    /// refused as unauthorized signs it out, and it checks in no more.
    func testItChecksInHourlyUntilItsSessionIsRefused() {
        let backend = Recorder<BackendInput>(1), user = Recorder<UserInput>(2)
        let h = SurfaceHarness<TelevisionApp, TelevisionInput, TelevisionState, TelevisionPorts>(
            parameters(signIn: .signedIn), peers: [backend, user])
        defer { h.dismantle() }
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        h.run(until: 3 * Time.hour + Time.minute)
        XCTAssertEqual(requests(backend).map(\.kind), [.compactFetch, .compactFetch, .compactFetch])
        XCTAssertTrue(requests(backend).allSatisfy { $0.credential == .television })
        h.send(.reply(Reply(kind: .compactFetch, status: .unauthorized, data: .noData, change: nil, item: -1, readAt: h.engine.now)))
        h.run(until: 6 * Time.hour)
        XCTAssertFalse(h.program.signedIn)
        XCTAssertEqual(requests(backend).count, 3, "signed out, it checks in no more")
        XCTAssertTrue(user.received.isEmpty, "nothing for the user when it is signed in from the start")
    }
}
