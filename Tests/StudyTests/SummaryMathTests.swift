import SimKernel
import Surfaces
import SurfaceCore
import TestSupport
import XCTest
@testable import Study

/// summary.csv's figures (docs/output.md) and the exact accumulators behind them.
final class SummaryMathTests: XCTestCase {
    func values(seed: UInt64, count: Int) -> [Double] {
        var rng = RandomStream(seed: seed)
        return (0..<count).map { _ in (rng.exponential(mean: 300) * 1e6).rounded() / 1e6 }
    }

    func testMomentsMatchTheTextbookFormulas() {
        let failing = forEachSeed(0..<20) { seed in
            let xs = values(seed: seed, count: 3 + Int(seed) * 7)
            var m = ExactMoments()
            for x in xs { m.add(x) }
            let reference = SampleSummary(xs)
            return m.count == reference.n
                && abs(m.mean - reference.mean) <= 1e-9 * max(1, reference.mean)
                && abs(m.sd - reference.sd) <= 1e-7 * max(1, reference.sd)
                && abs(m.ci95.low - reference.ci95Low) <= 1e-6 && abs(m.ci95.high - reference.ci95High) <= 1e-6
        }
        XCTAssertNil(failing, "seed \(failing.map(String.init) ?? "")")
    }

    /// Each value is rounded half away from zero to a multiple of 1e-9, as `rounded()` does: at
    /// exact halves, just beside them, around 2⁵² units (where every double becomes an integer),
    /// near the 64-bit limit and past it, for both signs and for random values.
    func testEachTermIsRoundedHalfAwayFromZero() {
        let xs = Self.roundingCases(seed: 11)
        for x in xs + xs.map({ -$0 }) {
            var m = ExactMoments()
            m.add(x)
            let expected = "1:\(Self.reference(x)):\(Self.reference(x * x))"
            XCTAssertEqual(m.encode(), expected, "\(x)")
        }
    }

    /// Non-negative values that test rounding to nanounits: exact halves of a nanounit and values
    /// beside them, around 2⁵² nanounits (where every double becomes an integer), near the 64-bit
    /// limit and past it, and 2,000 random values from `seed`.
    static func roundingCases(seed: UInt64) -> [Double] {
        var xs: [Double] = [0, 0.5e-9, 1.5e-9, 2.5e-9, 1e-10, 4.9e-10, 5.1e-10, 123.4567890125, 3.0000000005,
                            4_503_599.627370496, 4_503_599.627370497, 9.0e9, 8.99999999e9, 1e12, 1e20]
        for k in 0..<200 { xs.append((Double(k) + 0.5) * 1e-9) }
        var rng = RandomStream(seed: seed)
        for _ in 0..<2000 { xs.append(rng.exponential(mean: 1e6)) }
        return xs
    }

    /// `round(v·1e9)` by the C library, clamped as `ExactMoments` clamps.
    static func reference(_ v: Double) -> Int128 {
        let r = (v * 1e9).rounded()
        return Int128(min(max(r, -1e30), 1e30))
    }

    func testMergingIsExactAndOrderIndependent() {
        let xs = values(seed: 3, count: 1000)
        var whole = ExactMoments()
        for x in xs { whole.add(x) }
        var parts = [ExactMoments](repeating: ExactMoments(), count: 3)
        for (i, x) in xs.enumerated() { parts[i % 3].add(x) }
        var forward = ExactMoments()
        var backward = ExactMoments()
        for p in parts { forward.merge(p) }
        for p in parts.reversed() { backward.merge(p) }
        XCTAssertEqual(forward, whole)
        XCTAssertEqual(backward, whole)
        XCTAssertEqual(forward.encode(), whole.encode())
        XCTAssertEqual(ExactMoments.decode(whole.encode()), whole)
    }

    func testEmptyAndSingleMoments() {
        XCTAssertTrue(ExactMoments().mean.isNaN)
        var one = ExactMoments()
        one.add(2.5)
        XCTAssertEqual(one.mean, 2.5)
        XCTAssertTrue(one.sd.isNaN)
        XCTAssertTrue(one.ci95.low.isNaN)
    }

    func testPerReplicationMetricFigures() {
        let xs = [0.1, 0.4, 0.2, 0.9, 0.5]
        var m = MetricAccumulator(shape: .perReplication)
        for x in xs { m.histogram.record(x); m.moments.add(x) }
        let f = SummaryFigures(m, shape: .perReplication)
        let reference = SampleSummary(xs)
        XCTAssertEqual(f.n, 5)
        XCTAssertEqual(f.mean, reference.mean, accuracy: 1e-12)
        XCTAssertEqual(f.sd, reference.sd, accuracy: 1e-9)
        XCTAssertEqual(f.ci95Low, reference.ci95Low, accuracy: 1e-9)
        XCTAssertEqual(f.max, 0.9)
        XCTAssertEqual(f.quantiles[1], 0.4, accuracy: 0.4 / 128)
    }

