import XCTest
@testable import Study
import Statistics
import Foundation
import SimKernel

extension QuantileBootstrap {
    /// One replication's sorted samples as (coarse bucket, count) pairs, value by value from
    /// `bucket(of:)`: the definition `buckets(of:)`, which reads a histogram, is held to.
    static func buckets(sorted: [Double]) -> [(bucket: Int, count: Int)] {
        var pairs: [(bucket: Int, count: Int)] = []
        for value in sorted {
            let b = bucket(of: value)
            if let last = pairs.last, last.bucket == b { pairs[pairs.count - 1].count += 1 } else { pairs.append((b, 1)) }
        }
        return pairs
    }
}

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

    /// The weights read from the table of parts are the weights of the draws themselves (how many
    /// cumulative Poisson(1) probabilities each reaches), and only the 5 parts that a cumulative
    /// probability divides are left to the comparison.
    func testWeightsAreTheCountOfCumulativeProbabilitiesEachDrawReaches() {
        XCTAssertEqual(PoissonBootstrap.weightOfPart.indices.filter { PoissonBootstrap.weightOfPart[$0] < 0 }, [94, 188, 235, 251, 255])
        for seed: UInt64 in 0..<300 {
            var stream = RandomStream(replicationSeed: seed, name: PoissonWeights.streamName)
            let expected = (0..<QuantileBootstrap.replicates).map { _ in
                let u = stream.uniform()
                return UInt8(PoissonBootstrap.cumulative.filter { u >= $0 }.count)
            }
            XCTAssertEqual(PoissonWeights.draw(seed: seed, count: QuantileBootstrap.replicates), expected, "seed \(seed)")
        }
        // Draws at the edges of parts and of the cumulative probabilities.
        var edges: [Double] = [0, 0.5, 255.0 / 256, (1.0).nextDown]
        for p in PoissonBootstrap.cumulative { edges += [p, p.nextDown] }
        for u in edges {
            XCTAssertEqual(PoissonBootstrap.weight(of: u), PoissonBootstrap.cumulative.filter { u >= $0 }.count, "\(u)")
        }
    }

    /// Each replicate counts a replication's bucket `weight × samples in it` times, row 0 the
    /// samples themselves: checked cell by cell against the definition, with buckets of one
    /// sample and of several, added both as lists and one value at a time.
    func testEachReplicateCountsEveryBucketItsWeightTimes() {
        let replications: [(seed: UInt64, sorted: [Double])] = [
            (11, [0, 0, 0, 2, 2.01, 7]),        // bucket 0 three times, a bucket twice, one once
            (12, [2, 5, 5, 5, 5, 40]),
            (13, [0.5]),
        ]
        let b = Self.bootstrap(replications)
        var expected: [Int: [Int]] = [:]        // bucket → row 0, then each replicate
        for r in replications {
            let w = PoissonWeights.draw(seed: r.seed, count: QuantileBootstrap.replicates)
            for (bucket, count) in QuantileBootstrap.buckets(sorted: r.sorted) {
                var cells = expected[bucket] ?? Array(repeating: 0, count: QuantileBootstrap.rowCount)
                cells[0] += count
                for k in 1...QuantileBootstrap.replicates { cells[k] += Int(w[k - 1]) * count }
                expected[bucket] = cells
            }
        }
        XCTAssertTrue(QuantileBootstrap.buckets(sorted: replications[1].sorted).contains { $0.count == 4 })
        for row in 0...QuantileBootstrap.replicates {
            let cells = b.row(row)
            for (c, value) in cells.enumerated() {
                XCTAssertEqual(value, expected[b.offset + c]?[row] ?? 0, "row \(row), bucket \(b.offset + c)")
            }
        }
        let weights = PoissonWeights.draw(seed: 14, count: QuantileBootstrap.replicates)
        var one = QuantileBootstrap()
        one.add(one: QuantileBootstrap.bucket(of: 3), weights: weights)
        var listed = QuantileBootstrap()
        listed.add([(QuantileBootstrap.bucket(of: 3), 1)], weights: weights)
        XCTAssertEqual(one, listed)
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
