import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// Sign-out and the widget (§25.9 step 3; docs/model.md#sign-out): "A snapshot is a stored picture.
/// Clearing the data it was made from does not change the picture."
final class WidgetSignOutTests: XCTestCase {
    /// When the user starts to sign out: the app opens then, and the sign-out itself follows
    /// after the user has found the button (a navigation time the model fixes; under 10 minutes).
    private let signOutAt = 2 * Time.day + 30 * Time.minute
    private let navigationAtMost = 10 * Time.minute

    /// The app-fed widget in the zero-latency set-up, with a sign-out at `signOutAt`. Sessions
    /// last 20 minutes, so the sign-out happens inside the session it starts.
    private func signingOut(steps: Set<SignoutStep>, hint: SimTime = WidgetSetUp.noHints) -> Parameters {
        var p = WidgetSetUp.appFed(opensPerHour: 1, editsPerHour: 1, days: 4)
        p.user.sessionLength = .constant(1200)
        p.widget.reloadAfter = hint
        p.signout.at = signOutAt
        p.signout.steps = steps
        return p
    }

    private var withoutReload: Set<SignoutStep> {
        var steps = Set(SignoutStep.allCases)
        steps.remove(.reloadWidgets)
        return steps
    }

    /// Without `reloadWidgets`, the session and the shared data are cleared, yet the widget keeps
    /// showing the account to the end: nothing replaces the stored picture (no hints here, and
    /// the signed-out app neither syncs nor asks for reloads).
    func testClearedSharedDataDoesNotChangeTheStoredPicture() {
        let p = signingOut(steps: withoutReload)
        let untilEnd = Time.seconds(p.duration - signOutAt)
        for seed in WidgetSeeds.range(1_200..<1_203) {
            let r = Replication.run(p, seed: seed)
            let leak = r[value: .signoutWidgetLeak]
            XCTAssertFalse(leak.isNaN, "seed \(seed): no sign-out happened")
            XCTAssertLessThanOrEqual(leak, untilEnd, "seed \(seed)")
            XCTAssertGreaterThanOrEqual(leak, untilEnd - Time.seconds(navigationAtMost), "seed \(seed): the picture must stay to the end")
            XCTAssertGreaterThan(r[value: .widgetWrongAccount], 0.3, "seed \(seed): glances after sign-out show the old account")
        }
    }

    /// With every step the widget is reloaded at once (zero reload delay): no leak, and no glance
    /// shows the signed-out account.
    func testReloadingWidgetsAtSignOutReplacesThePicture() {
        let p = signingOut(steps: Set(SignoutStep.allCases))
        for seed in WidgetSeeds.range(1_200..<1_203) {
            let r = Replication.run(p, seed: seed)
            XCTAssertEqual(r[value: .signoutWidgetLeak], 0, "seed \(seed)")
            XCTAssertEqual(r[value: .widgetWrongAccount], 0, "seed \(seed)")
        }
    }

    /// Without `reloadWidgets` but with the timeline's own hint every 30 minutes, the next hint
    /// rebuilds the picture from the cleared storage: the leak lasts until the next half hour.
    /// (The sign-out time is read from the run without hints, which has the same user.)
    func testTheTimelineHintEndsTheLeakWithoutTheStep() {
        let half = Time.seconds(30 * Time.minute)
        for seed in WidgetSeeds.range(1_200..<1_203) {
            let noHints = signingOut(steps: withoutReload)
            let signedOutAt = Time.seconds(noHints.duration) - Replication.run(noHints, seed: seed)[value: .signoutWidgetLeak]
            let leak = Replication.run(signingOut(steps: withoutReload, hint: 30 * Time.minute), seed: seed)[value: .signoutWidgetLeak]
            let nextHint = (signedOutAt / half).rounded(.down) * half + half
            XCTAssertEqual(leak, nextHint - signedOutAt, accuracy: 1e-6, "seed \(seed): signed out at \(signedOutAt) s")
            XCTAssertGreaterThan(leak, 0)
        }
    }

    /// The user who starts a sign-out completes it, however short the session drawn for that
    /// open. (The closed-form set-up's sessions last 1 ms; the default ones, Exp(mean 3 min),
    /// are shorter than the model's navigation time in a good share of opens.)
    func testSignOutHappensWhateverTheSessionLength() {
        var p = signingOut(steps: Set(SignoutStep.allCases))
        p.user.sessionLength = .constant(0.001)
        for seed in WidgetSeeds.range(1_200..<1_203) {
            let leak = Replication.run(p, seed: seed)[value: .signoutWidgetLeak]
            XCTAssertFalse(leak.isNaN, "seed \(seed): the sign-out at signout.at never happened")
        }
    }
}
