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

    /// Losses that come in bunches: a replication has a bad spell with probability 0.02, in
    /// which each of its 50 trials is an event with probability 0.1 (p = 0.002, about 10 events
    /// a study of 100 replications, in one or two replications). Wilson's interval on all 5,000
    /// trials takes them for independent and is too narrow; on the effective number of trials
    /// (Korn & Graubard) coverage over the studies with an event is at least its floor. (The
    /// 13 % of studies with no bad spell at all see no event: their upper bound, 3/5,000, counts
    /// the trials as independent and misses p, which no count of events can tell.)
    func testCoverageOfBunchedEvents() {
        var random = TestRandom(seed: 7)
        let p = 0.002
        var studies = 0, covered = 0, coveredByPlainWilson = 0
        for _ in 0..<400 {
            let clusters = (0..<100).map { _ -> Cluster in
                let bad = random.bernoulli(0.02)
                let x = (0..<50).reduce(0.0) { acc, _ in acc + (bad && random.bernoulli(0.1) ? 1 : 0) }
                return Cluster(sum: x, count: 50)
            }
            let events = clusters.reduce(0) { $0 + $1.sum }
            guard events > 0 else { continue }
            studies += 1
            if PooledFraction.estimate(clusters).contains(p) { covered += 1 }
            if PooledFraction.wilson(events: events, trials: 5_000).contains(p) { coveredByPlainWilson += 1 }
        }
        let floor = 0.95 - 2.33 * (0.95 * 0.05 / Double(studies)).squareRoot()
        XCTAssertGreaterThan(studies, 300)
        XCTAssertGreaterThanOrEqual(Double(covered) / Double(studies), floor, "covered \(covered) of \(studies)")
        XCTAssertLessThan(coveredByPlainWilson, covered, "plain Wilson \(coveredByPlainWilson), effective trials \(covered)")
    }

    /// Events spread as independent trials: the effective number of trials is all of them, and
    /// the interval Wilson's but for Student's t on the replications.
    func testIndependentTrialsKeepWilsonsWidth() {
        // 9 events of 10 × 100 trials, one or none per replication.
        var clusters = (0..<10).map { i in Cluster(sum: i < 8 ? 1 : 0, count: 100) }
        clusters[9].sum = 1
        let e = PooledFraction.estimate(clusters)
        let w = PooledFraction.wilson(events: 9, trials: 1_000)
        XCTAssertEqual(e.method, .wilson)
        XCTAssertEqual(e.value, 0.009)
        XCTAssertLessThanOrEqual(e.low, w.low)
        XCTAssertGreaterThanOrEqual(e.high, w.high)
        XCTAssertEqual(e.high / w.high, 1, accuracy: 0.2, "about Wilson's width")
    }
}
