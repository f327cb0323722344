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
import TestSupport

/// Queued watch transfers arrive in the order they were queued (`transferUserInfo`: "delivered
/// in the order in which they were sent"; docs/model.md#watch): the link carries them one after
/// another, and a transfer whose wake failed waits at the head of the queue, so no transfer
/// overtakes an earlier one, whatever keeps the phone app from taking them.
final class WatchTransferOrderTests: XCTestCase {
    /// A companion watch writing 30 times an hour with queued relay, the phone out of reach
    /// about once an hour for half an hour on average: most of the time something is queued.
    private func queued(days: Double = 2) -> Parameters {
        var p = WatchRelayTests.relay(.queued, writesPerHour: 30, unreachablePerDay: 24,
                                      unreachable: .exponential(mean: 1_800), days: days)
        p.watch.writes = Rate(perHour: 30)
        return p
    }

    /// What keeps the phone app from taking transfers, in turn: the phone out of the watch's
    /// reach (the set-up's own periods), the app force-quit at the end of most sessions (until
    /// the user opens it again), the phone asleep in Doze's idle windows, and asleep in
    /// power-saving periods that block the watch's wakes.
    private var settings: [(String, Parameters)] {
        let unreachable = queued()
        var forceQuit = queued()
        forceQuit.user.appOpens = Rate(perHour: 0.5)
        forceQuit.user.forceQuit = 0.8
        var doze = queued()
        doze.device.doze = true
        doze.device.locked = 0.95
        doze.push.onChange = true
        doze.elsewhere.edits = Rate(perHour: 2)
        doze.push.priority = .high
        var lowPower = queued()
        lowPower.device.lowPowerPerDay = 6
        lowPower.device.lowPowerBlocksWatchWakes = true
        return [("phone unreachable", unreachable), ("app force-quit", forceQuit), ("phone asleep in Doze", doze),
                ("phone asleep in power saving", lowPower)]
    }

    /// The numbers of the changes in trace records of `process` receiving `prefix(change: N)`, in order.
    private func changes(_ log: TraceLog, _ process: String, _ prefix: String) -> [Int] {
        log.records.filter { $0.process == process && $0.event == "receive" && $0.details.hasPrefix(prefix) }
            .compactMap { r in
                guard let colon = r.details.lastIndex(of: ":") else { return nil }
                return Int(String(r.details[r.details.index(after: colon)...].filter(\.isNumber)))
            }
    }

    /// In every setting, the writes the phone app receives from the watch's queue are in the
    /// order the watch queued them (the changes' numbers, which the watch takes as it writes,
    /// increase), and so are the transfers the link carries: one `deliverQueuedToPhone` row per
    /// transfer, a transfer sent again after a failed wake before any later one.
    func testQueuedTransfersArriveInTheOrderQueued() {
        for (name, p) in settings {
            var delivered = 0, waited = 0
            for seed in UInt64(41_000)..<41_003 {
                let log = TraceLog()
                let r = Replication.run(p, seed: seed, trace: log)
                let received = changes(log, "app", "watchRequest(write(change:")
                let carried = changes(log, "watchLink", "deliverQueuedToPhone(change:")
                XCTAssertGreaterThan(received.count, 500, "\(name), seed \(seed): the app received the watch's writes")
                for k in received.indices.dropFirst() where received[k] <= received[k - 1] {
                    XCTFail("\(name), seed \(seed): change \(received[k]) reached the app after \(received[k - 1])")
                    break
                }
                for k in carried.indices.dropFirst() where carried[k] < carried[k - 1] {
                    XCTFail("\(name), seed \(seed): the link carried change \(carried[k]) after \(carried[k - 1])")
                    break
                }
                // Each write reaches the app once; a transfer is carried again only after a failed wake.
                XCTAssertEqual(Set(received).count, received.count, "\(name), seed \(seed)")
                XCTAssertEqual(Set(carried), Set(received).union(Set(carried)), "\(name), seed \(seed)")
                delivered += received.count
                if (r[samples: .watchRelayQueue].max() ?? 0) > 1 { waited += 1 }
            }
            XCTAssertEqual(waited, 3, "\(name): transfers queued behind others in every run")
            XCTAssertGreaterThan(delivered, 1_500, name)
        }
    }

    /// A transfer whose wake failed keeps its place: the first write goes over the link while the
    /// app can run, the user force-quits the app before it arrives, and a second write waits
    /// behind it; the first's wake fails on arrival, and when the user opens the app the first
    /// reaches it, then the second (sent to the back of the queue, it would come second).
    func testATransferWhoseWakeFailedKeepsItsPlaceAtTheHead() {
        var p = ChapterProbes.base()
        p.watch.enabled = true
        p.watch.level = .companion
        p.watch.relay = .queued
        let log = TraceLog()
        let run = ProbeRun(p, seed: 4_103, trace: log)
        run.wait(Time.minute)
        guard let first = run.watchWrite() else { return XCTFail("no first write") }
        run.forceQuit()
        guard let second = run.watchWrite() else { return XCTFail("no second write") }
        run.wait(Time.minute)
        XCTAssertEqual(changes(log, "watchLink", "deliverQueuedToPhone(change:"), [Int(first.number)], "only the first went over the link")
        XCTAssertTrue(changes(log, "app", "watchRequest(write(change:").isEmpty, "the force-quit app took nothing")
        run.openApp()
        XCTAssertEqual(changes(log, "watchLink", "deliverQueuedToPhone(change:"), [Int(first.number), Int(first.number), Int(second.number)])
        XCTAssertEqual(changes(log, "app", "watchRequest(write(change:"), [Int(first.number), Int(second.number)])
    }
}