    /// A count's quantiles are whole numbers (summary.csv and the terminal print a count's
    /// p50 as 50, not as its bucket's middle, 50.1953): each is the whole number of the bucket
    /// the quantile falls in, the exact order statistic where a bucket is narrower than 1.
    func testTheQuantilesOfACountAreWholeNumbers() {
        var m = MetricAccumulator(shape: .perReplication)
        for k in 1...100 { m.histogram.record(Double(k)); m.moments.add(Double(k)) }
        let spec = MetricSpec(name: "x.requests", unit: "count", shape: .perReplication, doc: "")
        let f = SummaryFigures(m, spec: spec)
        XCTAssertTrue(spec.countsWholeThings)
        for (level, q) in zip(SummaryFigures.levels, f.quantiles) {
            XCTAssertEqual(q, q.rounded(), "\(level.name) = \(q)")
            XCTAssertEqual(q, (level.q * 100).rounded(.up), accuracy: 1, level.name)
        }
        XCTAssertEqual(f.quantiles[0], 5)
        XCTAssertEqual(f.quantiles[1], 50)
        // A share keeps its bucket's middle.
        let share = SummaryFigures(m, spec: MetricSpec(name: "x.lost", unit: "fraction", shape: .perReplication, doc: ""))
        XCTAssertNotEqual(share.quantiles[1], share.quantiles[1].rounded())
    }

    /// A sampled metric's mean is pooled over every sample, and its interval is that of the
    /// pooled mean: replications (sums y = 6, 10, 10 of n = 3, 1, 2 samples) as clusters,
    /// R = 26/6, residuals yᵢ − R·nᵢ = −7, 17/3, 4/3, Var = Σe²/(m(m − 1)n̄²) with n̄ = 2, and
    /// Student's t on 2 degrees of freedom; the low end is clamped at 0 (staleness is never
    /// negative). The interval over the replications' means (2, 10, 5), which summary.csv used
    /// to print around the pooled mean, is another estimand's.
    func testSampledMetricPoolsSamplesAndItsIntervalIsThePooledMeans() {
        let replications = [[1.0, 2.0, 3.0], [10.0], [4.0, 6.0]]
        var point = PointAccumulator()
        let metric = Metric.widgetStaleness
        for (r, samples) in replications.enumerated() {
            var result = ReplicationResult(minutes: 0)
            result.samples[metric.rawValue] = samples
            point.add(ReplicationFigures(result, seed: UInt64(r)))
        }
        let f = SummaryFigures(point.metrics[metric.rawValue], shape: .sampled, unit: "s")
        let pooled = SampleSummary(replications.flatMap { $0 })
        XCTAssertEqual(f.n, 6)
        XCTAssertEqual(f.mean, pooled.mean, accuracy: 1e-12)
        XCTAssertEqual(f.sd, pooled.sd, accuracy: 1e-9)
        let r = 26.0 / 6
        let residuals = [6 - 3 * r, 10 - r, 10 - 2 * r]
        let half = 4.302652729749462 * (residuals.map { $0 * $0 }.reduce(0, +) / (3 * 2 * 4)).squareRoot()
        XCTAssertEqual(f.halfWidth95, half, accuracy: 1e-9)
        XCTAssertEqual(f.ci95Low, 0)
        XCTAssertEqual(f.ci95High, r + half, accuracy: 1e-9)
        XCTAssertEqual(f.max, 10)
        XCTAssertTrue(f.ci95Low <= f.mean && f.mean <= f.ci95High)
    }

    /// The sums behind the pooled mean's interval merge exactly, in any split of the
    /// replications, and survive their encoding (checkpoints, shards).
    func testClusterSumsMergeInAnyOrderAndRoundTrip() {
        var whole = ClusterSums(), left = ClusterSums(), right = ClusterSums()
        for i in 0..<40 {
            var m = ExactMoments()
            for j in 0..<(i % 5) { m.add(Double(i * 37 % 101) + Double(j) * 0.125) }
            whole.add(m)
            if i % 3 == 0 { left.add(m) } else { right.add(m) }
        }
        var merged = right
        merged.merge(left)
        XCTAssertEqual(merged, whole)
        XCTAssertEqual(ClusterSums.decode(whole.encode()), whole)
        XCTAssertNil(ClusterSums.decode("3:1:2"))
        let e = whole.estimate(ratio: 50)
        XCTAssertEqual(e.method, .clusterRatio)
    }

