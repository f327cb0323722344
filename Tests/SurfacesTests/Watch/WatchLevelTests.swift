import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The three watch levels with the phone away (§25.6 table, P25.7). There is no scripted
/// "phone off" in these tests: the phone is unreachable half of the time, in periods of an
/// hour on average, and the watch is looked at six times an hour.
final class WatchLevelTests: XCTestCase {
    static let r = 24.0, dHours = 1.0, glancesPerHour = 6.0

    static func level(_ level: WatchLevel) -> Parameters {
        var p = SurfaceSetUp.quiet(days: 3, warmup: 12 * Time.hour)
        p.watch.enabled = true
        p.watch.level = level
        p.watch.ownNetwork = true
        p.watch.writes = Rate(perHour: 0)
        p.watch.phoneUnreachablePerDay = r
        p.watch.phoneUnreachableDuration = .exponential(mean: dHours * 3_600)
        p.observe.watchGlances = Rate(perHour: glancesPerHour)
        p.elsewhere.edits = Rate(perHour: 6)
        return p
    }

    /// Remote control: every glance while the phone is unreachable shows "needs the phone", and
    /// every glance while it is reachable shows the phone's fresh answer. So the blank share is
    /// the share of time unreachable, r·d/(1 + r·d) = 1/2, and the data glances are fresh.
    func testRemoteControlIsBlankExactlyWhileThePhoneIsAway() {
        let runs = SurfaceRuns(Self.level(.remoteControl), seeds: 20, base: 7_400)
        var blank = 0.0, glances = 0
        for res in runs.results {
            let dataGlances = res[samples: .watchStaleness].count
            let b = res[value: .watchBlank]
            // data glances = (1 − b)·g, so g = data / (1 − b)
            let g = b < 1 ? Int((Double(dataGlances) / (1 - b)).rounded()) : 0
            blank += b * Double(g)
            glances += g
        }
        let observed = blank / Double(glances)
        let d = Self.dHours / 24, expected = SurfaceStat.offShare(rate: Self.r, mean: d)
        let sd = SurfaceStat.markovShareSD(alpha: Self.r, beta: 1 / d, lambda: Self.glancesPerHour * 24)
        let tol = Tolerance.mean(sd: sd, n: glances)
        assertClose(observed, expected, tolerance: tol, "watch.blank of a remote control (\(glances) glances)")
        // Enough glances that a phone away twice as often (a share of 2/3) would fail.
        XCTAssertGreaterThan(abs(SurfaceStat.offShare(rate: 2 * Self.r, mean: d) - expected), 2 * tol, "power")
        let staleness = runs.samples(.watchStaleness)
        XCTAssertLessThan(staleness.max() ?? 0, 5, "a remote control shows the phone's fresh answer or nothing")
    }

    /// A remote control whose phone holds no reading — it keeps none (no secure storage, seed
    /// 002) and is offline from the start, so every sync fails — shows "Nothing yet" at every
    /// glance the phone answers: the app's empty store is not data read at time zero. (A day-old
    /// `watch.age` at every glance was the symptom when it was.)
    func testRemoteControlOfAPhoneWithNoReadingShowsNothing() {
        var p = Self.level(.remoteControl)
        p.watch.phoneUnreachablePerDay = 0
        p.elsewhere.edits = Rate(perHour: 0)
        p.network.offlinePerDay = 1e6                  // offline from the first tenth of a second on
        p.network.offlineDuration = .constant(10 * 86_400)
        p.device.hasSecureStorage = false
        let runs = SurfaceRuns(p, seeds: 4, base: 7_450)
        XCTAssertEqual(runs.samples(.watchAge).count, 0, "no glance shows data")
        for (i, b) in runs.values(.watchBlank).enumerated() {
            XCTAssertEqual(b, 1, "seed \(7_450 + i): every glance is blank")
        }
        // The phone answered every time ("Nothing yet"); a phone that never answered would show
        // "needs the phone" instead.
        for (i, n) in runs.values(.watchNeedsPhone).enumerated() {
            XCTAssertEqual(n, 0, "seed \(7_450 + i): the phone answers")
        }
    }

    /// Companion with a cache: never blank (it shows the last data it received), but stale while
    /// the phone is away: far staler than the other two levels.
    func testCompanionShowsOldDataWhileThePhoneIsAway() {
        let runs = SurfaceRuns(Self.level(.companion), seeds: 6, base: 7_500)
        for (i, b) in runs.values(.watchBlank).enumerated() {
            XCTAssertEqual(b, 0, "seed \(7_500 + i): a companion always shows its cache")
        }
        let s = runs.samples(.watchStaleness)
        XCTAssertGreaterThan(s.count, 1_000)
        // With edits every 10 minutes and hour-long absences, about half of the glances fall in an
        // absence and see data at least as old as the absence so far.
        XCTAssertGreaterThan(Stat.mean(s), 15 * 60, "mean staleness of a companion (s)")
        XCTAssertGreaterThan(SurfaceStat.shareAbove(s, 600), 0.25, "share of glances staler than 10 minutes")
    }

    /// Works alone, with a network of its own and a refresh budget that never runs out (every
    /// fetch of its own spends one, docs/model.md#watch-reachability): every glance fetches from
    /// the backend, so the watch is fresh whether or not the phone is there.
    func testStandaloneWithItsOwnNetworkStaysFresh() {
        var p = Self.level(.standalone)
        p.watch.refreshPerHour = 1_000
        let runs = SurfaceRuns(p, seeds: 6, base: 7_600)
        for (i, b) in runs.values(.watchBlank).enumerated() {
            XCTAssertEqual(b, 0, "seed \(7_600 + i): a standalone watch shows data")
        }
        let s = runs.samples(.watchStaleness)
        XCTAssertGreaterThan(s.count, 1_000)
        XCTAssertLessThan(s.max() ?? 0, 5, "staleness of a standalone watch is at most a round trip")
    }
}
