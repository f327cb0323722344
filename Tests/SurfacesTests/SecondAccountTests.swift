import XCTest
import SimKernel
import Surfaces
import SurfaceCore

/// A second account (docs/model.md#a-second-account): after the sign-out someone else signs in
/// on the phone, and `S.wrongAccount` measures a surface still showing the first account to
/// them. What ends it is each surface's own mechanism, never the sign-in itself.
final class SecondAccountTests: XCTestCase {
    private let signOutAt = 2 * Time.day + 30 * Time.minute
    private let someoneElseAfter = Time.hour
    /// The app opens for the sign-out, and the sign-out follows after the user found the button.
    private let navigationAtMost = 10 * Time.minute
    /// The second person types their account's details for this long after opening the app.
    private let signingIn = 30 * Time.second

    /// The app-fed widget with zero latencies (no timeline reloads of its own), signed out at
    /// `signOutAt` without the `reloadWidgets` step: the stored picture of the first account
    /// stays until something reloads the widget.
    private func signingOut(someoneElse: Bool) -> Parameters {
        var p = WidgetSetUp.appFed(opensPerHour: 1, editsPerHour: 1, days: 4)
        p.user.sessionLength = .constant(1200)
        p.signout.at = signOutAt
        var steps = Set(SignoutStep.allCases)
        steps.remove(.reloadWidgets)
        p.signout.steps = steps
        p.signout.nextAccountAfter = someoneElse ? someoneElseAfter : nil
        return p
    }

    /// Closed form: someone else opens the app `nextAccountAfter` after the sign-out and signs in
    /// half a minute later; the first sync (a zero round trip) writes the new account's projection
    /// and asks for a reload (zero delay), so the first account's picture goes exactly then: the
    /// leak is `nextAccountAfter` + 30 s to the millisecond. Without anyone signing in it lasts
    /// to the end.
    func testTheSecondAccountsFirstSyncReplacesTheFirstAccountsPicture() {
        for seed in WidgetSeeds.range(1_300..<1_303) {
            let alone = Replication.run(signingOut(someoneElse: false), seed: seed)
            let other = Replication.run(signingOut(someoneElse: true), seed: seed)
            let untilEnd = Time.seconds(signingOut(someoneElse: false).duration - signOutAt)
            XCTAssertGreaterThanOrEqual(alone[value: .signoutWidgetLeak], untilEnd - Time.seconds(navigationAtMost), "seed \(seed)")
            XCTAssertEqual(other[value: .signoutWidgetLeak], Time.seconds(someoneElseAfter + signingIn), accuracy: 0.001, "seed \(seed)")
            // Glances at the first account shown to the second person: only in that hour.
            XCTAssertGreaterThan(other[value: .widgetWrongAccount], 0, "seed \(seed)")
            XCTAssertLessThan(other[value: .widgetWrongAccount], alone[value: .widgetWrongAccount] / 4, "seed \(seed)")
        }
    }

    /// A glance at the second account's data counts as a glance at data with an age, but gives no
    /// staleness: the truth follows the first account only. Without a second account every data
    /// glance gives both; with one, the glances after its picture arrived give an age alone. The
    /// widget is configured by position, so it shows the second account's row of that place.
    func testAGlanceAtTheSecondAccountHasAnAgeButNoStaleness() {
        var p = signingOut(someoneElse: false)
        p.widget.configuration = .position
        var q = p
        q.signout.nextAccountAfter = someoneElseAfter
        for seed in WidgetSeeds.range(1_310..<1_312) {
            let alone = Replication.run(p, seed: seed)
            XCTAssertEqual(alone[samples: .widgetAge].count, alone[samples: .widgetStaleness].count, "seed \(seed)")
            let other = Replication.run(q, seed: seed)
            let ageOnly = other[samples: .widgetAge].count - other[samples: .widgetStaleness].count
            // Four glances an hour for the day and a half after the sign-in: dozens, at least.
            XCTAssertGreaterThan(ageOnly, 40, "seed \(seed)")
            XCTAssertEqual(other[value: .widgetBlank], 0, "seed \(seed): the second account's picture is data, not blank")
        }
    }

    /// A companion watch the sign-out did not notify (no `notifyWatch`) shows its cache of the
    /// first account until the phone's next context reaches it, which after the second sign-in
    /// carries the second account: the watch's leak ends then, within the hour, the sign-in's
    /// half minute and one sync.
    func testTheSecondAccountReachesAWatchThePhoneDidNotNotify() {
        var p = SignOutTests.world(steps: Set(SignoutStep.allCases).subtracting([.notifyWatch, .revokeCredentials]))
        p.duration = 2 * Time.day
        let alone = p
        p.signout.nextAccountAfter = someoneElseAfter
        for seed in UInt64(1_320)..<1_322 {
            let a = Replication.run(alone, seed: seed), o = Replication.run(p, seed: seed)
            XCTAssertGreaterThan(a[value: .signoutWatchLeak], Time.seconds(20 * Time.hour), "seed \(seed): the cache stays")
            XCTAssertGreaterThanOrEqual(o[value: .signoutWatchLeak], Time.seconds(someoneElseAfter), "seed \(seed)")
            XCTAssertLessThanOrEqual(o[value: .signoutWatchLeak], Time.seconds(someoneElseAfter + 5 * Time.minute), "seed \(seed)")
        }
    }

    /// The configured target and its name are the first account's: a widget configured by
    /// position that shows the second account's row is not showing a wrong target.
    func testTheSecondAccountsRowIsNotAWrongTarget() {
        var p = signingOut(someoneElse: true)
        p.widget.configuration = .position
        for seed in WidgetSeeds.range(1_330..<1_332) {
            XCTAssertEqual(Replication.run(p, seed: seed)[value: .widgetWrongTarget], 0, "seed \(seed)")
        }
    }

    /// Without `clearSession` the share extension and actions still find the first account's
    /// session after the sign-out; the second account's sign-in replaces it in the shared entry,
    /// so those leaks end exactly then (the open `nextAccountAfter` after the sign-out, and the
    /// half minute of typing), and the shared data's leak at the first sync's projection.
    func testTheSecondAccountsSessionEndsTheExtensionsLeaks() {
        var p = SignOutTests.world(steps: Set(SignoutStep.allCases).subtracting([.clearSession, .clearSharedData]))
        p.network.latency = .constant(0)
        p.signout.nextAccountAfter = someoneElseAfter
        let expected = Time.seconds(someoneElseAfter + signingIn)
        for seed in UInt64(1_340)..<1_342 {
            let r = Replication.run(p, seed: seed)
            XCTAssertEqual(r[value: .signoutShareLeak], expected, accuracy: 0.001, "seed \(seed)")
            XCTAssertEqual(r[value: .signoutActionsLeak], expected, accuracy: 0.001, "seed \(seed)")
            XCTAssertEqual(r[value: .signoutShareDataLeak], expected, accuracy: 0.001, "seed \(seed)")
        }
    }
}
