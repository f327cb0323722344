import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// Kernel invariants, determinism and common random numbers (docs/model.md#the-kernel–2.2) for a default world
/// with every surface on.
final class SurfaceInvariantsTests: XCTestCase {

    /// Every surface on, with enough of each to exercise it, two days.
    static func everything() -> Parameters {
        var p = Parameters()
        p.duration = 2 * Time.day
        p.live.activitiesPerDay = 6
        p.share.perDay = 12
        p.action.perDay = 12
        p.watch.writes = Rate(perHour: 2)
        p.instant.usesPerDay = 4
        p.tv.playbacksPerDay = 4
        p.signout.at = 44 * Time.hour
        return p
    }

    func testDefaultWorldKeepsTheKernelInvariants() {
        // The range checks look at something: a day of samples.
        func samples(_ r: ReplicationResult) -> Int { Metric.allCases.filter { $0.spec.shape == .sampled }.reduce(0) { $0 + r[samples: $1].count } }
        for seed in UInt64(13_100)..<13_104 {
            let res = Replication.run(Self.everything(), seed: seed, checkInvariants: true)
            XCTAssertEqual(res.violations, [], "seed \(seed)")
            XCTAssertGreaterThan(res.events, 1_000)
            assertMetricsInRange(res, "seed \(seed)")
            XCTAssertGreaterThan(samples(res), 100)
        }
        let plain = Replication.run(Parameters(), seed: 13_110, checkInvariants: true)
        XCTAssertEqual(plain.violations, [], "default parameters")
        assertMetricsInRange(plain, "default parameters")
        XCTAssertGreaterThan(samples(plain), 100)
    }


    func testSameSeedGivesIdenticalResults() {
        let a = Replication.run(Self.everything(), seed: 13_200)
        let b = Replication.run(Self.everything(), seed: 13_200)
        assertIdentical(a, b, "same parameters and seed")
        // Checking invariants or attaching a trace observes the run without changing it.
        assertIdentical(a, Replication.run(Self.everything(), seed: 13_200, trace: TraceLog(), checkInvariants: true),
                        "with a trace and invariant checks")
        let c = Replication.run(Self.everything(), seed: 13_201)
        XCTAssertNotEqual(a.samples.map { $0.map(\.bitPattern) }, c.samples.map { $0.map(\.bitPattern) }, "another seed, another run")
    }

    /// Turning the widget off does not change the world the other surfaces see: the watch's
    /// writes, the shares, the activities and the changes elsewhere come at the same times.
    func testTurningTheWidgetOffKeepsTheOtherSurfacesWorldEvents() {
        func events(widget: Bool) -> (TraceLog, ReplicationResult) {
            var p = Self.everything()
            p.widget.enabled = widget
            let trace = TraceLog()
            return (trace, Replication.run(p, seed: 13_300, trace: trace))
        }
        let (on, resOn) = events(widget: true), (off, resOff) = events(widget: false)
        for (process, details, what) in [("watchApp", "write", "watch writes"), ("shareSheet", "share", "shares"),
                                         ("user", "placesOrder", "activities"), ("elsewhere", "edit", "edits elsewhere"),
                                         ("user", "runsAction", "actions"), ("watchLink", "goAway", "phone out of reach")] {
            let a = on.receiveTimes(process, details), b = off.receiveTimes(process, details)
            XCTAssertGreaterThan(a.count, 0, what)
            assertSameTimes(a, b, "\(what) with the widget on vs off")
        }
        XCTAssertEqual(resOn[samples: .watchRelayQueue].count, resOff[samples: .watchRelayQueue].count, "watch writes after the warm-up")
    }

    /// The glances at the watch are the person's, whether or not a widget is placed.
    func testTurningTheWidgetOffKeepsTheWatchGlances() {
        func glances(widget: Bool) -> [SimTime] {
            var p = Self.everything()
            p.widget.enabled = widget
            let trace = TraceLog()
            _ = Replication.run(p, seed: 13_400, trace: trace)
            return trace.receiveTimes("watchApp", "glance")
        }
        let on = glances(widget: true), off = glances(widget: false)
        XCTAssertGreaterThan(on.count, 50)
        assertSameTimes(on, off, "watch glance times with the widget on vs off")
    }
}
