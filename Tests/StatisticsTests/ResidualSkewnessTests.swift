import XCTest
@testable import Statistics

final class ResidualSkewnessTests: XCTestCase {
    /// Hand-computed: values 0, 0, 0, 4 (mean 1, residuals −1, −1, −1, 3): Σz² = 12, Σz³ = 24;
    /// m₂ = 3, m₃ = 6, g₁ = 6 / 3^{3/2} = 1.1547…; Cochran asks ⌈25 · 4/3⌉ = 34 replications.
    func testAHandComputedSkewnessAndCochransRule() {
        let g1 = ResidualSkewness.skewness(replications: 4, sumOfSquares: 12, sumOfCubes: 24)
        XCTAssertEqual(g1, 2 / 3.0.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(ResidualSkewness.replicationsNeeded(skewness: g1), 34)
        XCTAssertEqual(ResidualSkewness.replicationsNeeded(skewness: -g1), 34)
    }

    /// A symmetric sample has no skewness and needs the fewest replications; too few
    /// replications or no spread have none defined.
    func testSymmetryAndUndefinedCases() {
        XCTAssertEqual(ResidualSkewness.skewness(replications: 3, sumOfSquares: 2, sumOfCubes: 0), 0)
        XCTAssertEqual(ResidualSkewness.replicationsNeeded(skewness: 0), 2)
        XCTAssertTrue(ResidualSkewness.skewness(replications: 2, sumOfSquares: 2, sumOfCubes: 0).isNaN)
        XCTAssertTrue(ResidualSkewness.skewness(replications: 10, sumOfSquares: 0, sumOfCubes: 0).isNaN)
        XCTAssertNil(ResidualSkewness.replicationsNeeded(skewness: .nan))
    }

    /// An exponential's skewness is 2 whatever its mean: with mean 5 (variance 25) a wrong power
    /// of m₂ would be off five times or more. Over 20,000 draws the estimate is 2 within four of
    /// its standard errors (0.061 at this n, measured over 400 samples: the sixth moment makes it
    /// wide), 2 ± 0.25.
    func testTheSkewnessOfExponentialDrawsIsTwo() {
        var random = TestRandom(seed: 11)
        let x = (0..<20_000).map { _ in random.exponential(mean: 5) }
        let mean = x.reduce(0, +) / Double(x.count)
        let s2 = x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }, s3 = x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) * ($1 - mean) }
        XCTAssertEqual(ResidualSkewness.skewness(replications: x.count, sumOfSquares: s2, sumOfCubes: s3), 2, accuracy: 0.25)
    }
}
