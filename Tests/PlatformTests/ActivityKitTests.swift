import XCTest
import SimKernel
import Platform

/// ActivityKit alone (docs/model.md#live-status): the content it keeps, the pushed updates it
/// applies with no app code, its hourly budget and its time limit, with the harness's person
/// standing in for the app's drawing.
final class ActivityKitTests: XCTestCase {
    private func content(_ stage: Int, at seconds: Double) -> LiveActivityContent {
        LiveActivityContent(stage: stage, readAt: Time.fromSeconds(seconds))
    }

    /// The app's updates: a later stage is drawn; an earlier one (a late update) changes nothing;
    /// a later read of the stage shown moves only the data's time; the last stage ends the
    /// activity, which then takes no update.
    func testAnUpdateDrawsOnlyALaterStageAndTheLastEndsTheActivity() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        let a = h.os.requestLiveActivity(stages: 3, content: content(0, at: 0))
        XCTAssertEqual(a, 0)
        XCTAssertEqual(h.os.updateLiveActivity(a, content(2, at: 10)), LiveActivityChange(drew: 2, ended: false))
        XCTAssertEqual(h.os.updateLiveActivity(a, content(1, at: 20)), LiveActivityChange(drew: nil, ended: false))
        XCTAssertEqual(h.os.liveActivity(a).content, content(2, at: 10), "an earlier stage changes nothing")
        XCTAssertEqual(h.os.updateLiveActivity(a, content(2, at: 30)), LiveActivityChange(drew: nil, ended: false))
        XCTAssertEqual(h.os.liveActivity(a).content, content(2, at: 30), "a later read of the stage shown")
        XCTAssertTrue(h.os.anyLiveActivityShown)
        XCTAssertEqual(h.os.updateLiveActivity(a, content(3, at: 40)), LiveActivityChange(drew: 3, ended: true))
        XCTAssertFalse(h.os.anyLiveActivityShown)
        XCTAssertEqual(h.os.updateLiveActivity(a, content(3, at: 50)), LiveActivityChange(drew: nil, ended: false), "ended")
        XCTAssertFalse(h.os.endLiveActivity(a), "ended already")
    }

    /// The time limit: `maxActive` and the linger (8 h and 4 h) after its start the system removes
    /// an activity nothing ended, and tells the drawing; one the app ended is gone already.
    func testTheSystemRemovesAnActivityAtItsTimeLimit() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.engine.run(until: Time.hour)
        let kept = h.os.requestLiveActivity(stages: 4, content: content(0, at: 3600))
        let ended = h.os.requestLiveActivity(stages: 4, content: content(0, at: 3600))
        XCTAssertTrue(h.os.endLiveActivity(ended))
        let limit = Time.hour + 12 * Time.hour
        h.engine.run(until: limit - 1)
        XCTAssertTrue(h.os.liveActivity(kept).isShown(at: limit - 1))
        XCTAssertFalse(h.os.liveActivity(ended).isShown(at: limit - 1))
        XCTAssertTrue(h.person.received.isEmpty)
        h.engine.run(until: limit + 1)
        XCTAssertFalse(h.os.liveActivity(kept).isShown(at: limit))
        XCTAssertEqual(h.person.received, [.liveActivity("timeLimit(activity: 0)"), .liveActivity("timeLimit(activity: 1)")])
        XCTAssertEqual(h.person.receivedAt, [limit, limit])
        XCTAssertNil(h.os.liveActivity(kept).endedAt, "the system removed it: nothing ended it")
    }

    /// A pushed update is applied with no app code as the push service delivers it; the drawing
    /// hears of it only when it changes what the status draws.
    func testAPushedUpdateReachesTheDrawingOnlyWhenItChangesTheStage() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        _ = h.os.requestLiveActivity(stages: 2, content: content(0, at: 0))
        for (stage, readAt) in [(1, 10.0), (1, 20), (0, 30), (2, 40)] {
            h.os.send(.liveUpdateArrives(LiveUpdate(activity: 0, stage: Int32(stage), readAt: Time.fromSeconds(readAt))), to: h.pushAddress)
            h.engine.run(until: h.engine.now + Time.second)
        }
        XCTAssertEqual(h.person.received, [.liveActivity("pushed(activity: 0, drew 1)"), .liveActivity("pushed(activity: 0, drew 2, ended)")])
        XCTAssertEqual(h.os.liveActivity(0).content, content(2, at: 40))
    }

    /// At most `pushBudgetPerHour` (10) pushed updates are drawn in any rolling hour.
    func testPushedUpdatesBeyondTheHourlyBudgetAreDropped() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        XCTAssertEqual((0..<12).map { _ in h.os.liveActivityPushIsWithinBudget() }, Array(repeating: true, count: 10) + [false, false])
        h.engine.run(until: Time.hour + 1)
        XCTAssertTrue(h.os.liveActivityPushIsWithinBudget(), "an hour later")
    }
}
