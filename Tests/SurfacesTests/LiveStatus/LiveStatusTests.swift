import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The live status (§25.5, P25.5, §25.14; docs/model.md#live-status).
final class LiveStatusTests: XCTestCase {

    static func live(_ updates: LiveUpdates, days: Double, perDay: Double) -> Parameters {
        var p = SurfaceSetUp.quiet(days: days)
        p.live.enabled = true
        p.live.updates = updates
        p.live.activitiesPerDay = perDay
        return p
    }

    // MARK: Stuck statuses (§25.14: "a live status stays on the lock screen long after the activity ended")

    /// With no final update lost, every activity is ended by its final update: no `live.stuck`
    /// sample above 0. The push delay is 0 here, so the final push always lands before anything
    /// else can touch the status (see the next test for the default delay).
    func testNoFinalUpdateLostMeansNoActivityIsStuck() {
        for updates in [LiveUpdates.push, .clock] {
            var p = Self.live(updates, days: 3, perDay: 24)
            p.live.finalUpdateLoss = 0
            p.push.delay = .constant(0)
            let stuck = SurfaceRuns(p, seeds: 4, base: 8_100).samples(.liveStuck)
            XCTAssertGreaterThan(stuck.count, 200, "\(updates)")
            assertAllZero(stuck, "live.stuck with live.updates = \(updates) and no final update lost")
        }
    }

    /// With the default push delay an app run can bring the status up to date between the end of
    /// the activity and the arrival of the final push; whichever comes first, the status stops
    /// showing the activity as running within the push delay.
    func testNoFinalUpdateLostBoundsStuckTimeByThePushDelay() {
        var p = Self.live(.push, days: 3, perDay: 24)
        p.live.finalUpdateLoss = 0
        let stuck = SurfaceRuns(p, seeds: 4, base: 8_150).samples(.liveStuck)
        XCTAssertGreaterThan(stuck.count, 200)
        XCTAssertLessThan(stuck.max() ?? 0, 30, "no status outlives its activity by more than the push delay")
        XCTAssertGreaterThan(Double(stuck.filter { $0 == 0 }.count) / Double(stuck.count), 0.95)
    }

    /// With every final update lost, every activity is stuck until the app next runs or the
    /// platform removes it: `live.maxActive` after its start the platform ends it, and it stays
    /// on the lock screen up to `live.lingerAfterEnd` more — never longer than the two together.
    /// Activities are rare here (two a day, each opening the app), so the limit is often what
    /// ends them, and the lock-screen linger shows: the longest last beyond `live.maxActive`.
    func testEveryFinalUpdateLostLeavesEveryActivityStuckUpToThePlatformLimit() {
        for updates in [LiveUpdates.push, .clock, .app] {
            var p = Self.live(updates, days: 10, perDay: 2)
            p.live.finalUpdateLoss = 1
            let stuck = SurfaceRuns(p, seeds: 4, base: 8_200).samples(.liveStuck)
            XCTAssertGreaterThan(stuck.count, 40, "\(updates)")
            XCTAssertTrue(stuck.allSatisfy { $0 > 0 }, "\(updates): every activity whose final update was lost is stuck")
            let limit = Time.seconds(p.live.maxActive + p.live.lingerAfterEnd)
            XCTAssertLessThanOrEqual(stuck.max() ?? 0, limit, "\(updates): never beyond live.maxActive + live.lingerAfterEnd")
            XCTAssertGreaterThan(stuck.max() ?? 0, Time.seconds(p.live.maxActive),
                                 "\(updates): the lock-screen linger counts as stuck")
        }
    }

    /// The platform's limits are parameters: with `live.maxActive` = 2 h and a linger of 1 h no
    /// status is stuck longer than 3 h.
    func testStuckTimeFollowsTheMaxActiveKnob() {
        var p = Self.live(.push, days: 10, perDay: 2)
        p.live.finalUpdateLoss = 1
        p.live.maxActive = 2 * Time.hour
        p.live.lingerAfterEnd = Time.hour
        let stuck = SurfaceRuns(p, seeds: 4, base: 8_250).samples(.liveStuck)
        XCTAssertGreaterThan(stuck.count, 40)
        XCTAssertLessThanOrEqual(stuck.max() ?? 0, 10_800)
        XCTAssertGreaterThan(stuck.max() ?? 0, 7_200)
    }

    // MARK: P25.5: a force-quit separates app-driven from push-driven statuses

    /// Every session ends with a force-quit (the activity's own session included). A status the
    /// app's process updates freezes; one a dedicated push updates keeps following the activity.
    /// Push loss and the push budget are taken out so that "small" means the push delay.
    func testForceQuitFreezesAnAppDrivenStatusButNotAPushDrivenOne() {
        func staleness(_ updates: LiveUpdates, forceQuit: Double) -> [Double] {
            var p = Self.live(updates, days: 3, perDay: 24)
            p.user.forceQuit = forceQuit
            p.live.finalUpdateLoss = 0
            p.push.loss = 0
            p.live.pushBudgetPerHour = 1_000
            p.live.backgroundTerminationPerHour = 0
            return SurfaceRuns(p, seeds: 4, base: 8_300).samples(.liveStaleness)
        }
        let app = staleness(.app, forceQuit: 1), push = staleness(.push, forceQuit: 1)
        XCTAssertGreaterThan(app.count, 500)
        XCTAssertGreaterThan(push.count, 500)
        XCTAssertLessThan(push.max() ?? 0, 30, "a push-driven status keeps advancing after a force-quit")
        XCTAssertGreaterThan(Stat.mean(app), 10 * 60, "an app-driven status freezes after a force-quit")
        XCTAssertGreaterThan(SurfaceStat.shareAbove(app, 60), 0.3)
        // Control: without the force-quit, the app kept running for the activity updates it on time.
        let appKept = staleness(.app, forceQuit: 0)
        XCTAssertLessThan(appKept.max() ?? 0, 30, "an app-driven status follows the activity while the app runs")
    }
}
