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

/// The car's program alone against a harness context (issue 42): a recording user and backend
/// stand in for the rest of the world, reached only through its ports.
final class CarAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<CarSurface, CarInput, CarState, CarPorts>

    private func parameters(_ lifetime: CarLifetime, drivesPerDay: Double = 0) -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.observe.carGlances = Rate(perHour: 0)
        p.car.enabled = true
        p.car.mode = .onCar
        p.car.lifetime = lifetime
        p.car.drivesPerDay = drivesPerDay
        p.car.driveLength = .constant(1_800)
        p.app.syncInterval = 700 * Time.second
        p.network.latency = .constant(0.5)
        return p
    }

    private func fetches(_ backend: Recorder<BackendInput>) -> [(at: SimTime, request: Request)] {
        backend.received.compactMap { if case .request(let r) = $0.input { ($0.at, r) } else { nil } }
    }

    /// The car's own client (`onCar`) fetches with its own credential as a drive begins and
    /// every `app.syncInterval` of it (at 0, 700 and 1,400 s of a 1,800 s drive), and not
    /// after the drive ends; a fetch refused as unauthorized signs the client out, and the
    /// next drive fetches nothing.
    func testItsClientFetchesEverySyncIntervalOfADriveUntilRefused() {
        let user = Recorder<UserInput>(1), backend = Recorder<BackendInput>(2)
        let h = Harness(parameters(.allDay), peers: [user, backend])
        defer { h.dismantle() }
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        h.send(.drive, after: Time.hour)
        h.run(until: 2 * Time.hour)
        // Each reaches the backend within the second it was sent (`network.latency` 0.5 s).
        XCTAssertEqual(fetches(backend).map { $0.at / Time.second }, [0, 700, 1_400].map { 3_600 + $0 })
        XCTAssertTrue(fetches(backend).allSatisfy { $0.request.kind == .compactFetch && $0.request.credential == .car })
        XCTAssertFalse(h.program.isDriving, "the drive ended after 1,800 s")
        h.send(.reply(Reply(kind: .compactFetch, status: .unauthorized, data: .noData, change: nil, item: -1, readAt: h.engine.now)))
        h.send(.drive, after: Time.hour)
        h.run(until: 4 * Time.hour)
        XCTAssertEqual(fetches(backend).count, 3, "signed out, its client fetches no more")
        XCTAssertTrue(user.received.isEmpty, "a car that runs all day times its drives itself")
    }

    /// A car that lives while connected (`whileConnected`) leaves its drives to the user (they
    /// come whether it runs or not), and its run ends when a drive does.
    func testWhileConnectedItsDrivesAreTheUsersAndItsRunEndsWithADrive() {
        let user = Recorder<UserInput>(1), backend = Recorder<BackendInput>(2)
        var p = parameters(.whileConnected, drivesPerDay: 24)
        p.duration = 10 * Time.day       // the next drive falls within the replication
        let h = Harness(p, peers: [user, backend])
        defer { h.dismantle() }
        h.program.start()
        h.run(until: Time.day)
        XCTAssertEqual(user.received.count, 1, "the next drive goes to the user, not to itself")
        guard case .drive? = user.received.first?.input else { return XCTFail("the user got \(user.received)") }
        h.engine.launch(h.address.process, by: .system)     // the connection launches it
        h.send(.drive)
        h.run(until: h.engine.now + 1_799 * Time.second)
        XCTAssertTrue(h.engine.isRunning(h.address), "running for the drive")
        h.run(until: h.engine.now + 2 * Time.second)
        XCTAssertFalse(h.engine.isRunning(h.address), "disconnected, the program ends")
        h.run(until: h.engine.now + Time.day)
        XCTAssertEqual(user.received.count, 2, "each drive schedules the next, to the user")
    }
}
