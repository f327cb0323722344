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

/// The phone's own process alone against a harness context (issue 42): a recording backend and
/// a recording main app stand in for its peers, and a recorder of the device's notices stands
/// in for the programs that listen. What it does is what it asks its system (lock, network,
/// Doze) and what it sends the app (a background refresh's wake).
final class DeviceProcessAloneTests: XCTestCase {
    private typealias Harness = SurfaceHarness<DeviceProcess, DeviceInput, DeviceProcessState, DeviceProcessPorts>
    private struct StandIns {
        let backend = Recorder<BackendInput>(1)
        let app = Recorder<MainAppInput>(2)
        let notices = Recorder<DeviceNotice>(3)
        var all: [any RecordingPeer] { [backend, app, notices] }
    }

    /// A phone locked at the start that never unlocks (`device.locked` 0 gives its locked periods
    /// a mean length of 0, and the program then draws no unlock), with nothing else of its own
    /// happening but what `adjust` turns on; the app it wakes is the recording app (process 2).
    private func harness(seed: UInt64 = 1, _ adjust: (inout Parameters) -> Void) -> (Harness, StandIns) {
        var p = Parameters()
        p.duration = 30 * Time.day
        p.observe.warmup = 0
        p.device.locked = 0
        p.device.restartsPerDay = 0
        p.device.appUpdatesPerDay = 0
        p.device.lowPowerPerDay = 0
        p.network.offlinePerDay = 0
        p.app.backgroundRefresh = Rate(perHour: 0)
        adjust(&p)
        let peers = StandIns()
        let h = Harness(p, seed: seed, peers: peers.all)
        h.os.wiring.app = ProcessID(2)
        h.os.wiring.noticeListeners = [Route(to: h.engine.address(of: peers.notices, registeredAs: ProcessID(3)), as: { $0 })]
        h.engine.launch(h.address.process, by: .system)
        h.program.start()
        return (h, peers)
    }

    private func wakes(_ app: Recorder<MainAppInput>) -> [SimTime] {
        app.received.compactMap { if case .backgroundWake(.backgroundScheduler) = $0.input { $0.at } else { nil } }
    }

    /// Doze on a still, locked phone: idle `device.dozeAfter` (1 h) after the screen went off,
    /// then idle windows of 1, 2, 4 and 6 h (the last repeating) between maintenance windows of
    /// 5 min. A background refresh due while idle waits: the app is woken for it as the next
    /// maintenance window opens, once however many came due, and never while the phone is idle.
    func testDozeHoldsTheBackgroundRefreshForTheMaintenanceWindow() {
        let (h, peers) = harness {
            $0.device.doze = true
            $0.device.lightDoze = false
            $0.device.movingWhenLocked = 0
            $0.device.dozeAfter = Time.hour
            $0.app.backgroundRefresh = Rate(perHour: 6)
        }
        defer { h.dismantle() }
        // The maintenance windows of one day: idle from 1 h, the windows' idle lengths in turn.
        var opens: [SimTime] = [], t = Time.hour
        for idle in [1, 2, 4, 6, 6, 6].map({ SimTime($0) * Time.hour }) {
            t += idle
            opens.append(t)
            t += DeviceProcess.maintenanceWindow
        }
        var dozingAt: [(SimTime, Bool)] = []
        for probe in [30 * Time.minute, 90 * Time.minute, opens[0] + 2 * Time.minute, opens[0] + 10 * Time.minute, opens[1] + Time.minute] {
            h.run(until: probe)
            dozingAt.append((probe, h.os.device.dozing))
        }
        XCTAssertEqual(dozingAt.map(\.1), [false, true, false, true, false])
        h.run(until: Time.day)
        let after = wakes(peers.app).filter { $0 >= Time.hour }
        XCTAssertFalse(wakes(peers.app).filter { $0 < Time.hour }.isEmpty, "refreshes run before Doze (6 an hour)")
        for wake in after {
            XCTAssertTrue(opens.contains { wake >= $0 && wake < $0 + DeviceProcess.maintenanceWindow },
                          "a wake at \(Time.seconds(wake)) s, outside every maintenance window")
        }
        let deferred = opens.filter { t in after.contains(t) }
        XCTAssertEqual(deferred, opens.filter { $0 < Time.day }, "each window opens with the one refresh that waited")
        XCTAssertTrue(peers.backend.received.isEmpty)
    }

    /// The phone's network: each offline period lasts `network.offlineDuration` (30 min), its
    /// notices `offline` then `online`, and the next is drawn at `network.offlinePerDay` (4)
    /// from the end of the last. Over 30 days the periods are a renewal process of mean cycle
    /// 6 h + 30 min and sd 6 h: 110.8 expected, sd √(720 × 36 / 6.5³) = 9.7 (4 sd allowed).
    func testOfflinePeriodsLastTheirDurationAndRecurAtTheirRate() {
        let (h, peers) = harness(seed: 3) {
            $0.network.offlinePerDay = 4
            $0.network.offlineDuration = .constant(1_800)
        }
        defer { h.dismantle() }
        h.run(until: 30 * Time.day)
        let notices = peers.notices.received.filter { $0.input == .offline || $0.input == .online }
        let offline = notices.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let online = notices.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        XCTAssertTrue(offline.allSatisfy { $0.input == .offline } && online.allSatisfy { $0.input == .online },
                      "offline and online alternate")
        for (off, on) in zip(offline, online) { XCTAssertEqual(on.at - off.at, 30 * Time.minute) }
        let expected = 720.0 / 6.5, sd = (720.0 * 36 / (6.5 * 6.5 * 6.5)).squareRoot()
        XCTAssertEqual(Double(offline.count), expected, accuracy: 4 * sd)
        XCTAssertTrue(h.os.device.online || offline.count > online.count)
        XCTAssertTrue(peers.app.received.isEmpty && peers.backend.received.isEmpty, "no revocation held, no refresh")
    }
}
