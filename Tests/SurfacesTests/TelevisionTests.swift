import XCTest
import SimKernel
import Surfaces
import TestSupport

/// The television surface (§25.8, §25.14 "video on the television stops when the phone locks";
/// SPEC §3.9).
final class TelevisionTests: XCTestCase {

    static func tv(_ handoff: TVHandoff) -> Parameters {
        var p = SurfaceSetUp.quiet(days: 3)
        p.tv.enabled = true
        p.tv.playbacksPerDay = 12
        p.tv.handoff = handoff
        return p
    }

    /// Mirroring sends the phone's own picture: playback stops when the phone's app leaves the
    /// foreground, which with 3-minute sessions and 45-minute playbacks is almost always.
    func testMirroredVideoStopsWhenThePhoneLocks() {
        for (i, v) in SurfaceRuns(Self.tv(.mirror), seeds: 3, base: 12_200).values(.tvStoppedAtLock).enumerated() {
            XCTAssertGreaterThan(v, 0.5, "seed \(12_200 + i): tv.stoppedAtLock with mirror")
        }
    }

    /// A stream location the television fetches itself: locking the phone changes nothing.
    func testVideoFetchedByTheTelevisionNeverStopsAtLock() {
        for (i, v) in SurfaceRuns(Self.tv(.location), seeds: 3, base: 12_200).values(.tvStoppedAtLock).enumerated() {
            XCTAssertEqual(v, 0, "seed \(12_200 + i): tv.stoppedAtLock with location")
        }
    }

    /// SPEC §2.2: turning one surface on or off does not change the draws of the others. The
    /// user's own app opens are the user's behaviour, whether or not a television exists.
    func testUserAppOpensDoNotDependOnTheTelevision() {
        func opens(tv: Bool) -> [SimTime] {
            var p = Parameters()
            p.duration = 3 * Time.day
            p.tv.enabled = tv
            let trace = TraceLog()
            _ = Replication.run(p, seed: 12_300, trace: trace)
            return trace.receiveTimes("user", "timer(1)")
        }
        let with = opens(tv: true), without = opens(tv: false)
        XCTAssertGreaterThan(with.count, 10)
        assertSameTimes(with, without, "the user's app-open times with the television on vs off")
    }
}
