import XCTest
import SimKernel
import Surfaces
import TestSupport

/// The car surface (§25.8; SPEC §3.9): projected from the phone (the phone's app, session and
/// network) or running on the car with its own sign-in and network.
final class CarSurfaceTests: XCTestCase {

    /// The phone is offline most of the time (periods of six hours, four a day) while data keeps
    /// changing elsewhere. A projected car can only show what the phone last synced; a car with
    /// its own network fetches every minute of a drive.
    static func car(_ mode: CarMode) -> Parameters {
        var p = SurfaceSetUp.quiet(days: 4)
        p.car.enabled = true
        p.car.mode = mode
        p.car.drivesPerDay = 12
        p.elsewhere.edits = Rate(perHour: 6)
        p.network.offlinePerDay = 4
        p.network.offlineDuration = .exponential(mean: 6 * 3_600)
        p.observe.carGlances = Rate(perHour: 12)
        return p
    }

    func testOnCarClientStaysFreshWhenThePhoneIsOffline() {
        let s = SurfaceRuns(Self.car(.onCar), seeds: 3, base: 12_400).samples(.carStaleness)
        XCTAssertGreaterThan(s.count, 200)
        // Refreshed every minute (app.syncInterval): never older than a refresh and a round trip.
        XCTAssertLessThan(s.max() ?? 0, 70, "car.staleness on the car's own network (s)")
    }

    func testProjectedCarShowsOldDataWhenThePhoneIsOffline() {
        let projected = SurfaceRuns(Self.car(.projected), seeds: 3, base: 12_400)
        let s = projected.samples(.carStaleness)
        XCTAssertGreaterThan(s.count, 200)
        XCTAssertGreaterThan(Stat.mean(s), 30 * 60, "mean car.staleness projected from an offline phone (s)")
        for (i, v) in projected.values(.carBlank).enumerated() {
            XCTAssertLessThan(v, 0.05, "seed \(12_400 + i): the projected car shows the phone's kept reading")
        }
    }

    /// The car connection keeps the phone app running for the whole drive: it syncs every
    /// minute (app.syncInterval) and hands each sync to the templates. With the phone online
    /// the car is never older than a sync interval and a round trip; an app that suspended
    /// after its first sync would leave the car as old as the drive (median 25 minutes).
    func testProjectedCarKeepsTheAppSyncingForTheDrive() {
        var p = Self.car(.projected)
        p.network.offlinePerDay = 0
        let s = SurfaceRuns(p, seeds: 3, base: 12_500).samples(.carStaleness)
        XCTAssertGreaterThan(s.count, 200)
        XCTAssertLessThan(s.max() ?? 0, 70, "car.staleness projected from an online phone (s)")
    }

    /// Even after a force-quit the connection relaunches the app within a sync interval: the
    /// user opens the app twice an hour and force-quits it every time.
    func testProjectedCarRelaunchesAForceQuitApp() {
        var p = Self.car(.projected)
        p.network.offlinePerDay = 0
        p.user.appOpens = Rate(perHour: 2)
        p.user.forceQuit = 1
        let runs = SurfaceRuns(p, seeds: 3, base: 12_600)
        let s = runs.samples(.carStaleness)
        XCTAssertGreaterThan(s.count, 200)
        // Force-quit mid-drive: the next sync comes a relaunch (≤ 1 min) later, so ≤ 2 intervals old.
        XCTAssertLessThan(s.max() ?? 0, 130, "car.staleness with the app force-quit during drives (s)")
    }

    /// At the end of a drive the app suspends as soon as it is idle, even when a sync was still
    /// in flight as the car disconnected (with a 20 s round trip against a 60 s sync interval,
    /// a third of drives end that way). Nothing else wakes the app here, so an app that missed
    /// its suspension would keep running until the next drive.
    func testAppSuspendsAfterTheDriveOnceItsLastSyncReturns() {
        var p = Self.car(.projected)
        p.network.offlinePerDay = 0
        p.network.latency = .lognormal(median: 20, sigma: 0.1)
        var drivesEnded = 0
        for seed in 0..<3 as Range<UInt64> {
            let log = TraceLog()
            _ = Replication.run(p, seed: 12_700 + seed, trace: log)
            let records = log.records
            for (k, r) in records.enumerated() where r.process == "car" && r.event == "receive" && r.details == "timer(4)" {
                drivesEnded += 1
                let suspended = records[k...].first { $0.process == "app" && $0.event == "ended" }
                let nextLaunch = records[k...].first { $0.process == "app" && ($0.event == "launched" || $0.event == "resumed") }
                guard let end = suspended, end.time <= (nextLaunch?.time ?? .max) else {
                    XCTFail("seed \(12_700 + seed): the app still ran after the drive that ended at \(Time.seconds(r.time)) s")
                    continue
                }
                XCTAssertLessThan(end.time - r.time, 2 * Time.minute, "seed \(12_700 + seed): suspended long after the drive")
            }
        }
        XCTAssertGreaterThan(drivesEnded, 30)
    }
}
