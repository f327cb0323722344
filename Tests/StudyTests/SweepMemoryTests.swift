import XCTest
@testable import Study
import Surfaces
import SurfaceCore
import SimKernel

/// A sweep of many points with few replications each stays small: a finished point keeps the
/// buckets its values reached, not the span between its smallest and largest value. Checked
/// against the code before: each of the five bootstrapped metrics kept 101 counts for every
/// bucket of that span (~270 kB a point), and every metric kept its pooled histogram's dense
/// window of whole octaves after the point's last replication.
final class SweepMemoryTests: XCTestCase {
    /// The most a point keeps beyond its histograms (the budget: 50 kB).
    static let budget = 50_000

    func testAFinishedPointOfTwoReplicationsKeepsLittleBeyondItsHistograms() {
        var p = Parameters()
        p.duration = 6 * Time.hour
        p.observe.warmup = 0
        var point = PointAccumulator()
        for r in 0..<2 {
            let seed = UInt64(100 + r)
            point.add(ReplicationFigures(Replication.run(p, seed: seed), seed: seed))
        }
        let histograms = point.metrics.map { $0.histogram.encode() }
        let bootstraps = point.metrics.map { $0.bootstrap?.encode() }
        point.settle()
        XCTAssertEqual(point.metrics.map(\.pooled.windowCells), Array(repeating: 0, count: point.metrics.count),
                       "no dense window is kept once the point's replications are in")
        let held = point.metrics.compactMap(\.bootstrap).map(\.heldBytes).reduce(0, +)
        XCTAssertGreaterThan(held, 0)
        XCTAssertLessThanOrEqual(held, Self.budget, "the bootstraps of a two-replication point")
        // Nothing read or written changes.
        XCTAssertEqual(point.metrics.map { $0.histogram.encode() }, histograms)
        XCTAssertEqual(point.metrics.map { $0.bootstrap?.encode() }, bootstraps)
    }

    /// The pending replications count exactly as columns would: a bootstrap fed 3, 8, 9 and 30
    /// replications equals, encoding and intervals, one whose replications were merged in from
    /// single-replication parts (which are counted into columns at once).
    func testPendingReplicationsCountAsColumnsWould() throws {
        var stream = RandomStream(seed: 9)
        for n in [3, 8, 9, 30] {
            var whole = QuantileBootstrap()
            var merged = QuantileBootstrap()
            for _ in 0..<n {
                var reached: [(bucket: Int, count: Int)] = []
                var b = stream.index(40)
                for _ in 0..<(1 + stream.index(6)) {
                    reached.append((b, 1 + stream.index(5)))
                    b += 1 + stream.index(30)
                }
                let weights = (0..<QuantileBootstrap.replicates).map { _ in UInt8(stream.index(4)) }
                whole.add(reached, weights: weights)
                var single = QuantileBootstrap()
                single.add(reached, weights: weights)
                merged.merge(single.settled)
            }
            XCTAssertEqual(whole.encode(), merged.encode(), "\(n) replications")
            XCTAssertEqual(whole, merged)
            XCTAssertEqual(whole.interval(0.5, estimate: 1).low, merged.interval(0.5, estimate: 1).low)
        }
    }
}
