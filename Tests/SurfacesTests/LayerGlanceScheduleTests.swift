import XCTest
import SimKernel
import Surfaces
@testable import SurfaceCore
import TestSupport

/// The glances at the car screen during a drive and at the lock screen during an activity are
/// the measurement layer's (docs/metrics.md; `ObservedSurface.glances`, `LiveStatusSignals`):
/// drawn from streams of their own and taken without events, they change nothing. So a
/// replication glanced at ten times as often simulates the same events and measures every
/// other metric to the last bit, and — the drives and activities being the same — the glances
/// taken are two Poisson counts over the same looking time, at rates ten to one.
final class LayerGlanceScheduleTests: XCTestCase {
    /// Every metric's values and samples, but those whose name starts with `prefix`, in the
    /// registry's order (name, per-replication value, samples).
    private func others(_ r: ReplicationResult, but prefix: String) -> [(String, Double, [Double])] {
        MetricCatalog.builtIn.enumerated().compactMap { slot, spec in
            guard !spec.name.hasPrefix(prefix) else { return nil }
            let m = Metric(rawValue: slot)!
            return (spec.name, r[value: m], r[samples: m])
        }
    }

    /// Checks that glancing `10×` as often moves no event and no metric outside `prefix`, and
    /// that the glances counted (`glances(r)`, after the warm-up) grow ten to one: N₁ and N₂
    /// are Poisson with means λT and 10λT over the same looking time T, so log(N₂/N₁) has
    /// standard deviation √(1/N₁ + 1/N₂) about log 10; five of them is the tolerance.
    private func check(_ slow: Parameters, _ fast: Parameters, prefix: String, seeds: ClosedRange<UInt64>,
                       glances: (ReplicationResult) -> Double, file: StaticString = #filePath, line: UInt = #line) {
        var n1 = 0.0, n2 = 0.0
        for seed in seeds {
            let a = Replication.run(slow, seed: seed), b = Replication.run(fast, seed: seed)
            XCTAssertEqual(a.events, b.events, "seed \(seed): glances are not events", file: file, line: line)
            for ((name, va, sa), (_, vb, sb)) in zip(others(a, but: prefix), others(b, but: prefix)) {
                XCTAssertTrue(va == vb || (va.isNaN && vb.isNaN), "seed \(seed): \(name) moved with the glance rate", file: file, line: line)
                XCTAssertEqual(sa, sb, "seed \(seed): \(name)'s samples moved with the glance rate", file: file, line: line)
            }
            n1 += glances(a)
            n2 += glances(b)
        }
        XCTAssertGreaterThan(n1, 100, "enough glances at the slow rate", file: file, line: line)
        let sd = (1 / n1 + 1 / n2).squareRoot()
        XCTAssertEqual(log(n2 / n1), log(10), accuracy: 5 * sd, "glances at ten times the rate: \(n1) → \(n2)", file: file, line: line)
    }

    /// The glances a replication counted at a screen after the warm-up: the trials of its
    /// blank share (each glance is a trial, a blank one an event), so a screen every glance of
    /// which found blank counts its glances too.
    private func counted(_ r: ReplicationResult, blank: Metric) -> Double {
        Double(r[fraction: blank]?.trials ?? 0)
    }

    func testTheCarScreenIsGlancedAtByTheLayerDuringDrivesOnly() {
        for mode in [CarMode.onCar, .projected] {
            var slow = CarSurfaceTests.car(mode)
            slow.observe.carGlances = Rate(perHour: 6)
            var fast = slow
            fast.observe.carGlances = Rate(perHour: 60)
            check(slow, fast, prefix: "car.", seeds: 15_100...15_102) { counted($0, blank: .carBlank) }
        }
    }

    /// During drives only: the glances counted are Poisson with mean λT, T the time after the
    /// warm-up that drives were under way (replayed from the log: a drive's timer while one is
    /// under way is ignored), within five standard deviations √(λT). Glances between drives
    /// would add λ times the rest of the day.
    func testTheCarScreensGlancesComeAtTheirRateOverTheDrivingTime() {
        var p = CarSurfaceTests.car(.onCar)
        p.observe.carGlances = Rate(perHour: 60)
        var glances = 0.0, driving: SimTime = 0
        for seed in UInt64(15_110)...15_112 {
            let trace = TraceLog()
            let r = Replication.run(p, seed: seed, trace: trace)
            glances += counted(r, blank: .carBlank)
            let starts = trace.receiveTimes("car", "drive").map { ($0, true) }, ends = trace.receiveTimes("car", "arrive").map { ($0, false) }
            var since: SimTime? = nil
            for (t, begins) in (starts + ends).sorted(by: { $0.0 < $1.0 }) {
                if begins, since == nil { since = t }
                if !begins, let s = since {
                    driving += max(0, t - max(s, p.observe.warmup))
                    since = nil
                }
            }
            if let s = since { driving += max(0, p.duration - max(s, p.observe.warmup)) }
        }
        let mean = 60 * Time.seconds(driving) / 3_600
        XCTAssertGreaterThan(mean, 200)
        XCTAssertEqual(glances, mean, accuracy: 5 * mean.squareRoot(), "car glances over \(Time.seconds(driving)) s of driving")
    }

    func testTheLockScreenIsGlancedAtByTheLayerWhileAnActivityRunsOrShows() {
        for updates in [LiveUpdates.push, .app, .clock] {
            var slow = LiveStatusTests.live(updates, days: 2, perDay: 8)
            slow.observe.liveGlances = Rate(perHour: 6)
            var fast = slow
            fast.observe.liveGlances = Rate(perHour: 60)
            check(slow, fast, prefix: "live.", seeds: 15_200...15_202) { counted($0, blank: .liveBlank) }
        }
    }
}