    /// The residuals' skewness from the exact cubic sums equals the direct computation, merges
    /// to the same value in any split, and survives the encoding; a cluster of one value gives the
    /// values' own skewness.
    func testClusterSumsSkewnessIsTheResidualsAndMergesExactly() {
        var whole = ClusterSums(), left = ClusterSums(), right = ClusterSums()
        var clusters: [(y: Double, n: Double)] = []
        for i in 0..<60 {
            var m = ExactMoments()
            // Mostly small sums, a few large ones: a right-skewed metric.
            for j in 0..<(1 + i % 4) { m.add(i % 17 == 0 ? 900 + Double(j) : Double(i * 37 % 101) * 0.5 + Double(j) * 0.125) }
            clusters.append((m.total, Double(m.count)))
            whole.add(m)
            if i % 3 == 0 { left.add(m) } else { right.add(m) }
        }
        var merged = left
        merged.merge(right)
        XCTAssertEqual(merged, whole)
        XCTAssertEqual(ClusterSums.decode(whole.encode()), whole)
        let r = clusters.reduce(0) { $0 + $1.y } / clusters.reduce(0) { $0 + $1.n }
        let z = clusters.map { $0.y - r * $0.n }
        let s2 = z.reduce(0) { $0 + $1 * $1 } / 60, s3 = z.reduce(0) { $0 + $1 * $1 * $1 } / 60
        let direct = s3 / (s2 * s2.squareRoot())
        XCTAssertGreaterThan(direct, 1)
        XCTAssertEqual(whole.residualSkewness, direct, accuracy: 1e-6 * direct)

        var values = ClusterSums()
        for x in [0.0, 0, 0, 4] { values.add(value: x) }
        XCTAssertEqual(values.residualSkewness, 2 / 3.0.squareRoot(), accuracy: 1e-12)
        var same = ClusterSums()
        for _ in 0..<5 { same.add(value: 7) }
        XCTAssertTrue(same.residualSkewness.isNaN, "no spread, no skewness")
        // Release 0.2's seven fields still read, without a skewness.
        let old = ClusterSums.decode("3:6000:3:14000000:6000:3:0")
        XCTAssertEqual(old?.replications, 3)
        XCTAssertTrue(old?.residualSkewness.isNaN ?? false)
    }

