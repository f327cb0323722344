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

/// The backend alone against a harness context (issue 42): a recording push service, main app,
/// watch app and television stand in for its peers, and a recording other device is the
/// requester its replies go back to. Requests reach it as the network would hand them over.
final class BackendAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<Backend, BackendInput, BackendState, BackendPorts>
    private struct StandIns {
        let pushService = Recorder<PushServiceInput>(1)
        let app = Recorder<MainAppInput>(2)
        let watchApp = Recorder<WatchAppInput>(3)
        let elsewhere = Recorder<OtherDeviceInput>(4)
        let television = Recorder<TelevisionInput>(5)
        /// The harness registers the program first, then the peers in this order.
        var all: [any RecordingPeer] { [pushService, app, watchApp, elsewhere, television] }
    }
    /// The requesters' processes, by the harness's registration order.
    private let app = ProcessID(2), watchApp = ProcessID(3), elsewhere = ProcessID(4)

    /// A backend whose writes take `backend.processingTime` 1 s, with a standalone watch (its
    /// own pushes) or not; the replies to the app, the watch app and the other device reach
    /// their recorders.
    private func harness(standaloneWatch: Bool, pushOnChange: Bool = true) -> (Harness, StandIns) {
        var p = Parameters()
        p.duration = Time.day
        // The whole day is the measurement layer's warm-up: it counts no request by the sender's
        // process, which it reads against the built-in program table, not the harness's.
        p.observe.warmup = Time.day
        p.backend.processingTime = .constant(1)
        p.backend.idempotencyKeys = true
        p.push.onChange = pushOnChange
        p.push.delay = .constant(2)
        p.watch.enabled = standaloneWatch
        p.watch.level = .standalone
        p.tv.enabled = true
        let peers = StandIns()
        let h = Harness(p, peers: peers.all)
        h.os.wiring.replyRoutes[Int(app.index)] = Route(to: h.engine.address(of: peers.app, registeredAs: app),
                                                       wrapping: RepliesAs<MainAppInput>.self)
        h.os.wiring.replyRoutes[Int(watchApp.index)] = Route(to: h.engine.address(of: peers.watchApp, registeredAs: watchApp),
                                                            wrapping: RepliesAs<WatchAppInput>.self)
        h.os.wiring.replyRoutes[Int(elsewhere.index)] = Route(to: h.engine.address(of: peers.elsewhere, registeredAs: elsewhere),
                                                             wrapping: RepliesAs<OtherDeviceInput>.self)
        h.engine.launch(h.address.process, by: .system)
        return (h, peers)
    }

    /// A request as the network hands it over, half its 0.2 s round trip left for the reply;
    /// a write's change made by the test and held by the network on its way.
    private func request(_ kind: RequestKind, from: ProcessID, _ credential: Credential, change: ChangeID? = nil,
                         key: Bool = false, item: Int32 = -1) -> BackendInput {
        .request(Request(kind: kind, from: from, incarnation: 1, credential: credential, change: change,
                         idempotencyKey: key, item: item, returnDelay: Time.fromSeconds(0.1)))
    }

    private func write(_ h: Harness, from: ProcessID, _ credential: Credential, change: ChangeID? = nil) -> ChangeID {
        let id = change ?? h.program.changes.make(.elsewhere)
        h.program.changes.hold(id)
        h.send(request(.write, from: from, credential, change: id, key: true))
        return id
    }

    /// The pushes asked of the push service: the phone app's silent one or the watch's, and whose write caused it.
    private func pushesAsked(_ recorder: Recorder<PushServiceInput>) -> [(at: SimTime, push: String, writer: ProcessID)] {
        recorder.received.compactMap {
            switch $0.input {
            case .sendSilent(let writer): ($0.at, "silent", writer)
            case .sendToWatch(let writer): ($0.at, "watch", writer)
            default: nil
            }
        }
    }

    private func replies(_ recorder: Recorder<OtherDeviceInput>) -> [(at: SimTime, reply: Reply)] {
        recorder.received.compactMap { if case .reply(let r) = $0.input { ($0.at, r) } else { nil } }
    }

    /// Each write it applies asks its push-service port, as it applies it, for a silent push to
    /// the phone's app unless the app wrote it, and, with a standalone watch, for the watch's own
    /// push unless the watch wrote it. A write sent again with its idempotency key is applied
    /// once and asks for nothing more. Its reply goes back to the writer after the half round
    /// trip and its processing time.
    func testEachAppliedWriteAsksThePushServiceForThePushesItsWriterDidNotCause() {
        let (h, peers) = harness(standaloneWatch: true)
        defer { h.dismantle() }
        let fromElsewhere = write(h, from: elsewhere, .otherDevice)
        h.run(until: Time.minute)
        let fromApp = write(h, from: app, .phoneSession)
        h.run(until: 2 * Time.minute)
        _ = write(h, from: watchApp, .watch)
        h.run(until: 3 * Time.minute)
        _ = write(h, from: elsewhere, .otherDevice, change: fromElsewhere)      // the same write again
        h.run(until: 4 * Time.minute)

        let asked = pushesAsked(peers.pushService)
        XCTAssertEqual(asked.map(\.push), ["silent", "watch", "watch", "silent"])
        XCTAssertEqual(asked.map(\.writer), [elsewhere, elsewhere, app, watchApp])
        XCTAssertEqual(asked.map(\.at), [0, 0, Time.minute, 2 * Time.minute], "asked as each write is applied")
        XCTAssertEqual(h.measure.truth.timesApplied(fromElsewhere), 1, "the repeated write is applied once")
        XCTAssertEqual(h.measure.truth.timesApplied(fromApp), 1)
        XCTAssertEqual(h.measure.truth.firstApplied(fromElsewhere), 0)
        let answered = replies(peers.elsewhere)
        XCTAssertEqual(answered.map(\.reply.status), [.ok, .ok])
        XCTAssertEqual(answered.map(\.reply.change), [fromElsewhere, fromElsewhere])
        XCTAssertEqual(answered.first?.at, Time.fromSeconds(0.1) + Time.second, "half the round trip plus processing")
        XCTAssertTrue(peers.television.received.isEmpty)
    }

    /// With `push.onChange` off and no standalone watch, an applied write asks for no push.
    func testWithoutPushesOnChangeAWriteAsksForNone() {
        let (h, peers) = harness(standaloneWatch: false, pushOnChange: false)
        defer { h.dismantle() }
        let id = write(h, from: elsewhere, .otherDevice)
        h.run(until: Time.minute)
        XCTAssertEqual(h.measure.truth.timesApplied(id), 1)
        XCTAssertTrue(peers.pushService.received.isEmpty, "\(peers.pushService.received)")
    }

    /// A revocation reaches the television's connection `push.delay` later, and from then on the
    /// phone's session and every surface's credential are refused while another device's own
    /// session is not; a credential narrower than the app's is forbidden what its surface does not do.
    func testARevocationReachesTheTelevisionAndRefusesThePhonesCredentials() {
        let (h, peers) = harness(standaloneWatch: false)
        defer { h.dismantle() }
        h.send(request(.compactFetch, from: elsewhere, .television))
        let refused = h.program.changes.make(.elsewhere)
        h.program.changes.hold(refused)
        h.send(request(.write, from: elsewhere, .television, change: refused))
        h.run(until: Time.minute)
        h.send(request(.revoke, from: elsewhere, .phoneSession))
        h.run(until: 2 * Time.minute)
        for credential in [Credential.phoneSession, .watch, .television, .car, .otherDevice] {
            h.send(request(.compactFetch, from: elsewhere, credential))
        }
        h.run(until: 3 * Time.minute)
        XCTAssertEqual(replies(peers.elsewhere).map(\.reply.status), [.ok, .forbidden, .ok,
                                                                     .unauthorized, .unauthorized, .unauthorized, .unauthorized, .ok])
        XCTAssertEqual(peers.television.received.count, 1)
        guard case .revoked? = peers.television.received.first?.input else { return XCTFail("\(peers.television.received)") }
        XCTAssertEqual(peers.television.received.first?.at, Time.minute + 2 * Time.second, "push.delay after the revocation")
        XCTAssertEqual(h.program.devices, [.television, .otherDevice])
    }
}
