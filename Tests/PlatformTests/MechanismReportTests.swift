import XCTest
import SimKernel
@testable import Platform

/// What the platform's mechanisms report to the measurement layer (`PlatformObserver.platformDid`,
/// docs/metrics.md#mechanism-diagnostics), in the harness's world: the widget's budget of three
/// charged reloads a rolling day, three push wakes a rolling hour.
final class MechanismReportTests: XCTestCase {
    private func widgetHarness() -> (PlatformHarness, Address<WidgetHostInput>) {
        let h = PlatformHarness()
        return (h, WidgetHostTests.installWidgetHost(h).2)
    }

    /// Charged reload requests every k = 20 minutes from 0:05 over two days, budget B = 3 a rolling
    /// day, no hints: each day the first B are granted (the uses of the day before leave the
    /// window exactly a day after they were spent), so each day has 1440/k − B = 69 refusals.
    /// The budget first runs out at the B-th request, 0:45; on the second day each of the first
    /// B requests spends the one use that came back, so it runs out again at each of them.
    func testTheBudgetRefusesAllButBRequestsADayAndRunsOutAtTheBthRequest() {
        let (h, host) = widgetHarness()
        defer { h.dismantle() }
        let k = 20 * Time.minute, budget = 3, perDay = Int(Time.day / k)
        for i in 0..<(2 * perDay) {
            h.engine.send(.reloadRequest(free: false, reason: .appRequest), to: host, at: 5 * Time.minute + SimTime(i) * k)
        }
        h.engine.run(until: 2 * Time.day)
        let refused = h.observer.mechanisms.filter { $0.event == .widgetReloadRefused }.map(\.at)
        let exhausted = h.observer.mechanisms.filter { $0.event == .widgetBudgetExhausted }.map(\.at)
        XCTAssertEqual(refused.filter { $0 < Time.day }.count, perDay - budget)
        XCTAssertEqual(refused.filter { $0 >= Time.day }.count, perDay - budget)
        let bth = 5 * Time.minute + SimTime(budget - 1) * k
        XCTAssertEqual(exhausted, [bth] + (0..<budget).map { Time.day + 5 * Time.minute + SimTime($0) * k })
    }

    /// Sixty silent pushes a minute apart to the app in the background, three wakes a rolling
    /// hour: 60 − 3 wakes are refused. In a power-saving period, offline, or (at normal
    /// priority) in a Doze idle window each push is held, and says why.
    func testRefusedWakesAndHeldPushesAreReportedAsTheyHappen() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        for k in 0..<60 {
            h.engine.send(.sendSilent(writer: h.appAddress.process), to: h.pushAddress, at: SimTime(k) * Time.minute)
        }
        h.engine.run(until: Time.hour)
        XCTAssertEqual(h.observer.mechanisms.filter { $0.event == .pushWakeRefused }.count, 57)
        XCTAssertEqual(h.app.received.count, 3)

        h.observer.mechanisms = []
        h.os.setPowerSaving(true)
        for k in 0..<4 { h.engine.send(.sendSilent(writer: h.appAddress.process), to: h.pushAddress, at: Time.hour + SimTime(k) * Time.minute) }
        h.engine.run(until: 2 * Time.hour)
        h.os.setPowerSaving(false)                 // the push held goes: a wake, nothing to tell
        h.engine.run(until: 2 * Time.hour + 10 * Time.minute)
        h.os.setNetwork(online: false)
        for k in 0..<5 { h.engine.send(.sendSilent(writer: h.appAddress.process), to: h.pushAddress, at: 2 * Time.hour + SimTime(30 + k) * Time.minute) }
        h.engine.run(until: 3 * Time.hour)
        XCTAssertEqual(h.observer.mechanisms.map(\.event), Array(repeating: .pushHeld(.lowPower), count: 4) + Array(repeating: .pushHeld(.offline), count: 5))
    }

    /// The phone's lock, Doze states, the app's foreground (changes only), a restart, an update
    /// and a force-quit are each told once, as they happen.
    func testThePhonesStateChangesAreToldAsTheyHappen() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.openAppInForeground()                 // unlocks (the phone starts locked)
        h.os.appLeavesForeground()
        h.os.appLeavesForeground()                 // already out: nothing to tell
        h.os.setLocked(true)
        h.os.enterLightIdle()
        h.os.endLightIdleWindow()
        h.os.enterLightIdle()
        h.os.enterDeepIdle()                       // deep takes over from light
        h.os.endDeepIdleWindow()
        h.os.restartPhone()
        XCTAssertTrue(h.os.installAppUpdate(changesSchema: false))
        h.os.appForceQuitTakesEffect()
        XCTAssertEqual(h.observer.mechanisms.map(\.event), [
            .phoneLocked(false), .appForeground(true), .appForeground(false), .phoneLocked(true),
            .doze(.light), .doze(.none), .doze(.light), .doze(.deep), .doze(.none),
            .phoneRestarted, .appUpdateInstalled, .appForceQuit,
        ])
    }

    /// The standby bucket's thresholds are the idle times `after(idle:)` moves at.
    func testEachBucketIsEnteredAtItsIdleTime() {
        for bucket in StandbyBucket.allCases {
            XCTAssertEqual(StandbyBucket.after(idle: bucket.idleToEnter), bucket)
            if bucket != .active { XCTAssertNotEqual(StandbyBucket.after(idle: bucket.idleToEnter - 1), bucket) }
        }
    }
}
