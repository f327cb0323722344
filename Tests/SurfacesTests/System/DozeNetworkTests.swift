import XCTest
import SimKernel
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

/// What Doze holds besides jobs and pushes (docs/model.md#power): in an idle window, deep or
/// light, no program of the app reaches the network, and in a deep one the widget's periodic
/// update, a standard alarm, waits for the window's end; a high-priority push gives the app the
/// network at once (FCM's temporary allowlist).
final class DozeNetworkTests: XCTestCase {
    /// Every latency 0; a phone locked from time 0 and never unlocked, nobody opening the app, no
    /// background refresh, no edits but the test's, no pushes; Doze on; a widget that fetches its
    /// own data at every reload (its data is never a second old enough), on a 30-minute hint.
    private func lockedSelfFetchingWidget() -> Parameters {
        var p = WidgetSetUp.closedForm(days: 1)
        p.observe.warmup = 0
        p.device.locked = 0
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: 0)
        p.elsewhere.deletesPerDay = 0
        p.push.onChange = false
        p.device.doze = true
        p.widget.fetchesOwnData = true
        p.widget.maxAge = Time.second
        p.widget.reloadAfter = 30 * Time.minute
        p.widget.jitter = 0
        return p
    }

    /// Closed form: a change made elsewhere inside a deep idle window reaches the self-fetching
    /// widget at the end of that window exactly. Its hints inside the window wait (the alarm is
    /// deferred) and would find no network; at the window's end the alarm goes off and the
    /// fetch finds the change. Windows [1 h, 2 h), [2 h 5 min, 4 h 5 min), [4 h 10 min, 8 h 10 min),
    /// [8 h 15 min, 14 h 15 min); with light Doze before the first or not.
    func testAChangeElsewhereReachesASelfFetchingWidgetAtTheEndOfItsIdleWindow() {
        let ends = DozeSchedule.maintenanceStarts(until: Time.day)
        for light in [false, true] {
            var p = lockedSelfFetchingWidget()
            p.device.lightDoze = light
            let run = ProbeRun(p, seed: 4_100)
            for at in [80 * Time.minute, 160 * Time.minute, 5 * Time.hour, 9 * Time.hour] {
                run.wait(at - run.now)
                let change = run.editElsewhere()
                let end = ends.first { $0 > at }!
                XCTAssertNotNil(run.watch(for: 7 * Time.hour) { run.widgetShows(change) }, "light Doze \(light): change at \(at) µs never shown")
                XCTAssertEqual(run.now, end, "light Doze \(light): the change made at \(at) µs shown at \(run.now) µs, not at the window's end \(end) µs")
            }
        }
    }

    /// Light Doze holds the network but not alarms: a moving phone (light Doze only, idle 5, 10,
    /// then 15 minutes with a minute of maintenance between) whose widget reloads every 7.5
    /// minutes from its boot (not on round times). Each reload fetches; one in an idle window
    /// fails and shows the old data, so a change made elsewhere at 20 minutes first shows at the
    /// first reload that falls in a maintenance window (at 97.5 minutes).
    func testLightDozeHoldsASelfFetchingWidgetsFetchesUntilAMaintenanceWindow() {
        var p = lockedSelfFetchingWidget()
        p.device.lightDoze = true
        p.device.movingWhenLocked = 1
        p.widget.reloadAfter = 7 * Time.minute + 30 * Time.second
        p.widget.alignReloads = false
        let windows = DozeSchedule.lightMaintenanceStarts(until: Time.day)
        let at = 20 * Time.minute
        let expected = stride(from: p.widget.reloadAfter, to: Time.day, by: Int(p.widget.reloadAfter)).first { h in
            h > at && windows.contains { h >= $0 && h < $0 + Time.minute }
        }!
        XCTAssertEqual(expected, 97 * Time.minute + 30 * Time.second)
        let run = ProbeRun(p, seed: 4_101)
        run.wait(at)
        let change = run.editElsewhere()
        XCTAssertNotNil(run.watch(for: 3 * Time.hour) { run.widgetShows(change) }, "the change was never shown")
        XCTAssertEqual(run.now, expected, "shown at \(run.now) µs")
    }

    /// A high-priority push gives the app the network in a deep idle window: the app it wakes
    /// syncs, rewrites the projection and asks for a reload, and the widget (reading the
    /// projection only) shows a change made elsewhere at once; at normal priority the push waits
    /// for the window, and the change shows at its end.
    func testAHighPriorityPushGivesTheAppTheNetworkInDoze() {
        for priority in [PushPriority.high, .normal] {
            var p = lockedSelfFetchingWidget()
            p.widget.fetchesOwnData = false
            p.push.onChange = true
            p.push.wakeRefusal = 0
            p.push.priority = priority
            p.app.requestsWidgetReload = true
            let run = ProbeRun(p, seed: 4_102)
            let at = 80 * Time.minute
            run.wait(at)
            let change = run.editElsewhere()
            XCTAssertNotNil(run.watch(for: 2 * Time.hour) { run.widgetShows(change) }, "\(priority): never shown")
            XCTAssertEqual(run.now, priority == .high ? at : 2 * Time.hour, "\(priority): shown at \(run.now) µs")
        }
    }
}
