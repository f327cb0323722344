import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The car program's lifetime (docs/model.md#car-lifetime): with `car.lifetime = whileConnected`
/// the car connection launches it when a drive begins and it ends, losing its memory, when the
/// drive ends; with `allDay` (the default) it runs for the whole replication.
final class CarLifetimeTests: XCTestCase {

    static func car(_ mode: CarMode, _ lifetime: CarLifetime, days: Double = 4) -> Parameters {
        var p = CarSurfaceTests.car(mode)
        p.duration = SimTime(days * Double(Time.day))
        p.car.lifetime = lifetime
        return p
    }

    /// Each drive launches the car's program (by the system: the car connection) and its end
    /// ends it normally: between drives it is not running, and not at time 0 either. Running
    /// all day, it is launched once at time 0 and never ends.
    func testTheCarRunsOnlyWhileADriveConnectsIt() {
        for seed in 0..<3 as Range<UInt64> {
            let log = TraceLog()
            _ = Replication.run(Self.car(.projected, .whileConnected), seed: 13_000 + seed, trace: log)
            let launches = log.times("car", "launched", details: "system")
            let ends = log.times("car", "ended", details: "normal")
            let arrivals = log.times("car", "receive", details: "arrive")
            XCTAssertGreaterThan(launches.count, 30, "seed \(13_000 + seed): a launch per drive")
            XCTAssertEqual(log.times("car", "launched").count, launches.count, "only the car connection launches it")
            XCTAssertGreaterThan(launches.first ?? 0, 0, "not running at time 0")
            XCTAssertEqual(ends, arrivals, "seed \(13_000 + seed): it ends as each drive ends")
            // Launched, ended, launched, …: never launched while running, never running between drives.
            XCTAssertTrue(launches.count == ends.count || launches.count == ends.count + 1)
            for (k, end) in ends.enumerated() {
                XCTAssertLessThanOrEqual(launches[k], end)
                if k + 1 < launches.count { XCTAssertLessThan(end, launches[k + 1], "seed \(13_000 + seed): ended before the next drive") }
            }
            let allDay = TraceLog()
            _ = Replication.run(Self.car(.projected, .allDay), seed: 13_000 + seed, trace: allDay)
            XCTAssertEqual(allDay.times("car", "launched"), [0], "all day: launched once, at time 0")
            XCTAssertEqual(allDay.times("car", "ended"), [], "all day: never ended")
        }
    }

    /// Closed form: drives arrive at rate λ and last L (constant), a drive arriving during one
    /// is not a new connection, so the car's program runs a share λL / (1 + λL) of the time
    /// (12 drives a day of 30 min: 0.2). Measured from the launches and ends in the event log.
    func testShareOfTimeTheCarRunsMatchesTheClosedForm() {
        var p = Self.car(.onCar, .whileConnected, days: 20)
        p.car.driveLength = .constant(1_800)
        let lambdaL = p.car.drivesPerDay / Double(Time.day) * 1_800 * Double(Time.second)
        let expected = lambdaL / (1 + lambdaL)
        var running: SimTime = 0, total: SimTime = 0
        for seed in 0..<3 as Range<UInt64> {
            let log = TraceLog()
            _ = Replication.run(p, seed: 13_100 + seed, trace: log)
            let launches = log.times("car", "launched"), ends = log.times("car", "ended")
            for (k, l) in launches.enumerated() { running += (k < ends.count ? ends[k] : p.duration) - l }
            total += p.duration
        }
        // About 570 cycles (idle exponential, mean 2 h, then 30 min): one standard error ≈ 0.007.
        assertClose(Double(running) / Double(total), expected, tolerance: 0.035, "share of time the car's program runs")
    }

    /// What a drive shows comes from that drive's requests (or the phone's app), never from the
    /// car's memory of an earlier drive, and the car's client keeps its session in the car's
    /// storage: so living only while connected changes no figure. Every metric of a replication
    /// is the same bit for bit as running all day, projected or on the car.
    func testLivingOnlyWhileConnectedChangesNoFigure() {
        for mode in [CarMode.projected, .onCar] {
            for seed in 0..<2 as Range<UInt64> {
                let a = Replication.run(Self.car(mode, .allDay), seed: 13_200 + seed)
                let b = Replication.run(Self.car(mode, .whileConnected), seed: 13_200 + seed)
                XCTAssertEqual(a.values.map(\.bitPattern), b.values.map(\.bitPattern), "\(mode), seed \(13_200 + seed): values")
                XCTAssertEqual(a.samples.map { $0.map(\.bitPattern) }, b.samples.map { $0.map(\.bitPattern) }, "\(mode), seed \(13_200 + seed): samples")
                XCTAssertEqual(a.requestsPerMinute, b.requestsPerMinute, "\(mode), seed \(13_200 + seed): requests")
                XCTAssertGreaterThan(a[samples: .carStaleness].count, 100)
            }
        }
    }

    /// The default is `allDay`: a default study's replication is the one with it set explicitly.
    func testTheDefaultLifetimeIsAllDay() {
        XCTAssertEqual(Parameters().car.lifetime, .allDay)
        var p = Parameters()
        p.duration = Time.day
        var q = p
        q.car.lifetime = .allDay
        assertIdentical(Replication.run(p, seed: 13_300), Replication.run(q, seed: 13_300), "default car.lifetime")
    }
}
