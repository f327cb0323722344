import XCTest
@testable import Statistics

/// `PairedMoments` (Welford's co-moments of pairs), the delta-method ratio interval built on
/// them, and `Estimate`'s symmetric forms, against hand-computed values.
final class PairedMomentsTests: XCTestCase {
    /// Baseline 1, 2, 3, 4 against 2, 4, 5, 9: var b = 5/3, var a = 26/3, cov = 11/3, so
    /// var(a − b) = 26/3 + 5/3 − 22/3 = 3 (the differences 1, 2, 2, 5 have Σ(d − d̄)² = 9);
    /// pairing's gain (31/3)/3 = 31/9. a/ā − b/b̄ = 0, 0, −0.2, 0.2: variance 0.08/3.
    func testMomentsByHand() {
        let moments = Self.moments(baseline: [1, 2, 3, 4], value: [2, 4, 5, 9])
        XCTAssertEqual(moments.count, 4)
        XCTAssertEqual(moments.meanBaseline, 2.5, accuracy: 1e-12)
        XCTAssertEqual(moments.meanValue, 5, accuracy: 1e-12)
        XCTAssertEqual(moments.varianceBaseline, 5.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(moments.varianceValue, 26.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(moments.covariance, 11.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(moments.varianceOfDifference, 3, accuracy: 1e-12)
        XCTAssertEqual(moments.varianceReduction, 31.0 / 9, accuracy: 1e-12)
        XCTAssertEqual(moments.varianceOfRelativeDifference, 0.08 / 3, accuracy: 1e-12)
    }

    /// Pairs that differ by one constant gain without bound; pairs where nothing varies, or
    /// one pair, have no reduction.
    func testDegenerateReductions() {
        XCTAssertEqual(Self.moments(baseline: [1, 2, 3], value: [2, 3, 4]).varianceReduction, .infinity)
        XCTAssertTrue(Self.moments(baseline: [1, 1, 1], value: [2, 2, 2]).varianceReduction.isNaN)
        XCTAssertTrue(Self.moments(baseline: [1], value: [2]).varianceReduction.isNaN)
        XCTAssertTrue(Self.moments(baseline: [1], value: [2]).varianceOfDifference.isNaN)
    }

    /// The delta method by hand on the pairs above: ā/b̄ = 2, se(log ratio) = √((0.08/3)/4) =
    /// 0.0816497, t₀.₉₇₅,₃ = 3.182446 → log half-width 0.259846, interval 2·e^{∓0.259846} =
    /// [1.542341, 2.593460]. The difference 2.5 ± 3.182446·√(3/4) = [−0.256079, 5.256079].
    func testTheDeltaMethodRatioIntervalByHand() {
        let m = Self.moments(baseline: [1, 2, 3, 4], value: [2, 4, 5, 9])
        let contrast = PairedMeanContrast(count: m.count, meanValue: m.meanValue, meanBaseline: m.meanBaseline,
                                          varianceOfDifference: m.varianceOfDifference,
                                          varianceOfRelativeDifference: m.varianceOfRelativeDifference)
        XCTAssertEqual(contrast.ratio.value, 2, accuracy: 1e-12)
        XCTAssertEqual(contrast.ratio.low, 1.542341, accuracy: 1e-6)
        XCTAssertEqual(contrast.ratio.high, 2.593460, accuracy: 1e-6)
        XCTAssertEqual(contrast.difference.low, 2.5 - 3.182446305284263 * 0.75.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(contrast.difference.high, 2.5 + 3.182446305284263 * 0.75.squareRoot(), accuracy: 1e-9)
        let logHalf = 3.182446305284263 * (0.08 / 3 / 4).squareRoot()
        let same = Estimate.logSymmetric(ratio: 2, logHalfWidth: logHalf, method: .studentT)
        XCTAssertEqual(same.low, contrast.ratio.low, accuracy: 1e-12)
        XCTAssertEqual(same.high, contrast.ratio.high, accuracy: 1e-12)
    }

    /// value ± h, and a ratio's r·e^{∓h}: 3 ± 1 = [2, 4]; 2·e^{∓ln 2} = [1, 4].
    func testSymmetricIntervals() {
        let plain = Estimate.symmetric(3, halfWidth: 1, method: .studentT)
        XCTAssertEqual([plain.low, plain.value, plain.high], [2, 3, 4])
        let logged = Estimate.logSymmetric(ratio: 2, logHalfWidth: 0.6931471805599453, method: .clusterRatio)
        XCTAssertEqual(logged.low, 1, accuracy: 1e-15)
        XCTAssertEqual(logged.high, 4, accuracy: 1e-15)
        XCTAssertEqual(logged.method, .clusterRatio)
    }

    static func moments(baseline: [Double], value: [Double]) -> PairedMoments {
        var m = PairedMoments()
        for (b, a) in zip(baseline, value) { m.add(baseline: b, value: a) }
        return m
    }

    /// An interval cut to the quantity's range: 5 ± 7 of a staleness is [0, 12], 0.4 ± 0.7 of a
    /// fraction [0, 1], and an interval inside the range is unchanged.
    func testClampingAnIntervalToItsRange() {
        let e = Estimate.symmetric(5, halfWidth: 7, method: .studentT).clamped(to: 0...Double.infinity)
        XCTAssertEqual([e.value, e.low, e.high], [5, 0, 12])
        XCTAssertEqual(e.method, .studentT)
        let f = Estimate.symmetric(0.4, halfWidth: 0.7, method: .clusterRatio).clamped(to: 0...1)
        XCTAssertEqual([f.low, f.high], [0, 1])
        let g = Estimate.symmetric(3, halfWidth: 1, method: .clusterRatio)
        XCTAssertEqual(g.clamped(to: 0...10), g)
        // An interval that is not symmetric keeps its own ends: only the one outside moves.
        let h = Estimate(value: 2, low: 1, high: 8, method: .clusterRatio).clamped(to: 0...5)
        XCTAssertEqual([h.value, h.low, h.high], [2, 1, 5])
    }
}
