import XCTest
import SimKernel
@testable import Platform

/// The push service as the platform runs it (docs/model.md#backend-and-push), with the harness's
/// certain pushes (no loss, no refusal, a delay of one second) and three wakes an hour.
final class PushServiceTests: XCTestCase {
    /// Silent pushes a minute apart wake the app in the background, three times in a rolling
    /// hour: the fourth and fifth find the budget spent.
    func testBackgroundWakesStopAtTheHourlyBudget() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        for k in 0..<5 {
            h.engine.send(.sendSilent(writer: h.appAddress.process), to: h.pushAddress, at: SimTime(k) * Time.minute)
        }
        h.engine.run(until: Time.hour / 2)
        XCTAssertEqual(h.app.received.map(\.message), [.silentPush, .silentPush, .silentPush])
        XCTAssertEqual(h.app.received.map(\.at), [1, 61, 121].map { SimTime($0) * Time.second })
    }

    /// An offline phone holds only the newest push; back online, that one wakes the app once.
    func testAnOfflinePhoneGetsOnlyTheNewestPush() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.setNetwork(online: false)
        for k in 0..<3 {
            h.engine.send(.sendSilent(writer: h.appAddress.process), to: h.pushAddress, at: SimTime(k) * Time.minute)
        }
        h.engine.run(until: 10 * Time.minute)
        XCTAssertTrue(h.app.received.isEmpty)
        h.os.setNetwork(online: true)
        h.engine.run(until: 11 * Time.minute)
        XCTAssertEqual(h.app.received.map(\.message), [.silentPush])
    }

    /// A force-quit discards the push held for the app, and later ones wake nothing until the
    /// user opens the app.
    func testAForceQuitAppGetsNoPush() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.setNetwork(online: false)
        h.engine.send(.sendSilent(writer: h.appAddress.process), to: h.pushAddress, at: 0)
        h.engine.run(until: Time.minute)
        h.os.appForceQuitTakesEffect()
        h.os.setNetwork(online: true)
        h.engine.send(.sendSilent(writer: h.appAddress.process), to: h.pushAddress, at: 2 * Time.minute)
        h.engine.run(until: 10 * Time.minute)
        XCTAssertTrue(h.app.received.isEmpty)
    }
}
