import XCTest
@testable import Study
import Foundation
import SimKernel

/// The bootstrap of pooled quantiles: weights fixed by each replication's seed,
/// exact merging in any order, a lossless encoding, and intervals of the width
/// and coverage a 95 % interval should have.
final class QuantileBootstrapTests: XCTestCase {
    /// `count` replications of `size` exponential samples (mean 1), each seeded by its own seed.
    static func replications(_ count: Int, size: Int, trial: UInt64) -> [(seed: UInt64, sorted: [Double])] {
        (0..<count).map { r in
            let seed = SeedMixer.replicationSeed(scenarioSeed: trial, point: 0, replication: UInt64(r))
            var stream = RandomStream(replicationSeed: seed, name: "test.samples")
            return (seed, (0..<size).map { _ in stream.exponential(mean: 1) }.sorted())
        }
    }

    static func bootstrap(_ replications: some Sequence<(seed: UInt64, sorted: [Double])>) -> QuantileBootstrap {
        var b = QuantileBootstrap()
        for r in replications {
            b.add(QuantileBootstrap.buckets(sorted: r.sorted),
                  weights: PoissonWeights.draw(seed: r.seed, count: QuantileBootstrap.replicates))
        }
        return b
    }

    func testWeightsDependOnlyOnTheSeedAndArePoissonOne() {
        XCTAssertEqual(PoissonWeights.draw(seed: 42, count: 100), PoissonWeights.draw(seed: 42, count: 100))
        XCTAssertNotEqual(PoissonWeights.draw(seed: 42, count: 100), PoissonWeights.draw(seed: 43, count: 100))
        let w = (0..<200).flatMap { PoissonWeights.draw(seed: UInt64($0), count: 100) }.map(Double.init)
        let mean = w.reduce(0, +) / Double(w.count)
        let variance = w.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(w.count - 1)
        XCTAssertEqual(mean, 1, accuracy: 0.02)
        XCTAssertEqual(variance, 1, accuracy: 0.04)
        XCTAssertEqual(Double(w.filter { $0 == 0 }.count) / Double(w.count), 0.3679, accuracy: 0.01)
    }

    func testShardsMergeInAnyOrderToTheUnsplitBootstrap() {
        let all = Self.replications(12, size: 40, trial: 7)
        let whole = Self.bootstrap(all)
        var merged = Self.bootstrap(all[8...])
        merged.merge(Self.bootstrap(all[..<3]))
        merged.merge(QuantileBootstrap())
        merged.merge(Self.bootstrap(all[3..<8]))
        XCTAssertEqual(merged, whole)
        XCTAssertEqual(merged.encode(), whole.encode())
    }

    func testEncodingRoundTrips() {
        let b = Self.bootstrap(Self.replications(5, size: 30, trial: 3) + [(seed: 9, sorted: [0, 0, 1e9])])
        XCTAssertEqual(QuantileBootstrap.decode(b.encode()), b)
        XCTAssertEqual(QuantileBootstrap.decode(QuantileBootstrap().encode()), QuantileBootstrap())
        for bad in ["", "qb1;1;0;", "qb1;0;0;1,2", "qb2;0;0;", "qb1;0;0;" + Array(repeating: "1", count: 101).joined(separator: "|") + "|x"] {
            XCTAssertNil(QuantileBootstrap.decode(bad), bad)
        }
    }

    func testBucketsRoundTripWithinASixteenth() {
        let values: [Double] = [1e-6, 0.001, 0.7, 1, 1.5, 59.9, 3600, 86_400 * 365]
        for x in values {
            let mid = QuantileBootstrap.midpoint(of: QuantileBootstrap.bucket(of: x))
            XCTAssertEqual(mid, x, accuracy: x / 16, "\(x)")
        }
        XCTAssertEqual(QuantileBootstrap.bucket(of: 0), 0)
        XCTAssertEqual(QuantileBootstrap.midpoint(of: 0), 0)
    }

    /// The pooled median of 20 replications × 30 exponential samples: the 95 % interval
    /// covers the true median (ln 2) in about 95 % of studies, and is about as wide as
    /// the normal approximation says (2 × 1.96 / (2 f(m) √n) with f(m) = 1/2, n = 600).
    func testTheMedianIntervalHasItsCoverageAndWidth() {
        let trials = 100
        var covered = 0
        var width = 0.0
        for trial in 0..<trials {
            let reps = Self.replications(20, size: 30, trial: UInt64(1000 + trial))
            var pooled = LogHistogram()
            for r in reps { pooled.merge(LogHistogram(sorted: r.sorted)) }
            let estimate = pooled.quantile(0.5)
            let band = Self.bootstrap(reps).interval(0.5, estimate: estimate)
            XCTAssertLessThanOrEqual(band.low, estimate)
            XCTAssertGreaterThanOrEqual(band.high, estimate)
            if band.low <= log(2.0) && log(2.0) <= band.high { covered += 1 }
            width += (band.high - band.low) / Double(trials)
        }
        XCTAssertGreaterThanOrEqual(covered, 85)
        let expected = 2 * 1.96 / 600.0.squareRoot()
        XCTAssertEqual(width, expected, accuracy: expected * 0.35)
    }

    func testNoIntervalWithoutTwoReplications() {
        let one = Self.bootstrap(Self.replications(1, size: 50, trial: 1))
        XCTAssertTrue(one.interval(0.5, estimate: 0.7).low.isNaN)
        XCTAssertTrue(QuantileBootstrap().interval(0.5, estimate: 0.7).high.isNaN)
    }
}
