import XCTest
import SimKernel
import Platform

/// The keep-alive service (docs/model.md#keep-alives) against toy programs: a program asks for a
/// keep-alive and gives it back, the system keeps the grant and tells the app along its route,
/// at once while the app runs and at the start of each run while the grant holds; the car
/// connection hears that the app was lost only while it keeps the app running.
final class KeepAliveTests: XCTestCase {
    /// A grant and its withdrawal reach the running app at the instant they happen, once each:
    /// asking again for a grant that holds, or giving back one that does not, tells it nothing.
    func testTheRunningAppIsToldOfAGrantAndItsWithdrawalOnce() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        h.engine.run(until: Time.second)
        h.os.requestKeepAlive(.carConnection)
        h.os.requestKeepAlive(.carConnection)
        h.engine.run(until: 2 * Time.second)
        h.os.releaseKeepAlive(.liveActivity)          // never granted
        h.os.releaseKeepAlive(.carConnection)
        h.os.releaseKeepAlive(.carConnection)
        h.engine.run(until: Time.minute)
        XCTAssertEqual(h.app.received.map(\.message), [.keepAlive(.carConnection, granted: true),
                                                       .keepAlive(.carConnection, granted: false)])
        XCTAssertEqual(h.app.received.map(\.at), [Time.second, 2 * Time.second])
    }

    /// A grant made while the app does not run reaches no run then; the run the system launches
    /// later is told every grant that holds before the wake it was launched for, and a run
    /// launched with none holding is told nothing.
    func testARunThatBeginsIsToldTheGrantsThatHoldBeforeItsWake() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.requestKeepAlive(.carConnection)
        h.os.requestKeepAlive(.liveActivity)
        h.engine.run(until: Time.second)
        XCTAssertTrue(h.app.received.isEmpty, "no run to tell")
        XCTAssertTrue(h.os.wakeAppInBackground(.system, for: AppMessage.wake, at: h.appAddress))
        h.engine.run(until: 2 * Time.second)
        XCTAssertEqual(h.app.received.map(\.message), [.keepAlive([.carConnection, .liveActivity], granted: true), .wake])
        // Nothing holds any more: the next run is told nothing.
        h.os.releaseKeepAlive([.carConnection, .liveActivity])
        h.engine.run(until: 3 * Time.second)
        h.engine.end(h.appAddress.process, .suspended)
        h.app.received = []
        XCTAssertTrue(h.os.wakeAppInBackground(.system, for: AppMessage.wake, at: h.appAddress))
        h.engine.run(until: 4 * Time.second)
        XCTAssertEqual(h.app.received.map(\.message), [.wake])
    }

    /// The user opening the app during a grant: the run (here resumed from suspension, whose
    /// notices while suspended were lost) is told the grant before it is told it was opened.
    func testTheAppOpenedByTheUserIsToldTheGrantBeforeItIsOpened() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        h.engine.end(h.appAddress.process, .suspended)
        h.os.requestKeepAlive(.carConnection)
        h.engine.run(until: Time.second)
        XCTAssertTrue(h.app.received.isEmpty, "a suspended run hears nothing")
        h.os.openAppInForeground()
        h.engine.run(until: 2 * Time.second)
        XCTAssertEqual(h.app.received.map(\.message), [.keepAlive(.carConnection, granted: true), .opened])
        XCTAssertEqual(h.app.received.map(\.at), [Time.second, Time.second])
    }

    /// The app's run ends: the car connection checks again a sync interval later only while it
    /// keeps the app running for a drive (a live activity's keep-alive alone does not), and a
    /// check left from a connection that ended does nothing.
    func testTheCarConnectionChecksAgainOnlyWhileItKeepsTheAppRunning() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        let every = h.os.settings.carConnectionCheckEvery
        h.os.requestKeepAlive(.liveActivity)
        h.os.appRunEnded()
        h.engine.run(until: 2 * every)
        XCTAssertTrue(h.person.received.isEmpty, "no car keeps the app running")
        h.os.carConnects()
        let lost = h.engine.now
        h.os.appRunEnded()
        h.engine.run(until: 4 * every)
        XCTAssertEqual(h.person.received, [.carConnectionCheck(connection: 1)])
        XCTAssertEqual(h.person.receivedAt, [lost + every])
        h.os.carDisconnects()
        h.os.appRunEnded()
        h.engine.run(until: 6 * every)
        XCTAssertEqual(h.person.received.count, 1, "the drive is over")
    }

    /// The car connection as a drive begins: it keeps the app running and launches its car
    /// scene, even after a force-quit; the run is told once, by the scene's own notice (which
    /// names the keep-alives that hold), whether it was launched for it or already ran.
    func testTheCarSceneConnectsWithTheKeepAliveInOneNotice() {
        for alreadyRunning in [false, true] {
            let h = PlatformHarness()
            defer { h.dismantle() }
            if alreadyRunning { h.engine.launch(h.appAddress.process, by: .user) } else { h.os.appForceQuitTakesEffect() }
            h.os.requestKeepAlive(.liveActivity)
            h.engine.run(until: Time.second)
            h.app.received = []
            h.os.carConnects()
            h.engine.run(until: 2 * Time.second)
            XCTAssertEqual(h.app.received.map(\.message), [.carScene(keptAlive: [.liveActivity, .carConnection])], "running \(alreadyRunning)")
            XCTAssertTrue(h.engine.isRunning(h.appAddress.process))
            XCTAssertTrue(h.person.received.isEmpty, "connected: nothing to check")
        }
    }

    /// A drive that begins with the phone switched off launches nothing (the connection checks
    /// again later) but the car's keep-alive stands: the run the user opens later is told of it.
    func testACarSceneOnASwitchedOffPhoneKeepsItsGrantForTheNextRun() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.setPhonePower(on: false)
        h.os.carConnects()
        h.engine.run(until: Time.second)
        XCTAssertTrue(h.app.received.isEmpty)
        XCTAssertEqual(h.person.received, [], "the check comes a sync interval later")
        h.os.setPhonePower(on: true)
        h.os.openAppInForeground()
        h.engine.run(until: 2 * Time.second)
        XCTAssertEqual(h.app.received.map(\.message), [.keepAlive(.carConnection, granted: true), .opened])
        h.engine.run(until: h.os.settings.carConnectionCheckEvery + Time.second)
        XCTAssertEqual(h.person.received.filter { $0 != .sessionStarted(seed: nil) }, [.carConnectionCheck(connection: 1)])
    }

    /// The car connection's check during a drive: a run of the app that goes on is left alone
    /// (nothing reaches it); a lost app is relaunched for its car scene, even after a force-quit;
    /// on a switched-off phone nothing is launched and the connection checks again later.
    func testTheCarConnectionRelaunchesOnlyALostApp() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.os.carConnects()
        h.engine.run(until: Time.second)
        h.app.received = []
        h.os.carConnectionCheck(connection: 1)
        h.engine.run(until: 2 * Time.second)
        XCTAssertTrue(h.app.received.isEmpty, "the running app is left alone")
        h.os.appForceQuitTakesEffect()
        h.os.carConnectionCheck(connection: 0)
        h.engine.run(until: 3 * Time.second)
        XCTAssertTrue(h.app.received.isEmpty, "a check of an earlier connection does nothing")
        h.os.carConnectionCheck(connection: 1)
        h.engine.run(until: 4 * Time.second)
        XCTAssertEqual(h.app.received.map(\.message), [.carScene(keptAlive: .carConnection)], "the lost app is relaunched, force-quit or not")
        h.os.appForceQuitTakesEffect()
        h.os.setPhonePower(on: false)
        let off = h.engine.now
        h.os.carConnectionCheck(connection: 1)
        h.engine.run(until: off + h.os.settings.carConnectionCheckEvery + Time.second)
        XCTAssertEqual(h.app.received.count, 1, "a switched-off phone")
        XCTAssertEqual(h.person.received, [.carConnectionCheck(connection: 1)], "checked again later")
    }
}
