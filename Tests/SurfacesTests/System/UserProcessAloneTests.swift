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

/// The user alone against a harness context (issue 42): a recording main app, car, television,
/// watch app, live status and automations stand in for what the user acts on, reached only
/// through its ports. The system tells it of the sessions it opens (`sessionStarted`).
final class UserProcessAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<UserProcess, UserInput, UserState, UserPorts>
    private struct StandIns {
        let app = Recorder<MainAppInput>(1)
        let car = Recorder<CarInput>(2)
        let television = Recorder<TelevisionInput>(3)
        let watchApp = Recorder<WatchAppInput>(4)
        let liveStatus = Recorder<LiveStatusInput>(5)
        let automations = Recorder<AutomationsInput>(6)
        var all: [any RecordingPeer] { [app, car, television, watchApp, liveStatus, automations] }
    }

    /// The user with parameters `p`; the app they open is the recording app (process 1), and
    /// the system tells the user of each session it opens, as the assembly wires it.
    private func harness(_ p: Parameters, seed: UInt64) -> (Harness, StandIns) {
        let peers = StandIns()
        let h = Harness(p, seed: seed, peers: peers.all)
        h.os.wiring.app = ProcessID(1)
        h.os.wiring.sessionStarted = Route(to: h.address, as: { UserInput.sessionStarted(surfaceSeed: $0.surfaceSeed) })
        h.engine.launch(h.address.process, by: .system)
        return (h, peers)
    }

    private func parameters(days: Int) -> Parameters {
        var p = Parameters()
        p.duration = SimTime(days) * Time.day
        p.observe.warmup = 0
        p.user.appOpens = Rate(perHour: 0)
        p.live.enabled = false
        p.widget.buttonTapsPerDay = 0
        p.action.enabled = false
        p.watch.enabled = false
        return p
    }

    /// The user opens the app 200 times, an hour apart (the system's open, which tells the user a
    /// session began; the app leaves the foreground before the next). A session lasts
    /// `user.sessionLength` (10 min): the user's edits reach the app's port only
    /// within it, at `user.inAppChanges` (60 an hour), and its end reaches the app's port as the
    /// user ending the session, a force-quit with probability `user.forceQuit` (0.3). Over 200
    /// sessions: edits Poisson with mean 2,000 (sd 44.7), force-quits binomial with mean 60 (sd
    /// 6.5), each within 4 sd.
    func testASessionsEditsAndItsEndReachTheApp() {
        var p = parameters(days: 10)
        p.user.sessionLength = .constant(600)
        p.user.inAppChanges = Rate(perHour: 60)
        p.user.forceQuit = 0.3
        let (h, peers) = harness(p, seed: 5)
        defer { h.dismantle() }
        let sessions = 200
        var starts: [SimTime] = []
        for k in 0..<sessions {
            let start = SimTime(k) * Time.hour
            starts.append(start)
            h.run(until: start)
            h.os.openAppInForeground(.user)
            h.run(until: start + 30 * Time.minute)
            h.os.appLeavesForeground()          // as the app does when the user ends its session
        }
        var edits = 0, ends: [(at: SimTime, forceQuit: Bool)] = []
        for (at, input) in peers.app.received {
            switch input {
            case .userEdits:
                edits += 1
                let start = starts.last { $0 <= at }!
                XCTAssertLessThan(at - start, 10 * Time.minute, "an edit outside its session")
            case .userEndsSession(let forceQuit): ends.append((at, forceQuit))
            default: XCTFail("the app got \(input)")
            }
        }
        XCTAssertEqual(ends.map(\.at), starts.map { $0 + 10 * Time.minute }, "each session ends after its length")
        XCTAssertEqual(Double(edits), 2_000, accuracy: 4 * 2_000.0.squareRoot())
        XCTAssertEqual(Double(ends.filter(\.forceQuit).count), 60, accuracy: 4 * (200 * 0.3 * 0.7).squareRoot())
    }

    /// Orders go to the live status's port, widget button taps and actions to the automations',
    /// each at its own rate, until the user signs out: `signout.at` (10 days) they open the app
    /// and, the navigation's 30 s later, send the sign-out to the app's port. After it they place
    /// no order and tap no button, and the actions that still run (an automation they left) go
    /// unattended. Over 20 days: orders Poisson with mean 40 before, button taps 20, actions 30
    /// before and 30 after (4 sd each). Every order is planned for at least a minute, under the
    /// first account.
    func testWhatTheUserDoesWithEachSurfaceStopsAtTheSignOut() {
        var p = parameters(days: 20)
        p.live.enabled = true
        p.live.activitiesPerDay = 4
        p.widget.enabled = true
        p.widget.buttonTapsPerDay = 2
        p.action.enabled = true
        p.action.perDay = 3
        p.user.sessionLength = .constant(60)
        p.user.inAppChanges = Rate(perHour: 0)
        p.signout.at = 10 * Time.day
        let (h, peers) = harness(p, seed: 11)
        defer { h.dismantle() }
        h.program.start()
        h.run(until: p.duration)
        let signOut = 10 * Time.day + UserProcess.signOutNavigation
        XCTAssertEqual(peers.app.received.compactMap { if case .signOut = $0.input { $0.at } else { nil } }, [signOut])
        let orders = peers.liveStatus.received.compactMap { if case .begin(let plan) = $0.input { ($0.at, plan) } else { nil } }
        XCTAssertEqual(orders.count, peers.liveStatus.received.count)
        XCTAssertTrue(orders.allSatisfy { $0.0 < signOut && $0.1.planned >= Time.minute && $0.1.account == .first })
        XCTAssertEqual(Double(orders.count), 40, accuracy: 4 * 40.0.squareRoot())
        var taps: [SimTime] = [], attended: [SimTime] = [], unattended: [SimTime] = []
        for (at, input) in peers.automations.received {
            switch input {
            case .buttonTap: taps.append(at)
            case .run(attended: true): attended.append(at)
            case .run(attended: false): unattended.append(at)
            default: XCTFail("the automations got \(input)")
            }
        }
        XCTAssertTrue(taps.allSatisfy { $0 < signOut } && attended.allSatisfy { $0 < signOut } && unattended.allSatisfy { $0 >= signOut })
        XCTAssertEqual(Double(taps.count), 20, accuracy: 4 * 20.0.squareRoot())
        XCTAssertEqual(Double(attended.count), 30, accuracy: 4 * 30.0.squareRoot())
        XCTAssertEqual(Double(unattended.count), 30, accuracy: 4 * 30.0.squareRoot())
        XCTAssertTrue(peers.car.received.isEmpty && peers.television.received.isEmpty && peers.watchApp.received.isEmpty)
    }
}
