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

/// A power-saving period and the watch (`device.lowPower.blocksWatchWakes`; docs/model.md#watch):
/// by default a message from the watch wakes the phone app during one, as WatchConnectivity
/// documents for a message from the watch; with the parameter on, the phone is asleep for the
/// watch until the period ends, as in a Doze idle window: an immediate message to an app not
/// running fails, and a queued transfer waits for the period's end.
final class WatchPowerSavingTests: XCTestCase {
    /// The probe world with a companion watch relaying through the phone app; the app not
    /// running (its launch run over), the phone in a power-saving period from 10 minutes.
    private func run(_ relay: RelayMode, blocks: Bool, log: TraceLog) -> ProbeRun {
        var p = ChapterProbes.base()
        p.watch.enabled = true
        p.watch.level = .companion
        p.watch.relay = relay
        p.device.lowPowerBlocksWatchWakes = blocks
        // Power-saving periods are on (the watch link then hears their end), though at this rate
        // none comes by itself: the test starts and ends the one it scripts.
        p.device.lowPowerPerDay = 1e-9
        let run = ProbeRun(p, seed: 4_104, trace: log)
        run.wait(10 * Time.minute)
        run.world.os.setPowerSaving(true)
        return run
    }

    /// The writes from the watch the phone app received.
    private func received(_ log: TraceLog) -> Int {
        log.records.filter { $0.process == "app" && $0.event == "receive" && $0.details.hasPrefix("watchRequest(write") }.count
    }

    /// Off (the default): both relays reach the app during the period, which the watch wakes.
    /// On: the immediate write fails at once and is lost; the queued one waits and reaches the
    /// app when the period ends.
    func testAPowerSavingPeriodBlocksTheWatchsWakesOnlyWhenTheParameterSaysSo() {
        for relay in [RelayMode.immediate, .queued] {
            for blocks in [false, true] {
                let log = TraceLog()
                let r = run(relay, blocks: blocks, log: log)
                XCTAssertFalse(r.world.engine.isRunning(r.assembly.address(of: MainApp.self)), "\(relay), \(blocks): the app is not running")
                guard let change = r.watchWrite() else { return XCTFail("\(relay), \(blocks): no write") }
                r.wait(Time.minute)
                XCTAssertEqual(received(log), blocks ? 0 : 1, "\(relay), blocks \(blocks): during the period")
                XCTAssertEqual(r.world.truth.wasLost(change), blocks && relay == .immediate,
                               "\(relay), blocks \(blocks): lost")
                r.world.os.setPowerSaving(false)
                r.wait(Time.minute)
                XCTAssertEqual(received(log), blocks && relay == .immediate ? 0 : 1, "\(relay), blocks \(blocks): after the period")
            }
        }
    }

    /// The parameter is in the catalogue, off by default on both platforms.
    func testTheParameterIsOffByDefault() {
        XCTAssertFalse(Parameters.defaults(for: .ios).device.lowPowerBlocksWatchWakes)
        XCTAssertFalse(Parameters.defaults(for: .android).device.lowPowerBlocksWatchWakes)
        XCTAssertTrue(ParameterCatalog.builtIn().contains { $0.path == "device.lowPower.blocksWatchWakes" })
    }
}
