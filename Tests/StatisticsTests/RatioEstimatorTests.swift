import XCTest
@testable import Statistics
import Foundation

final class RatioEstimatorTests: XCTestCase {
    /// Hand-computed: y = (2, 4, 9), n = (1, 2, 3): R = 15/6 = 2.5; residuals −0.5, −1, 1.5,
    /// Σe² = 3.5; Var = 3.5/(3·2·2²) = 0.1458…; t₀.₉₇₅(2) = 4.3027 → 2.5 ± 1.6431.
    func testAHandComputedDeltaMethodInterval() {
        let e = RatioEstimator.estimate([Cluster(sum: 2, count: 1), Cluster(sum: 4, count: 2), Cluster(sum: 9, count: 3)])
        XCTAssertEqual(e.value, 2.5)
        XCTAssertEqual(e.low, 0.856897348067893, accuracy: 1e-12)
        XCTAssertEqual(e.high, 4.143102651932107, accuracy: 1e-12)
        XCTAssertEqual(e.method, .clusterRatio)
    }

    func testTheCoMomentFormOfTheResidualsEqualsTheDirectSum() {
        var random = TestRandom(seed: 3)
        let clusters = (0..<50).map { _ in Cluster(sum: random.exponential(mean: 40), count: Double(1 + random.next() % 9)) }
        let m = Double(clusters.count)
        let ybar = clusters.reduce(0) { $0 + $1.sum } / m, nbar = clusters.reduce(0) { $0 + $1.count } / m
        let syy = clusters.reduce(0) { $0 + ($1.sum - ybar) * ($1.sum - ybar) }
        let snn = clusters.reduce(0) { $0 + ($1.count - nbar) * ($1.count - nbar) }
        let syn = clusters.reduce(0) { $0 + ($1.sum - ybar) * ($1.count - nbar) }
        let r = ybar / nbar
        let direct = clusters.reduce(0) { $0 + ($1.sum - r * $1.count) * ($1.sum - r * $1.count) }
        XCTAssertEqual(RatioEstimator.residualSumOfSquares(ratio: r, syy: syy, syn: syn, snn: snn), direct, accuracy: 1e-9 * direct)
    }

    /// A replication that took no sample still counts as a replication; none at all gives no
    /// estimate; one gives no interval.
    func testEdges() {
        XCTAssertTrue(RatioEstimator.estimate([Cluster(sum: 0, count: 0), Cluster(sum: 0, count: 0)]).value.isNaN)
        let one = RatioEstimator.estimate([Cluster(sum: 6, count: 2)])
        XCTAssertEqual(one.value, 3)
        XCTAssertTrue(one.low.isNaN)
        let withEmpty = RatioEstimator.estimate([Cluster(sum: 6, count: 2), Cluster(sum: 0, count: 0), Cluster(sum: 3, count: 1)])
        XCTAssertEqual(withEmpty.value, 3)
        XCTAssertEqual(withEmpty.low, 3)   // every residual is 0
        let bounded = RatioEstimator.estimate([Cluster(sum: 1, count: 1), Cluster(sum: 100, count: 1), Cluster(sum: 1, count: 1)], bounds: 0...Double.infinity)
        XCTAssertEqual(bounded.low, 0)
    }

    /// The estimand the issue names: replications whose number of samples depends on their
    /// values. Half the replications are busy (8 samples, mean 10 s), half quiet (2 samples,
    /// mean 100 s): the pooled mean is (0.5·8·10 + 0.5·2·100)/(0.5·8 + 0.5·2) = 28 s, while the
    /// mean of per-replication means is 55 s. Over 400 studies of 100 replications the ratio
    /// interval covers 28 s at least at its floor, and the mean lies in its interval every time;
    /// the per-replication-mean interval (what summary.csv used to print) covers it almost never.
    func testTheClusterIntervalCoversThePooledMeanWhereCountsDependOnValues() {
        var random = TestRandom(seed: 2026)
        let studies = 400
        var covered = 0, coveredByReplicationMeans = 0
        for _ in 0..<studies {
            var clusters: [Cluster] = [], replicationMeans: [Double] = []
            for _ in 0..<100 {
                let busy = random.bernoulli(0.5)
                let n = busy ? 8 : 2
                let sum = (0..<n).reduce(0.0) { acc, _ in acc + random.exponential(mean: busy ? 10 : 100) }
                clusters.append(Cluster(sum: sum, count: Double(n)))
                replicationMeans.append(sum / Double(n))
            }
            let e = RatioEstimator.estimate(clusters)
            XCTAssertTrue(e.contains(e.value))
            if e.contains(28) { covered += 1 }
            if ReplicationMean.estimate(replicationMeans).contains(28) { coveredByReplicationMeans += 1 }
        }
        XCTAssertGreaterThanOrEqual(Double(covered) / Double(studies), coverageFloor(nominal: 0.95, studies: studies))
        XCTAssertLessThan(Double(coveredByReplicationMeans) / Double(studies), 0.05)
    }

