import XCTest
import SimKernel
import TestSupport

final class DistributionTests: XCTestCase {
    private let n = 100_000

    private func draws(_ d: Distribution, seed: UInt64, count: Int? = nil) -> [Double] {
        var rng = RandomStream(seed: seed)
        return (0..<(count ?? n)).map { _ in d.sample(&rng) }
    }

    private func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }

    /// Fraction of draws at or below `x`, against the true CDF value `p`, with a binomial tolerance.
    private func assertCDF(_ xs: [Double], at x: Double, is p: Double, _ what: String, line: UInt = #line) {
        let fraction = Double(xs.filter { $0 <= x }.count) / Double(xs.count)
        XCTAssertEqual(fraction, p, accuracy: Tolerance.proportion(p, n: xs.count), "\(what): F(\(x))", line: line)
    }

    func testConstant() {
        let d = Distribution.constant(2.5)
        XCTAssertEqual(Set(draws(d, seed: 1, count: 100)), [2.5])
        XCTAssertEqual(d.mean, 2.5)
        XCTAssertTrue(d.isConstant)
        XCTAssertFalse(Distribution.exponential(mean: 1).isConstant)
    }

    func testExponentialMeanAndQuantiles() {
        let m = 2.0
        let d = Distribution.exponential(mean: m)
        XCTAssertEqual(d.mean, m)
        let xs = draws(d, seed: 2)
        XCTAssertGreaterThanOrEqual(xs.min()!, 0)
        XCTAssertEqual(mean(xs), m, accuracy: Tolerance.mean(sd: m, n: n))
        // Median = mean · ln 2; the p-quantile is −mean · ln(1 − p).
        assertCDF(xs, at: m * Math.log(2), is: 0.5, "exponential median")
        for p in [0.1, 0.9, 0.99] {
            assertCDF(xs, at: -m * Math.log(1 - p), is: p, "exponential")
        }
    }

    func testUniformMeanRangeAndQuantiles() {
        let (lo, hi) = (2.0, 5.0)
        let d = Distribution.uniform(low: lo, high: hi)
        XCTAssertEqual(d.mean, 3.5)
        let xs = draws(d, seed: 3)
        XCTAssertGreaterThanOrEqual(xs.min()!, lo)
        XCTAssertLessThan(xs.max()!, hi)
        XCTAssertEqual(mean(xs), 3.5, accuracy: Tolerance.mean(sd: (hi - lo) / 12.0.squareRoot(), n: n))
        for p in [0.05, 0.25, 0.5, 0.75, 0.95] {
            assertCDF(xs, at: lo + p * (hi - lo), is: p, "uniform")
        }
    }

    func testLognormalByMedianAndSigma() {
        let (median, sigma) = (1.5, 0.6)
        let d = Distribution.lognormal(median: median, sigma: sigma)
        XCTAssertEqual(d, .lognormal(mu: Math.log(median), sigma: sigma))
        let closed = median * Math.exp(sigma * sigma / 2)
        XCTAssertEqual(d.mean, closed, accuracy: 1e-12)
        let xs = draws(d, seed: 4)
        XCTAssertGreaterThan(xs.min()!, 0)
        let sd = closed * (Math.exp(sigma * sigma) - 1).squareRoot()
        XCTAssertEqual(mean(xs), closed, accuracy: Tolerance.mean(sd: sd, n: n))
        assertCDF(xs, at: median, is: 0.5, "lognormal median")
        assertCDF(xs, at: median * Math.exp(sigma * Distribution.z95), is: 0.95, "lognormal p95")
    }

    func testLognormalDefaultSigma() {
        XCTAssertEqual(Distribution.lognormal(median: 1), .lognormal(mu: 0, sigma: Distribution.defaultLognormalSigma))
        // docs/platform-facts.md#push: p95 ≈ 2.7 × median.
        XCTAssertEqual(Math.exp(Distribution.defaultLognormalSigma * Distribution.z95), 2.7, accuracy: 0.03)
    }

    func testLognormalByMedianAndP95() {
        let (median, p95) = (1.0, 2.7)
        let d = Distribution.lognormal(median: median, p95: p95)
        guard case .lognormal(let mu, let sigma) = d else { return XCTFail("not a lognormal") }
        XCTAssertEqual(mu, 0, accuracy: 1e-15)
        XCTAssertEqual(sigma, 0.6038542012100796, accuracy: 1e-12)
        XCTAssertEqual(Distribution.z95, 1.6448536269514722, accuracy: 1e-15)
        let xs = draws(d, seed: 5)
        assertCDF(xs, at: p95, is: 0.95, "empirical p95")
        assertCDF(xs, at: median, is: 0.5, "empirical median")
        let sd = d.mean * (Math.exp(sigma * sigma) - 1).squareRoot()
        XCTAssertEqual(mean(xs), Math.exp(sigma * sigma / 2), accuracy: Tolerance.mean(sd: sd, n: n))
    }

    func testTruncatedNormalMeanOneSdOne() {
        let d = Distribution.normal(mean: 1, sd: 1)
        // E[X | X ≥ 0] for X ~ N(1, 1) = 1 + φ(1)/Φ(1), computed independently.
        XCTAssertEqual(d.mean, 1.2875999709391783, accuracy: 1e-6)
        let xs = draws(d, seed: 6)
        XCTAssertGreaterThanOrEqual(xs.min()!, 0, "truncated at 0")
        XCTAssertEqual(mean(xs), d.mean, accuracy: Tolerance.mean(sd: 0.7935277473262076, n: n))
        XCTAssertGreaterThan(abs(mean(xs) - 1), 10 * Tolerance.mean(sd: 1, n: n),
                             "the untruncated mean would be wrong")
    }

    func testHeavilyTruncatedNormal() {
        let d = Distribution.normal(mean: -1, sd: 1)
        XCTAssertEqual(d.mean, 0.5251352761609811, accuracy: 1e-6)
        let xs = draws(d, seed: 7, count: 50_000)
        XCTAssertGreaterThanOrEqual(xs.min()!, 0)
        XCTAssertEqual(mean(xs), d.mean, accuracy: Tolerance.mean(sd: 0.4462036144747698, n: xs.count))
    }

    func testDegenerateNormal() {
        XCTAssertEqual(Distribution.normal(mean: 3, sd: 0).mean, 3)
        XCTAssertEqual(Distribution.normal(mean: -3, sd: 0).mean, 0)
        XCTAssertEqual(Set(draws(.normal(mean: 3, sd: 0), seed: 1, count: 10)), [3])
        XCTAssertEqual(Set(draws(.normal(mean: -3, sd: 0), seed: 1, count: 10)), [0])
    }

    func testEmpirical() {
        let values = [1.0, 2, 3, 10]
        let d = Distribution.empirical(values)
        XCTAssertEqual(d.mean, 4)
        let xs = draws(d, seed: 8)
        XCTAssertEqual(Set(xs), Set(values))
        for v in values {
            let share = Double(xs.filter { $0 == v }.count) / Double(n)
            XCTAssertEqual(share, 0.25, accuracy: Tolerance.proportion(0.25, n: n), "\(v)")
        }
        let sd = (values.map { ($0 - 4) * ($0 - 4) }.reduce(0, +) / 4).squareRoot()
        XCTAssertEqual(mean(xs), 4, accuracy: Tolerance.mean(sd: sd, n: n))
        XCTAssertEqual(Distribution.empirical([]).mean, 0)
        XCTAssertEqual(draws(.empirical([]), seed: 1, count: 3), [0, 0, 0])
    }

    func testSampleTimeRoundsSecondsToMicroseconds() {
        var rng = RandomStream(seed: 1)
        XCTAssertEqual(Distribution.constant(1.2345674).sampleTime(&rng), 1_234_567)
        XCTAssertEqual(Distribution.constant(1.2345676).sampleTime(&rng), 1_234_568)
        XCTAssertEqual(Distribution.constant(0).sampleTime(&rng), 0)
        XCTAssertEqual(Distribution.constant(3_600).sampleTime(&rng), Time.hour)
        XCTAssertEqual(Distribution.constant(1e13).sampleTime(&rng), Time.never)
        // A random draw: the same value as sample(), rounded.
        var a = RandomStream(seed: 12), b = RandomStream(seed: 12)
        let d = Distribution.exponential(mean: 0.01)
        var worst = 0.0
        for _ in 0..<1_000 {
            let t = d.sampleTime(&a)
            let s = d.sample(&b)
            worst = max(worst, abs(Double(t) - s * 1e6))
        }
        XCTAssertLessThanOrEqual(worst, 0.5)
    }
}

