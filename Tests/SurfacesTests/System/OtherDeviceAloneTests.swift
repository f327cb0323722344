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

/// The account's other device alone against a harness context (issue 42): a recording backend
/// stands in for the server its requests reach over its own network and the objects its user
/// deletes and renames.
final class OtherDeviceAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<OtherDevice, OtherDeviceInput, OtherDeviceState, OtherDevicePorts>

    private func harness(_ adjust: (inout Parameters) -> Void, seed: UInt64 = 1) -> (Harness, Recorder<BackendInput>) {
        var p = Parameters()
        p.duration = 20 * Time.day
        p.observe.warmup = 0
        p.network.latency = .constant(0.2)
        adjust(&p)
        let backend = Recorder<BackendInput>(1)
        let h = Harness(p, seed: seed, peers: [backend])
        h.engine.launch(h.address.process, by: .system)
        return (h, backend)
    }

    private func requests(_ backend: Recorder<BackendInput>) -> [(at: SimTime, request: Request)] {
        backend.received.compactMap { if case .request(let r) = $0.input { ($0.at, r) } else { nil } }
    }

    /// Its user's edits, deletions and renames arrive at their own rates (`elsewhere.edits` 1 an
    /// hour, `deletesPerDay` 2, `renamesPerDay` 3). A deletion or rename reaches the backend's
    /// port at once and is a change too; every change is a write of its own change, with its
    /// idempotency key and the other device's session, reaching the backend half the network's
    /// round trip (0.1 s) after it was made. Over 20 days: 480 edits (sd 21.9), 40 deletions (sd
    /// 6.3), 60 renames (sd 7.7), within 4 sd.
    func testEveryChangeOfItsUserIsAWriteOverItsOwnNetwork() {
        let (h, backend) = harness({
            $0.elsewhere.edits = Rate(perHour: 1)
            $0.elsewhere.deletesPerDay = 2
            $0.elsewhere.renamesPerDay = 3
        }, seed: 4)
        defer { h.dismantle() }
        h.program.start()
        h.run(until: 20 * Time.day)
        var deleted: [SimTime] = [], renamed: [SimTime] = []
        for (at, input) in backend.received {
            switch input {
            case .deleteObject: deleted.append(at)
            case .renameObject: renamed.append(at)
            case .request: break
            case .activityStage: XCTFail("an activity's stage from the other device")
            }
        }
        let writes = requests(backend)
        XCTAssertTrue(writes.allSatisfy { $0.request.kind == .write && $0.request.credential == .otherDevice && $0.request.idempotencyKey })
        XCTAssertEqual(Set(writes.map(\.request.change)).count, writes.count, "one change per write")
        let writeTimes = Set(writes.map(\.at))
        for t in deleted + renamed { XCTAssertTrue(writeTimes.contains(t + Time.fromSeconds(0.1)), "its change's write 0.1 s later") }
        XCTAssertEqual(Double(deleted.count), 40, accuracy: 4 * 40.0.squareRoot())
        XCTAssertEqual(Double(renamed.count), 60, accuracy: 4 * 60.0.squareRoot())
        XCTAssertEqual(Double(writes.count - deleted.count - renamed.count), 480, accuracy: 4 * 480.0.squareRoot())
    }

    /// A look is a sync with the backend; what it shows is the data the sync's reply brings and
    /// the live activity's stage the reply names. A failed sync leaves what it showed; a write's
    /// reply changes nothing.
    func testALookShowsWhatItsSyncBrings() {
        let (h, backend) = harness({ $0.elsewhere.edits = Rate(perHour: 0) })
        defer { h.dismantle() }
        h.send(.look)
        h.run(until: Time.second)
        XCTAssertEqual(requests(backend).map(\.request.kind), [.sync])
        XCTAssertEqual(requests(backend).first?.request.credential, .otherDevice)
        let data = h.os.enclose(DataCopy(account: .first, readAt: 42 * Time.second))
        h.send(.reply(Reply(kind: .sync, status: .ok, data: data, change: nil, item: 2, readAt: 42 * Time.second)))
        h.run(until: 2 * Time.second)
        XCTAssertEqual(h.program.refreshes, 1)
        XCTAssertEqual(h.program.copy.readAt, 42 * Time.second)
        XCTAssertEqual(h.program.shownStage, 2)
        h.send(.reply(Reply(kind: .sync, status: .failed, data: .noData, change: nil, item: -1, readAt: 0)))
        h.send(.reply(Reply(kind: .write, status: .ok, data: .noData, change: ChangeID(0), item: 5, readAt: 0)))
        h.run(until: 3 * Time.second)
        XCTAssertEqual(h.program.refreshes, 2, "the failed sync answered the look; the write's reply is not a look's")
        XCTAssertEqual(h.program.copy.readAt, 42 * Time.second)
        XCTAssertEqual(h.program.shownStage, 2)
    }
}
