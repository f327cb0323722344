import XCTest
import SimKernel
@testable import Platform

/// The alarms service (docs/model.md#alarms): an alarm a program sets for itself goes off at
/// its time, in the run that set it, in the order of the inputs sent for the
/// same time; a run that ends, or a program not running, never gets it.
final class AlarmsTests: XCTestCase {
    /// Alarms go off at their times (no rule moves an alarm yet), and an alarm
    /// takes its place among the inputs sent for the same instant as a kernel send does: after
    /// those sent before it, before those sent after it.
    func testAnAlarmGoesOffAtItsTimeInTheRunThatSetIt() {
        let h = PlatformHarness()
        defer { h.dismantle() }
        h.engine.launch(h.appAddress.process, by: .user)
        h.os.setAlarm(.alarm(1), for: h.appAddress, after: 10 * Time.second)
        h.os.send(.wake, to: h.appAddress, after: 5 * Time.second)
        h.os.setAlarm(.alarm(2), for: h.appAddress, after: 5 * Time.second)
        h.os.send(.silentPush, to: h.appAddress, after: 5 * Time.second)
        h.engine.run(until: Time.minute)
        XCTAssertEqual(h.app.received.map(\.message), [.wake, .alarm(2), .silentPush, .alarm(1)])
        XCTAssertEqual(h.app.received.map(\.at), [5, 5, 5, 10].map { $0 * Time.second })
        XCTAssertEqual(h.engine.eventsDiscarded, 0)
    }

    /// The alarm belongs to the run that set it: suspended or ended before its time, that run
    /// never gets it, and neither does the run launched after it (the event is discarded).
    func testAnAlarmOfARunThatEndedIsLostEvenIfTheProgramRunsAgain() {
        for end in [ProcessEnd.suspended, .normal, .terminatedBySystem] {
            let h = PlatformHarness()
            defer { h.dismantle() }
            h.engine.launch(h.appAddress.process, by: .user)
            h.os.setAlarm(.alarm(1), for: h.appAddress, after: Time.minute)
            h.engine.run(until: 20 * Time.second)
            h.engine.end(h.appAddress.process, end)
            h.engine.run(until: 40 * Time.second)
            h.engine.launch(h.appAddress.process, by: .user)
            h.os.setAlarm(.alarm(2), for: h.appAddress, after: 30 * Time.second)
            h.engine.run(until: 2 * Time.minute)
            XCTAssertEqual(h.app.received.map(\.message), [.alarm(2)], "\(end)")
            XCTAssertEqual(h.app.received.map(\.at), [70 * Time.second], "\(end)")
            XCTAssertEqual(h.engine.eventsDiscarded, 1, "\(end)")
        }
    }

    /// An alarm set for a program that is not running is lost: a run launched before its time
    /// does not get it, and nothing launches the program for it.
    func testAnAlarmForAProgramNotRunningIsLostAndLaunchesNothing() {
        for launchedBeforeItsTime in [false, true] {
            let h = PlatformHarness()
            defer { h.dismantle() }
            h.os.setAlarm(.alarm(1), for: h.appAddress, after: Time.minute)
            if launchedBeforeItsTime {
                h.engine.run(until: 30 * Time.second)
                h.engine.launch(h.appAddress.process, by: .user)
            }
            h.engine.run(until: 2 * Time.minute)
            XCTAssertTrue(h.app.received.isEmpty, "launched before its time: \(launchedBeforeItsTime)")
            XCTAssertEqual(h.engine.isRunning(h.appAddress.process), launchedBeforeItsTime)
            XCTAssertEqual(h.engine.eventsDiscarded, 1)
        }
    }
}
