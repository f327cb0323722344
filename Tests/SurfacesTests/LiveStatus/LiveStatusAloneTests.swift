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

/// The live status's program alone against a harness context (issue 42): a recording backend,
/// push service and app stand in for the rest of the world, reached only through its ports.
final class LiveStatusAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<LiveStatus, LiveStatusInput, LiveStatusState, LiveStatusPorts>

    private func parameters(_ updates: LiveUpdates) -> Parameters {
        var p = Parameters()
        p.duration = Time.day
        p.observe.warmup = 0
        p.observe.liveGlances = Rate(perHour: 0)
        p.live.enabled = true
        p.live.updates = updates
        p.live.stages = 3
        p.live.finalUpdateLoss = 0
        p.push.loss = 0
        p.push.delay = .constant(2)
        p.network.latency = .constant(0.5)
        return p
    }

    /// An activity of 30 minutes placed at 1 h, of three stages: `h` with the app's recorder as
    /// the system's app (the order opens it), the times the backend heard of each stage.
    private func placeOrder(_ h: Harness, backend: Recorder<BackendInput>) -> [SimTime] {
        h.os.wiring.app = h.program.ports.app.process
        h.os.wiring.keepAliveNotices = Route(to: h.program.ports.app, as: MainAppInput.keepAlive)
        h.os.wiring.liveActivities = Route(to: h.address, as: LiveStatusInput.activityKit)
        h.engine.launch(h.address.process, by: .system)
        h.send(.begin(ActivityPlan(planned: 30 * Time.minute, actual: 30 * Time.minute, account: .first)), after: Time.hour)
        h.run(until: 2 * Time.hour)
        return backend.received.compactMap { if case .activityStage(0, _) = $0.input { $0.at } else { nil } }
    }

    /// Pushed updates (`push`): the backend hears stage 0 as the order is placed and each of the
    /// three stages at its time (every 10 minutes); each stage reaches the push service
    /// `push.delay` later; drawn, the last ends the status; the app's connection hears nothing.
    func testPushedUpdatesGoToThePushServiceAtEachStage() {
        let backend = Recorder<BackendInput>(1), push = Recorder<PushServiceInput>(2), app = Recorder<MainAppInput>(3)
        let h = Harness(parameters(.push), peers: [backend, push, app])
        defer { h.dismantle() }
        let stages = placeOrder(h, backend: backend)
        XCTAssertEqual(stages, [0, 10, 20, 30].map { Time.hour + $0 * Time.minute })
        let pushed = push.received.compactMap { if case .liveUpdateArrives(let u) = $0.input { ($0.at, u.stage) } else { nil } }
        XCTAssertEqual(pushed.map(\.0), [10, 20, 30].map { Time.hour + $0 * Time.minute + 2 * Time.second })
        XCTAssertEqual(pushed.map(\.1), [1, 2, 3])
        XCTAssertFalse(app.received.contains { if case .liveActivityMoved = $0.input { true } else { false } })
        // ActivityKit draws them as the push service delivers them: the last ends the status.
        XCTAssertTrue(h.program.anyShown)
        for (at, stage) in pushed { h.os.liveActivityPushArrives(LiveUpdate(activity: 0, stage: stage, readAt: at - 2 * Time.second)) }
        h.run(until: 3 * Time.hour)
        XCTAssertFalse(h.program.anyShown, "the final update removed the status")
    }

    /// App-driven updates (`app`): each stage reaches the app's connection `network.latency`
    /// after it began, and nothing goes to the push service.
    func testAppDrivenUpdatesReachTheAppsConnection() {
        let backend = Recorder<BackendInput>(1), push = Recorder<PushServiceInput>(2), app = Recorder<MainAppInput>(3)
        let h = Harness(parameters(.app), peers: [backend, push, app])
        defer { h.dismantle() }
        _ = placeOrder(h, backend: backend)
        let moved = app.received.compactMap { if case .liveActivityMoved(let u) = $0.input { ($0.at, u.stage) } else { nil } }
        XCTAssertEqual(moved.map(\.0), [10, 20, 30].map { Time.hour + $0 * Time.minute + Time.second / 2 })
        XCTAssertEqual(moved.map(\.1), [1, 2, 3])
        XCTAssertTrue(push.received.isEmpty)
        XCTAssertTrue(h.program.anyShown, "the app has not drawn the final stage")
        // The system kept the app running for the activity, and let it go once its final update
        // had time to arrive.
        let notices = app.received.compactMap { if case .keepAlive(let n) = $0.input { ($0.at, n.granted) } else { nil } }
        XCTAssertEqual(notices.map(\.1), [true, false])
        XCTAssertEqual(notices.first?.0, Time.hour)
        XCTAssertEqual(notices.last?.0, Time.hour + 30 * Time.minute + Time.second / 2 + 1)
    }
}
