import SimKernel
import TestSupport
import XCTest
@testable import Study

/// `ClusterSums`' 64-bit fast path (`add(small:count:)`, and the public adds that take it) keeps
/// the same sums, cubes and `overflowed` as the general 128-bit path it skips.
final class ClusterSumsFastPathTests: XCTestCase {
    /// A y of every size a 64-bit integer holds: small, mid-range, and at the bounds.
    private func draw(_ rng: inout RandomStream) -> Int64 {
        switch rng.index(5) {
        case 0: return Int64(rng.index(2_001)) - 1000
        case 1: return Int64(bitPattern: rng.next()) >> (rng.index(63))
        case 2: return [Int64.max, Int64.min, Int64.max - 1, Int64.min + 1][rng.index(4)]
        case 3: return Int64(bitPattern: rng.next())
        default: return 0
        }
    }

    func testTheFastPathKeepsTheGeneralPathsSums() {
        let failing = forEachSeed(0..<40) { seed in
            var rng = RandomStream(seed: seed)
            var fast = ClusterSums(), general = ClusterSums()
            for _ in 0..<(1 + rng.index(6)) {
                let y = draw(&rng)
                let n = seed % 3 == 0 ? 1 : Swift.max(0, draw(&rng))
                fast.add(small: y, count: n)
                general.add(sumInMilli: Int128(y), count: Int128(n))
            }
            return fast == general
        }
        XCTAssertNil(failing, "seed \(failing ?? 0): the fast path's sums differ from the general path's")
    }

    func testValuesNearTheBoundsStillOverflow() {
        var fast = ClusterSums(), general = ClusterSums()
        for added in 1...3 {
            fast.add(small: Int64.max, count: 1)
            general.add(sumInMilli: Int128(Int64.max), count: 1)
            // (2⁶³ − 1)² twice is still below 2¹²⁷; three times it passes: Σy² overflows on both paths.
            XCTAssertEqual(fast.overflowed, added == 3)
            XCTAssertEqual(fast, general)
        }
        var one = ClusterSums()
        one.add(small: Int64.min, count: Int64.max)
        XCTAssertFalse(one.overflowed, "one cluster's products fit 128 bits")
        one.add(small: Int64.min, count: Int64.max)
        XCTAssertTrue(one.overflowed, "Σy² of two clusters of −2⁶³ reaches 2¹²⁷")
    }

    func testThePublicAddsEqualTheGeneralPath() {
        let failing = forEachSeed(0..<30) { seed in
            var rng = RandomStream(seed: seed)
            var fast = ClusterSums(), general = ClusterSums()
            for _ in 0..<20 {
                let scale = [1e-4, 1, 1e6, 1e15, 9.3e15, 1e20][rng.index(6)]
                let value = (rng.uniform() * 2 - 1) * scale
                fast.add(value: value)
                general.add(sumInMilli: Int128(Swift.min(Swift.max((value * 1000).rounded(), -1e30), 1e30)), count: 1)
                // Past Int.max / 1000 events, y leaves 64 bits: the general path takes them.
                let events = [rng.index(100), Int.max / 999, Int.max / 1001][rng.index(3)]
                let trials = events + rng.index(10)
                fast.add(events: events, trials: trials)
                general.add(sumInMilli: Int128(events) * 1000, count: Int128(trials))
                var moments = ExactMoments()
                for _ in 0..<rng.index(4) { moments.add(rng.uniform() * scale) }
                fast.add(moments)
                general.add(sumInMilli: moments.sumInMilli, count: Int128(moments.count))
            }
            return fast == general
        }
        XCTAssertNil(failing, "seed \(failing ?? 0): a public add's sums differ from the general path's")
    }

    /// A replication's sum in milli-units, by 64 bits where the sum fits (`sumInMilliIfSmall`)
    /// and by 128 otherwise, is the sum in nanounits rounded half away from zero: sign(s) ×
    /// ⌊(|s| + 500,000) / 1,000,000⌋, written here apart from the code. Nil exactly outside
    /// `Int64`, at its bounds, and each side of every half, negative sums included.
    func testTheSumInMilliUnitsRoundsHalvesAwayFromZeroAtEitherWidth() {
        let edges: [Int128] = [Int128(Int64.max), Int128(Int64.max) + 1, Int128(Int64.min), Int128(Int64.min) - 1,
                               0, 499_999, 500_000, 1_499_999, 1_500_000, 2_500_000, 999_999_999_500_000]
        for s in edges + edges.map({ -$0 }) {
            let moments = ExactMoments.decode("1:\(s):0")!
            let rounded = (s.magnitude + 500_000) / 1_000_000
            let expected = s < 0 ? -Int128(rounded) : Int128(rounded)
            XCTAssertEqual(moments.sumInMilli, expected, "\(s)")
            let fits = s >= Int128(Int64.min) && s <= Int128(Int64.max)
            XCTAssertEqual(moments.sumInMilliIfSmall.map { Int128($0) }, fits ? expected : nil, "\(s)")
        }
    }
}
