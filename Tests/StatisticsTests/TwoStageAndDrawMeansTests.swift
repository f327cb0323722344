import XCTest
@testable import Statistics

/// `TwoStageCount`, `DrawMeans` and `FirstOrderIndex.bins` against hand-computed values.
final class TwoStageAndDrawMeansTests: XCTestCase {
    /// N = max{n₀, ⌈c²S²/w²⌉}: c = 2, S² = 9, w = 1 → 36; a small variance keeps the first
    /// stage; w = 0.7 → ⌈73.47⌉ = 74; an infinite variance takes the ceiling.
    func testTwoStageCountsByHand() {
        XCTAssertEqual(TwoStageCount.replications(critical: 2, variance: 9, halfWidth: 1, firstStage: 10, ceiling: 1000), 36)
        XCTAssertEqual(TwoStageCount.replications(critical: 2, variance: 0.01, halfWidth: 1, firstStage: 10, ceiling: 1000), 10)
        XCTAssertEqual(TwoStageCount.replications(critical: 2, variance: 9, halfWidth: 0.7, firstStage: 10, ceiling: 1000), 74)
        XCTAssertEqual(TwoStageCount.replications(critical: 2, variance: .infinity, halfWidth: 1, firstStage: 10, ceiling: 1000), 1000)
    }

    /// Stein's constant at β = 0.025 on 11 first-stage replications is t₀.₉₇₅ on 10 degrees of
    /// freedom, 2.228139 (every t table).
    func testSteinsCritical() {
        XCTAssertEqual(TwoStageCount.steinCritical(error: 0.025, firstStage: 11), 2.228139, accuracy: 1e-6)
        XCTAssertEqual(TwoStageCount.steinCritical(error: 0.05, firstStage: 6), 2.015048, accuracy: 1e-6)
    }

    /// Rinott's total is the two-stage count of each design at Rinott's h.
    func testRinottsTotalIsTheTwoStageCountAtH() {
        let first: [[Double]] = [[1, 2, 3, 4, 5], [2, 2, 2, 2, 3], [0, 4, 0, 4, 0]]
        let h = Rinott.constant(designs: 3, firstStage: 5, confidence: 0.95)
        let byHand = first.reduce(0) { total, v in
            let mean = v.reduce(0, +) / 5
            let s2 = v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 4
            return total + max(5, Int((h * h * s2 / 0.25).rounded(.up)))
        }
        XCTAssertEqual(Rinott.totalReplications(firstStage: first, indifference: 0.5, confidence: 0.95), byHand)
    }

    /// Draw means 1, 2, 3, 4, each with squared standard error 0.5: between 5/3, within 0.5,
    /// share (5/3)/(5/3 + 1/2) = 10/13. Nothing varying gives 0.
    func testTheDrawMeansSplitByHand() {
        let split = DrawMeans.split(means: [1, 2, 3, 4], squaredStandardErrors: [0.5, 0.5, 0.5, 0.5])
        XCTAssertEqual(split.mean, 2.5)
        XCTAssertEqual(split.betweenShare, 10.0 / 13, accuracy: 1e-12)
        XCTAssertEqual(DrawMeans.split(means: [1, 2, 3, 4], squaredStandardErrors: [0, 0, 0, 0]).betweenShare, 1)
        XCTAssertEqual(DrawMeans.split(means: [2, 2, 2], squaredStandardErrors: [0, 0, 0]).betweenShare, 0)
        XCTAssertEqual(DrawMeans.split(means: [2, 2], squaredStandardErrors: [1, 3]).betweenShare, 0)
    }

    /// About √n bins, at least 2, at most n/2: 100 → 10, 400 → 20, 7 → 3, 3 → 2.
    func testTheBinsOfAFirstOrderIndex() {
        XCTAssertEqual(FirstOrderIndex.bins(draws: 100), 10)
        XCTAssertEqual(FirstOrderIndex.bins(draws: 400), 20)
        XCTAssertEqual(FirstOrderIndex.bins(draws: 7), 3)
        XCTAssertEqual(FirstOrderIndex.bins(draws: 3), 2)
    }
}
