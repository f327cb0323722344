import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// Watch writes and the relay through the phone (§25.6, P25.8; docs/model.md#watch).
final class WatchRelayTests: XCTestCase {

    /// A companion watch writing at Poisson times while the phone goes out of reach: periods
    /// begin at rate r per day while reachable and last d on average.
    static func relay(_ mode: RelayMode, writesPerHour: Double, unreachablePerDay r: Double,
                      unreachable: Distribution, days: Double) -> Parameters {
        var p = SurfaceSetUp.quiet(days: days, warmup: 2 * Time.hour)
        p.watch.enabled = true
        p.watch.level = .companion
        p.watch.relay = mode
        p.watch.writes = Rate(perHour: writesPerHour)
        p.watch.phoneUnreachablePerDay = r
        p.watch.phoneUnreachableDuration = unreachable
        return p
    }

    /// `immediate` relay refuses every write made while the phone is unreachable and queues
    /// nothing, so (writes being Poisson, they see time averages) the share lost is the long-run
    /// share of time unreachable, r·d/(1 + r·d). The tolerance adds to the binomial spread the
    /// part the reachability's correlation over time contributes (a two-state Markov chain here).
    func testImmediateRelayLosesTheShareOfTimeThePhoneIsUnreachable() {
        let r = 48.0, dDays = 15.0 / (24 * 60), writes = 20.0        // per day; 15 min; per hour
        let p = Self.relay(.immediate, writesPerHour: writes, unreachablePerDay: r,
                           unreachable: .exponential(mean: dDays * 86_400), days: 1)
        let runs = SurfaceRuns(p, seeds: 40, base: 7_100)
        // The per-replication value is a fraction of that replication's writes: weight by writes
        // (one relay-queue sample is recorded per write made after the warm-up).
        var lost = 0.0, n = 0
        for res in runs.results {
            let k = res[samples: .watchRelayQueue].count
            let v = res[value: .watchWriteLost]
            XCTAssertFalse(v.isNaN, "every replication has writes")
            lost += v * Double(k)
            n += k
        }
        let observed = lost / Double(n)
        let expected = SurfaceStat.offShare(rate: r, mean: dDays)             // 1/3
        let sd = SurfaceStat.markovShareSD(alpha: r, beta: 1 / dDays, lambda: writes * 24)
        let tol = Tolerance.mean(sd: sd, n: n)
        assertClose(observed, expected, tolerance: tol, "watch.write.lost under immediate relay (n = \(n))")
        // Power: a model that lost writes in proportion to r·d (no 1 + r·d) would be caught.
        XCTAssertGreaterThan(abs(r * dDays - expected), 2 * tol, "the test can tell r·d/(1+r·d) from r·d")
        // Nothing is queued in immediate mode.
        XCTAssertEqual(runs.samples(.watchRelayQueue).max() ?? 0, 0, "immediate relay never queues")
    }

    /// `queued` relay (transferUserInfo) delivers every write once the phone is back. Writes stop
    /// four hours before each day ends (a 24-hour profile) and no unreachable period lasts more
    /// than an hour, so by the end every write made after the warm-up has reached the backend:
    /// as many latency samples as writes, nothing lost, and the queue was really used.
    func testQueuedRelayDeliversEveryWriteOnceThePhoneIsBack() {
        var profile = Array(repeating: 1.0, count: 24)
        for h in 20..<24 { profile[h] = 0 }
        var p = Self.relay(.queued, writesPerHour: 20, unreachablePerDay: 24,
                           unreachable: .uniform(low: 0, high: 3_600), days: 2)
        p.watch.writes = Rate(perHour: 20, profile: profile)
        let runs = SurfaceRuns(p, seeds: 10, base: 7_200)
        var queuedSomewhere = false
        for (i, res) in runs.results.enumerated() {
            let writes = res[samples: .watchRelayQueue].count
            XCTAssertGreaterThan(writes, 0)
            XCTAssertEqual(res[value: .watchWriteLost], 0, "seed \(7_200 + i): queued relay loses nothing")
            XCTAssertEqual(res[samples: .watchWriteLatency].count, writes,
                           "seed \(7_200 + i): every queued write reached the backend by the end")
            if (res[samples: .watchRelayQueue].max() ?? 0) > 0 { queuedSomewhere = true }
        }
        XCTAssertTrue(queuedSomewhere, "some writes waited in the relay queue (the phone was away)")
        // Writes made while the phone was away waited for it: latencies reach tens of minutes.
        XCTAssertGreaterThan(runs.samples(.watchWriteLatency).max() ?? 0, 600)
    }

    /// Same set-up, immediate relay: the writes made while away are refused, not delayed, so no
    /// latency exceeds a few round trips.
    func testImmediateRelayNeverDelaysAWrite() {
        let p = Self.relay(.immediate, writesPerHour: 20, unreachablePerDay: 24,
                           unreachable: .uniform(low: 0, high: 3_600), days: 1)
        let runs = SurfaceRuns(p, seeds: 4, base: 7_300)
        let latencies = runs.samples(.watchWriteLatency)
        XCTAssertFalse(latencies.isEmpty)
        XCTAssertLessThan(latencies.max() ?? 0, 60, "a relayed write is applied within seconds or never")
        XCTAssertGreaterThan(Stat.mean(runs.applicable(.watchWriteLost)), 0.05)
    }
}
