import XCTest
@testable import Statistics

final class ProportionTests: XCTestCase {
    /// Wilson's interval at reference values (5 of 10: 0.2366 to 0.7634; 0 of 10: 0 to 0.2775;
    /// 1 of 1,000: 0.000177 to 0.005643).
    func testWilsonAtReferenceValues() {
        let half = PooledFraction.wilson(events: 5, trials: 10)
        XCTAssertEqual(half.low, 0.236593090512564, accuracy: 1e-9)
        XCTAssertEqual(half.high, 0.7634069094874361, accuracy: 1e-9)
        let none = PooledFraction.wilson(events: 0, trials: 10)
        XCTAssertEqual(none.low, 0)
        XCTAssertEqual(none.high, 0.2775327998628892, accuracy: 1e-9)
        let rare = PooledFraction.wilson(events: 1, trials: 1000)
        XCTAssertEqual(rare.low, 0.00017654637062607852, accuracy: 1e-12)
        XCTAssertEqual(rare.high, 0.0056425585979579355, accuracy: 1e-12)
    }

    /// No event in any trial: 0 with the exact upper bound 1 − 0.05^{1/n}, about 3/n.
    func testZeroEventsGiveAnUpperBoundNotZeroWidth() {
        let clusters = Array(repeating: Cluster(sum: 0, count: 1), count: 100)
        let e = PooledFraction.estimate(clusters)
        XCTAssertEqual(e.method, .zeroEventsUpperBound)
        XCTAssertEqual(e.value, 0)
        XCTAssertEqual(e.high, 0.029513049607039932, accuracy: 1e-12)
        XCTAssertEqual(e.high, 3.0 / 100, accuracy: 0.001)
        let counts = ReplicationMean.zeroCountUpperBound(replications: 200)
        XCTAssertEqual(counts.high, 2.995732273553991 / 200, accuracy: 1e-12)
    }

    /// Every end of every interval lies in [0, 1] and around its estimate, whatever the counts.
    func testIntervalsNeverLeaveZeroToOne() {
        var random = TestRandom(seed: 5)
        for _ in 0..<2_000 {
            let m = 2 + Int(random.next() % 30)
            let p = random.uniform() * random.uniform()
            let clusters = (0..<m).map { _ -> Cluster in
                let n = Double(random.next() % 20)
                let x = (0..<Int(n)).reduce(0.0) { acc, _ in acc + (random.bernoulli(p) ? 1 : 0) }
                return Cluster(sum: x, count: n)
            }
            let e = PooledFraction.estimate(clusters)
            guard !e.value.isNaN else { continue }
            XCTAssertGreaterThanOrEqual(e.low, 0)
            XCTAssertLessThanOrEqual(e.high, 1)
            XCTAssertTrue(e.contains(e.value), "\(e)")
        }
    }

    /// Rare losses, as the share extension's: p = 0.002, 50 trials per replication, 100
    /// replications (10 events expected, so both interval methods take part): coverage over 400
    /// studies at least at its floor.
    func testCoverageOfARareFraction() {
        var random = TestRandom(seed: 99)
        let studies = 400, p = 0.002
        var covered = 0
        for _ in 0..<studies {
            let clusters = (0..<100).map { _ -> Cluster in
                let x = (0..<50).reduce(0.0) { acc, _ in acc + (random.bernoulli(p) ? 1 : 0) }
                return Cluster(sum: x, count: 50)
            }
            if PooledFraction.estimate(clusters).contains(p) { covered += 1 }
        }
        XCTAssertGreaterThanOrEqual(Double(covered) / Double(studies), coverageFloor(nominal: 0.95, studies: studies))
    }
}