    /// Small values (a latency of tens of milliseconds, in seconds) and a small spread about a
    /// large mean keep their skewness: the cubes are centred in integers, not expanded in
    /// floating point (where both cancelled to nonsense, even in sign).
    func testSkewnessOfSmallValuesAndOfASmallSpreadAboutALargeMean() {
        func direct(_ x: [Double]) -> Double {
            let mean = x.reduce(0, +) / Double(x.count)
            let s2 = x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(x.count)
            let s3 = x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) * ($1 - mean) } / Double(x.count)
            return s3 / (s2 * s2.squareRoot())
        }
        // Milli-unit values, so the sums see them exactly.
        func milli(_ i: Int, rare: Int, base: Int) -> Int { (i * 7919) % 97 == 0 ? rare : base + (i * 31) % 17 }
        let small: [Double] = (0..<200).map { Double(milli($0, rare: 240, base: 10)) / 1000 }
        let offset: [Double] = (0..<200).map { 10_000 + Double(milli($0, rare: 150, base: 0)) / 1000 }
        for x in [small, offset] {
            var c = ClusterSums()
            for v in x { c.add(value: v) }
            XCTAssertEqual(c.residualSkewness, direct(x), accuracy: 1e-9 * abs(direct(x)))
        }
    }

    func testReplicationStatisticsAreType7() {
        for (x, y) in zip(ReplicationFigures.statistics(sorted: [1, 2, 3, 4], total: 10), [2.5, 2.5, 3.7, 3.97]) { XCTAssertEqual(x, y, accuracy: 1e-12) }
        XCTAssertTrue(ReplicationFigures.statistics(sorted: [], total: 0).allSatisfy(\.isNaN))
    }

    func testInvalidValuesBecomeViolations() {
        var result = ReplicationResult(minutes: 0)
        result.samples[Metric.widgetStaleness.rawValue] = [1, -2, .infinity, 3]
        result.values[Metric.widgetBlank.rawValue] = -0.5
        let figures = ReplicationFigures(result, seed: 0)
        // Only the valid samples, before and after the invalid ones, reach the histogram, the
        // moments and the replication's statistics.
        let k = ReplicationFigures.sampledPosition[Metric.widgetStaleness.rawValue]
        XCTAssertEqual(figures.sampleHistograms[k].count, 2)
        XCTAssertEqual(figures.sampleHistograms[k].max, 3)
        XCTAssertEqual(figures.sampleMoments[k].count, 2)
        XCTAssertEqual(figures.sampleMoments[k].mean, 2, accuracy: 1e-9)
        XCTAssertEqual(Array(figures.statistics(at: Metric.widgetStaleness.rawValue)), [2, 2, 2.8, 2.98])
        XCTAssertTrue(figures.values[Metric.widgetBlank.rawValue].isNaN)
        XCTAssertEqual(figures.violations, ["widget.staleness: 2 negative or non-finite samples", "widget.blank: invalid value -0.5"])
    }

    func testPeakToMeanSkipsTheWarmup() {
        var point = PointAccumulator()
        var result = ReplicationResult(minutes: 4)
        result.requestsPerMinute = [100, 1, 3, 2]
        point.add(ReplicationFigures(result, seed: 0))
        point.add(ReplicationFigures(result, seed: 1))
        XCTAssertEqual(point.requestsPerMinute, [200, 2, 6, 4])
        XCTAssertEqual(point.peakToMean(warmupMinutes: 1), 6.0 / 4.0)
        XCTAssertTrue(point.peakToMean(warmupMinutes: 4).isNaN)
    }

    /// The population's load figures on a series worked by hand: after a warm-up minute,
    /// minutes 10, 10, 50, 60, 10, 10, 40, 10, 10, 10 (mean 22). Minutes above 44: 50 and 60
    /// (one burst, 28 + 38 = 66 beyond the mean); 40 is not above twice the mean. Peak 60; the
    /// 99th-percentile minute of ten is the largest.
    func testPopulationLoadFigures() {
        var point = PointAccumulator()
        var result = ReplicationResult(minutes: 11)
        result.requestsPerMinute = [999, 10, 10, 50, 60, 10, 10, 40, 10, 10, 10]
        point.add(ReplicationFigures(result, seed: 0))
        let v = point.pointMetricValues(warmupMinutes: 1)
        XCTAssertEqual(MetricCatalog.pointMetrics.map(\.name), ["backend.requests.peakToMean", "backend.requests.perMinute.mean",
                                                               "backend.requests.perMinute.p99", "backend.requests.perMinute.peak",
                                                               "backend.requests.burst"])
        XCTAssertEqual(v[0], 60.0 * 10 / 220)
        XCTAssertEqual(v[1], 22)
        XCTAssertEqual(v[2], 60)
        XCTAssertEqual(v[3], 60)
        XCTAssertEqual(v[4], 66)
        XCTAssertTrue(point.pointMetricValues(warmupMinutes: 11).allSatisfy(\.isNaN))
    }

    /// A replication's samples are sorted with their exact zeros put first uncompared: the result
    /// is the ascending order, whatever share of zeros and wherever they stand, and the moments
    /// and histogram built from zeros that skip the arithmetic equal those built one by one.
    func testSamplesWithManyZerosSortAndSumAsEachOne() {
        var rng = RandomStream(seed: 25)
        for n in [0, 1, 2, 5, 20, 21, 92, 300] {
            for zeroShare in [0.0, 0.5, 0.78, 1.0] {
                let samples = (0..<n).map { _ in rng.uniform() < zeroShare ? 0 : (rng.exponential(mean: 300) * 1e6).rounded() / 1e6 }
                var sorted = samples
                ReplicationFigures.sortSamples(&sorted)
                XCTAssertEqual(sorted.map(\.bitPattern), samples.sorted().map(\.bitPattern), "n \(n), zeros \(zeroShare)")
                var oneByOne = LogHistogram()
                var moments = ExactMoments()
                for x in samples { oneByOne.record(x); moments.add(x) }
                XCTAssertEqual(LogHistogram(sorted: sorted), oneByOne, "n \(n), zeros \(zeroShare)")
                XCTAssertEqual(moments.count, n)
                let total = samples.reduce(0, +)
                if n > 0 { XCTAssertEqual(moments.mean, total / Double(n), accuracy: 1e-6) }
            }
        }
        // A negative zero is a valid sample equal to zero, written −0.0 in a shard's state: it
        // sorts, bit for bit, as the standard sort puts it (ties in their order).
        for samples in [[-0.0], [0.0, -0.0, 3.5, 0.0], [-0.0, 2.0, 0.0, -0.0, 0.0]] {
            var sorted = samples
            ReplicationFigures.sortSamples(&sorted)
            XCTAssertEqual(sorted.map(\.bitPattern), samples.sorted().map(\.bitPattern), "\(samples)")
            XCTAssertEqual(LogHistogram(sorted: sorted).encode(), LogHistogram(sorted: samples.sorted()).encode(), "\(samples)")
        }
    }
}
