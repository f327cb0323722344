import XCTest
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The television surface (§25.8, §25.14 "video on the television stops when the phone locks";
/// docs/model.md#instant-version).
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

    /// A closed form, and the guard of a playback's own timer. The television opens the app for
    /// each playback (a session of exponential length, mean a) and a playback of length ℓ stops
    /// at the lock when the session ends first: P = 1 − e^(−ℓ/a). A playback that starts while an
    /// earlier session is still running sees the rest of that session, exponential with the same
    /// mean, so every playback has the same chance. Playbacks start often here (48 a day), so an
    /// earlier playback's finish timer, were it to end a later playback, would pull the share down.
    func testMirroredStopShareIsTheChanceTheSessionEndsFirst() {
        var p = Self.tv(.mirror)
        p.duration = 10 * Time.day
        p.tv.playbacksPerDay = 48
        p.tv.playbackLength = .constant(1_800)
        p.user.sessionLength = .exponential(mean: 1_800)
        let values = SurfaceRuns(p, seeds: 10, base: 12_400).values(.tvStoppedAtLock)
        let mean = values.reduce(0, +) / Double(values.count)
        let expected = 1 - Math.exp(-1)
        // About 200 playbacks a replication, 10 replications: sd ≈ √(P(1−P)/2000) ≈ 0.011.
        XCTAssertEqual(mean, expected, accuracy: 0.045, "tv.stoppedAtLock against 1 − e^(−ℓ/a)")
    }

    /// docs/model.md#randomness: turning one surface on or off does not change the draws of the others. The
    /// user's own app opens are the user's behaviour, whether or not a television exists.
    func testUserAppOpensDoNotDependOnTheTelevision() {
        func opens(tv: Bool) -> [SimTime] {
            var p = Parameters()
            p.duration = 3 * Time.day
            p.tv.enabled = tv
            let trace = TraceLog()
            _ = Replication.run(p, seed: 12_300, trace: trace)
            return trace.receiveTimes("user", "open")
        }
        let with = opens(tv: true), without = opens(tv: false)
        XCTAssertGreaterThan(with.count, 10)
        assertSameTimes(with, without, "the user's app-open times with the television on vs off")
    }
}