    /// Paired ratios: the difference's interval from linearised residuals; identical designs
    /// give a zero difference with a zero-width interval; a variant that adds a constant to every
    /// sample differs by exactly that constant.
    func testPairedRatios() {
        var random = TestRandom(seed: 11)
        var a: [Cluster] = [], b: [Cluster] = []
        for _ in 0..<60 {
            let n = Double(1 + random.next() % 6)
            let s = (0..<Int(n)).reduce(0.0) { acc, _ in acc + random.exponential(mean: 50) }
            a.append(Cluster(sum: s, count: n))
            b.append(Cluster(sum: s + 7 * n, count: n))
        }
        let same = PairedRatios(baseline: a, value: a)
        XCTAssertEqual(same.difference.value, 0)
        XCTAssertEqual(same.difference.halfWidth, 0)
        let shifted = PairedRatios(baseline: a, value: b)
        XCTAssertEqual(shifted.difference.value, 7, accuracy: 1e-9)
        XCTAssertEqual(shifted.difference.low, 7, accuracy: 1e-9)
        XCTAssertEqual(shifted.difference.high, 7, accuracy: 1e-9)
        XCTAssertTrue(shifted.ratio.contains(shifted.ratio.value))
    }

    /// Coverage of the paired difference over 400 pairs of studies with common random numbers:
    /// the variant's samples are the baseline's plus an independent exponential of mean 5 s,
    /// and its busy replications take one sample more, so the true difference of pooled means
    /// is known: baseline 28 s; variant (0.5·9·(10+5)·… ) computed below.
    func testPairedDifferenceCoverage() {
        // Baseline: busy 8 samples of mean 10, quiet 2 of mean 100 → 28.
        // Variant: every sample + Exp(5); busy replications take a ninth sample of mean 10 + 5.
        // E[Σy_B] = 0.5·9·15 + 0.5·2·105 = 67.5 + 105 = 172.5; E[n_B] = 5.5 → 31.3636…
        let truth = 172.5 / 5.5 - 28
        var random = TestRandom(seed: 77)
        let studies = 400
        var covered = 0
        for _ in 0..<studies {
            var a: [Cluster] = [], b: [Cluster] = []
            for _ in 0..<100 {
                let busy = random.bernoulli(0.5)
                let n = busy ? 8 : 2
                var sa = 0.0, sb = 0.0
                for _ in 0..<n {
                    let x = random.exponential(mean: busy ? 10 : 100)
                    sa += x
                    sb += x + random.exponential(mean: 5)
                }
                if busy { sb += random.exponential(mean: 10) + random.exponential(mean: 5) }
                a.append(Cluster(sum: sa, count: Double(n)))
                b.append(Cluster(sum: sb, count: Double(busy ? n + 1 : n)))
            }
            let paired = PairedRatios(baseline: a, value: b)
            XCTAssertTrue(paired.difference.contains(paired.difference.value))
            if paired.difference.contains(truth) { covered += 1 }
        }
        XCTAssertGreaterThanOrEqual(Double(covered) / Double(studies), coverageFloor(nominal: 0.95, studies: studies))
    }
}

final class PairedRatioMomentsTests: XCTestCase {
    /// Accumulated one pair at a time, the moments give what `PairedRatios` gives from the whole
    /// arrays: the same ratios, half-widths and variance reduction.
    func testStreamingMatchesTheArrays() {
        var random = TestRandom(seed: 123)
        var a: [Cluster] = [], b: [Cluster] = []
        var moments = PairedRatioMoments()
        for _ in 0..<250 {
            let n = Double(random.next() % 7)
            let sa = (0..<Int(n)).reduce(0.0) { acc, _ in acc + random.exponential(mean: 30) }
            let nb = n + Double(random.next() % 2)
            let sb = sa * 1.2 + (nb - n) * random.exponential(mean: 30)
            a.append(Cluster(sum: sa, count: n))
            b.append(Cluster(sum: sb, count: nb))
            moments.add(baseline: a.last!, value: b.last!)
        }
        let arrays = PairedRatios(baseline: a, value: b)
        let streamed = moments.intervals()
        XCTAssertEqual(moments.baselineRatio, arrays.baseline.value, accuracy: 1e-9 * arrays.baseline.value)
        XCTAssertEqual(moments.valueRatio, arrays.value.value, accuracy: 1e-9 * arrays.value.value)
        XCTAssertEqual(streamed.difference, arrays.difference.halfWidth, accuracy: 1e-9 * arrays.difference.halfWidth)
        let logHalf = (arrays.ratio.high / arrays.ratio.value).squareRoot() > 0 ? 0.5 * (log(arrays.ratio.high) - log(arrays.ratio.low)) : .nan
        XCTAssertEqual(streamed.logRatio, logHalf, accuracy: 1e-9)
        XCTAssertEqual(streamed.varianceReduction, arrays.varianceReduction, accuracy: 1e-9 * arrays.varianceReduction)
    }
}

extension PairedRatioMomentsTests {
    /// A design compared with itself differs by exactly 0 with an interval of exactly 0 width
    /// (the differences' co-moments are 0; no rounding error shows as a width).
    func testADesignAgainstItselfHasAZeroWidthInterval() {
        var random = TestRandom(seed: 9)
        var moments = PairedRatioMoments()
        for _ in 0..<500 {
            let n = Double(random.next() % 9)
            let c = Cluster(sum: (0..<Int(n)).reduce(0.0) { acc, _ in acc + random.exponential(mean: 1_234.567) }, count: n)
            moments.add(baseline: c, value: c)
        }
        let i = moments.intervals()
        XCTAssertEqual(moments.valueRatio, moments.baselineRatio)
        XCTAssertEqual(i.difference, 0)
        XCTAssertEqual(i.logRatio, 0)
    }
}
