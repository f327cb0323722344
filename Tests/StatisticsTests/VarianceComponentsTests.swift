import XCTest
@testable import Statistics

final class VarianceComponentsTests: XCTestCase {
    /// Montgomery's looms (Design and Analysis of Experiments, example 3.11): MS_between 29.73,
    /// MS_within 1.90, σ²_looms 6.96; the looms' share of a loom's mean's variance (29.73 −
    /// 1.90)/29.73 = 0.936.
    func testMontgomerysLooms() {
        let vc = VarianceComponents(groups: [[98, 97, 99, 96], [91, 90, 93, 92], [96, 95, 97, 95], [95, 96, 99, 98]])
        XCTAssertEqual(vc.meanSquareBetween, 89.1875 / 3, accuracy: 1e-12)
        XCTAssertEqual(vc.meanSquareWithin, 22.75 / 12, accuracy: 1e-12)
        XCTAssertEqual(vc.betweenDraws, (89.1875 / 3 - 22.75 / 12) / 4, accuracy: 1e-12)
        XCTAssertEqual(vc.betweenShareOfDrawMean, 0.93623, accuracy: 1e-5)
        XCTAssertEqual(vc.mean, 95.4375)
    }

    /// A nested design with known components: draws' true means with σ_b = 2, replications
    /// with σ_w = 10, n = 25 → the platform's share of a draw's mean's variance is
    /// 4/(4 + 100/25) = 0.5. Averaged over 200 designs of 80 draws, the estimate is within its
    /// tolerance: the ratio's bias, about −0.5·2/79 ≈ −0.013, plus 4 sd of the average (one
    /// design's estimate has sd ≈ 0.08, the average's ≈ 0.006).
    func testASplitWithAKnownAnswerIsRecovered() {
        var random = TestRandom(seed: 8)
        var shares: [Double] = []
        for _ in 0..<200 {
            let groups = (0..<80).map { _ -> [Double] in
                let mu = 2 * random.normal()
                return (0..<25).map { _ in mu + 10 * random.normal() }
            }
            shares.append(VarianceComponents(groups: groups).betweenShareOfDrawMean)
        }
        XCTAssertEqual(shares.reduce(0, +) / Double(shares.count), 0.5, accuracy: 0.04)
    }

    /// First-order index of Y = X₁ + 0·X₂ + ε, X₁ and ε uniform: S₁ = Var X₁/(Var X₁ + Var ε),
    /// S₂ = 0.
    func testFirstOrderIndices() {
        var random = TestRandom(seed: 21)
        let n = 4_000
        let x1 = (0..<n).map { _ in random.uniform() }, x2 = (0..<n).map { _ in random.uniform() }
        let y = x1.map { $0 + 0.5 * random.uniform() }   // Var X₁ = 1/12, Var ε = 0.25/12 → S₁ = 0.8
        XCTAssertEqual(FirstOrderIndex.estimate(inputs: x1, outputs: y, bins: 20), 0.8, accuracy: 0.03)
        XCTAssertEqual(FirstOrderIndex.estimate(inputs: x2, outputs: y, bins: 20), 0, accuracy: 0.02)
    }
}
