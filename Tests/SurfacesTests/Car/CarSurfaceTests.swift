import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The car surface (§25.8; docs/model.md#instant-version): projected from the phone (the phone's app, session and
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
    }

    /// The car never reads the app's storage itself: the app fills the templates with what it
    /// can read. The phone keeps a reading but stays locked (no lock cycle, and the user never
    /// opens the app), so the app the car connection launches cannot unseal it (docs/model.md#kept-readings), and
    /// offline from the start its sync fails too: the car is blank at every glance. (A car that
    /// read the kept reading itself would show it.)
    func testProjectedCarShowsOnlyWhatTheAppCanRead() {
        var p = Self.car(.projected)
        p.device.locked = 0                                 // no lock cycle: locked until the app is opened
        p.network.offlinePerDay = 1e6                      // offline from the first tenth of a second on
        p.network.offlineDuration = .constant(10 * 86_400)
        let runs = SurfaceRuns(p, seeds: 3, base: 12_450)
        XCTAssertEqual(runs.samples(.carStaleness).count, 0, "no glance shows data")
        for (i, v) in runs.values(.carBlank).enumerated() {
            XCTAssertEqual(v, 1, "seed \(12_450 + i): every car glance is blank")
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
            for (k, r) in records.enumerated() where r.process == "car" && r.event == "receive" && r.details == "arrive" {
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
    // MARK: The view metrics of docs/metrics.md for the car (the same observer as the widget, app and watch)

    /// Every view metric of the car is reported and in range, for both modes. The car shows
    /// data only during drives, so some changes wait for the next drive: lag censoring is
    /// above 0 only for changes made after the last drive that reached them.
    func testCarReportsEveryViewMetricInRange() {
        for mode in [CarMode.projected, .onCar] {
            let runs = SurfaceRuns(Self.car(mode), seeds: 3, base: 12_800)
            for (i, r) in runs.results.enumerated() {
                let what = "\(mode), seed \(12_800 + i)"
                let age = r[samples: .carAge], staleness = r[samples: .carStaleness]
                XCTAssertGreaterThan(age.count, 50, what)
                XCTAssertEqual(age.count, staleness.count, "\(what): car.age and car.staleness are sampled at the same glances")
                XCTAssertGreaterThan(r[samples: .carLag].count, 50, what)
                assertMetricsInRange(r, what, metrics: [.carAge, .carLag, .carLagCensored, .carUnlabeledStale, .carWrongAccount, .carStalenessTimeAvg],
                                     notApplicableAllowed: false)
                XCTAssertEqual(r[value: .carWrongAccount], 0, "\(what): no sign-out, so no glance shows a signed-out account")
            }
        }
    }

    /// The car's templates print no data age, so every glance staler than `observe.staleAfter`
    /// is an unlabeled stale one: `car.unlabeledStale` is the share of all car glances (blank
    /// ones included) with a staleness sample above it. A projected car from a phone that is
    /// mostly offline shows old data often; a car with its own network refreshing every minute never.
    func testCarUnlabeledStaleCountsEveryStaleGlance() {
        let staleAfter = Time.seconds(Parameters().observe.staleAfter)
        for (mode, base) in [(CarMode.projected, UInt64(12_900)), (.onCar, 12_910)] {
            let runs = SurfaceRuns(Self.car(mode), seeds: 3, base: base)
            for (i, r) in runs.results.enumerated() {
                let s = r[samples: .carStaleness]
                let blank = r[value: .carBlank]
                // Glances = staleness samples + blank glances, so n·(1 − blank) = samples.
                let glances = Double(s.count) / (1 - blank)
                let stale = Double(s.filter { $0 > staleAfter }.count)
                assertClose(r[value: .carUnlabeledStale], stale / glances, tolerance: 1e-9, "\(mode), seed \(base + UInt64(i))")
                if mode == .onCar { XCTAssertEqual(r[value: .carUnlabeledStale], 0, "\(mode): refreshed every minute") }
            }
            if mode == .projected {
                // Blank glances count too: a cold launch on the locked phone has nothing to show.
                XCTAssertGreaterThan(Stat.mean(runs.values(.carUnlabeledStale)), 0.1, "a projected car from an offline phone")
            }
        }
    }

    /// The time-weighted mean staleness is what Poisson glances see on average (glances are
    /// independent of the car's state): per replication, within five standard errors of the
    /// mean staleness sample. A wrong integral (e.g. over drives' gaps, or a missed show)
    /// would be off by far more.
    func testCarTimeAverageStalenessMatchesTheGlances() {
        var p = Self.car(.projected)
        p.observe.carGlances = Rate(perHour: 240)
        let runs = SurfaceRuns(p, seeds: 3, base: 12_950)
        for (i, r) in runs.results.enumerated() {
            let s = r[samples: .carStaleness]
            XCTAssertGreaterThan(s.count, 1_000)
            assertClose(r[value: .carStalenessTimeAvg], Stat.mean(s), tolerance: Tolerance.mean(sd: Stat.sd(s), n: s.count),
                        "seed \(12_950 + UInt64(i)): car.staleness.timeAvg against the glances' mean")
        }
    }
}
