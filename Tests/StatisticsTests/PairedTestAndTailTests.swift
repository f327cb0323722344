import XCTest
@testable import Statistics

/// `PairedTest` (the p-value behind a paired interval) and `TailProbability` (a share of
/// pooled samples above a threshold, replications as clusters), against hand-computed values.
final class PairedTestAndTailTests: XCTestCase {
    /// On one degree of freedom Student's t is Cauchy: P(T > 1) = 1/4, so a difference of one
    /// standard error has p = 1/2 exactly.
    func testThePValueOfOneStandardErrorOnOneDegreeOfFreedom() {
        let t = StudentT.critical(confidence: 0.95, degreesOfFreedom: 1)
        XCTAssertEqual(PairedTest.pValue(difference: 1, halfWidth: t, pairs: 2), 0.5, accuracy: 1e-9)
        XCTAssertEqual(PairedTest.pValue(difference: -1, halfWidth: t, pairs: 2), 0.5, accuracy: 1e-9)
    }

    /// The p-value agrees with PairedMeans' paired t test on the same pairs, and with the
    /// interval: p < 0.05 exactly when the 95 % interval leaves out 0 (p = 0.05 on its edge).
    func testThePValueIsTheIntervalsOwnTest() {
        let paired = PairedMeans(baseline: [0, 0, 0, 0, 0], value: [1, 2, 3, 4, 5])
        let p = PairedTest.pValue(difference: paired.difference.value, halfWidth: paired.difference.halfWidth, pairs: 5)
        XCTAssertEqual(p, paired.pValue, accuracy: 1e-10)
        XCTAssertEqual(PairedTest.pValue(difference: 2, halfWidth: 2, pairs: 12), 0.05, accuracy: 1e-9)
        XCTAssertLessThan(PairedTest.pValue(difference: 2.01, halfWidth: 2, pairs: 12), 0.05)
        XCTAssertGreaterThan(PairedTest.pValue(difference: 1.99, halfWidth: 2, pairs: 12), 0.05)
    }

    func testDegenerateCases() {
        XCTAssertEqual(PairedTest.pValue(difference: 0, halfWidth: 0, pairs: 5), 1)
        XCTAssertEqual(PairedTest.pValue(difference: 3, halfWidth: 0, pairs: 5), 0)
        XCTAssertTrue(PairedTest.pValue(difference: 3, halfWidth: 1, pairs: 1).isNaN)
        XCTAssertTrue(PairedTest.pValue(difference: .nan, halfWidth: 1, pairs: 9).isNaN)
    }

    /// Three replications of 40 samples with 10, 20 and 15 above the threshold: p̂ = 45/120 =
    /// 0.375; residuals −5, 5, 0; Var = 50/(3·2·40²) = 0.00520833; half-width t₀.₉₇₅,₂ · 0.0721688.
    func testTheTailProbabilityByHand() {
        let clusters = [Cluster(sum: 10, count: 40), Cluster(sum: 20, count: 40), Cluster(sum: 15, count: 40)]
        let e = TailProbability.estimate(clusters)
        XCTAssertEqual(e.value, 0.375)
        XCTAssertEqual(e.method, .clusterRatio)
        XCTAssertTrue(TailProbability.isClusterInterval(e))
        let half = 4.302652729749464 * (50.0 / (3 * 2 * 1600)).squareRoot()
        XCTAssertEqual(e.low, 0.375 - half, accuracy: 1e-9)
        XCTAssertEqual(e.high, 0.375 + half, accuracy: 1e-9)
    }

    /// Samples above the threshold are counted strictly; few on one side fall back to Wilson's
    /// interval, none to the upper bound, and neither counts as the cluster interval.
    func testCountsAndFallbacks() {
        XCTAssertEqual(TailProbability.cluster([1, 5, 5, 7, 9], above: 5), Cluster(sum: 2, count: 5))
        let few = TailProbability.estimate([Cluster(sum: 2, count: 500), Cluster(sum: 3, count: 500)])
        XCTAssertEqual(few.method, .wilson)
        XCTAssertFalse(TailProbability.isClusterInterval(few))
        let none = TailProbability.estimate([Cluster(sum: 0, count: 500), Cluster(sum: 0, count: 500)])
        XCTAssertEqual(none.method, .zeroEventsUpperBound)
        XCTAssertEqual(none.value, 0)
        XCTAssertGreaterThan(none.high, 0)
    }

    /// Coverage of a known tail probability over 400 simulated studies of 30 replications,
    /// each replication's samples sharing a random level (so samples within a replication are
    /// correlated, as glances are): the cluster interval covers p at 95 % within the binomial
    /// tolerance of 400 studies (3 standard errors, about ±3.3 %).
    func testTheClusterIntervalCoversAKnownTail() {
        var rng = TestRandom(seed: 7)
        var covered = 0
        let studies = 400
        for _ in 0..<studies {
            var clusters: [Cluster] = []
            for _ in 0..<30 {
                // Replication level u ~ U(0, 1); samples above the threshold with probability u·0.4,
                // 20 to 60 samples: P = E[u·0.4] = 0.2 pooled (the counts do not depend on u).
                let u = rng.uniform()
                let n = 20 + Int(rng.uniform() * 41)
                var above = 0
                for _ in 0..<n where rng.uniform() < 0.4 * u { above += 1 }
                clusters.append(Cluster(sum: Double(above), count: Double(n)))
            }
            if TailProbability.estimate(clusters).contains(0.2) { covered += 1 }
        }
        let share = Double(covered) / Double(studies)
        XCTAssertGreaterThan(share, 0.95 - 3 * (0.95 * 0.05 / Double(studies)).squareRoot(), "covered \(covered) of \(studies)")
    }
}