final class StandardNormalTests: XCTestCase {
    func testKnownValues() {
        XCTAssertEqual(StandardNormal.cdf(0), 0.5, accuracy: 1e-7)
        XCTAssertEqual(StandardNormal.cdf(1.96), 0.9750021, accuracy: 1e-6)
        XCTAssertEqual(StandardNormal.cdf(-1), 0.1586553, accuracy: 1e-6)
        XCTAssertEqual(StandardNormal.cdf(1), 0.8413447, accuracy: 1e-6)
        XCTAssertEqual(StandardNormal.cdf(-3), 0.0013499, accuracy: 1e-6)
        XCTAssertEqual(StandardNormal.cdf(Distribution.z95), 0.95, accuracy: 1e-6)
    }

    func testSymmetryMonotonicityAndTails() {
        var previous = 0.0
        for k in -80...80 {
            let x = Double(k) / 10
            let p = StandardNormal.cdf(x)
            XCTAssertEqual(p + StandardNormal.cdf(-x), 1, accuracy: 2e-7, "x = \(x)")
            XCTAssertGreaterThanOrEqual(p, previous, "x = \(x)")
            XCTAssertTrue((0...1).contains(p))
            previous = p
        }
        XCTAssertLessThan(StandardNormal.cdf(-8), 1e-12)
        XCTAssertGreaterThan(StandardNormal.cdf(8), 1 - 1e-12)
    }
}
