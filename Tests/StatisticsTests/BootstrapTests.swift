import XCTest
@testable import Statistics

/// `BootstrapPercentile` and `PoissonBootstrap` against hand-computed values.
final class BootstrapTests: XCTestCase {
    /// The exact bootstrap of the mean of 1, 2, 6: all 27 resamples, their means sorted
    /// (1, 4/3 ×3, 5/3 ×3, 2, 8/3 ×3, 3 ×6, 10/3 ×3, 13/3 ×3, 14/3 ×3, 6). Type 7 at 2.5 %:
    /// h = 26·0.025 = 0.65 → 1 + 0.65·(1/3) = 1.21667; at 97.5 %: h = 25.35 → 14/3 + 0.35·(4/3)
    /// = 5.13333.
    func testThePercentileIntervalOfAnExactBootstrap() {
        let x: [Double] = [1, 2, 6]
        var means: [Double] = []
        for i in x { for j in x { for k in x { means.append((i + j + k) / 3) } } }
        let interval = BootstrapPercentile.interval(means)
        XCTAssertEqual(interval?.low ?? .nan, 1 + 0.65 / 3, accuracy: 1e-12)
        XCTAssertEqual(interval?.high ?? .nan, 14.0 / 3 + 0.35 * 4 / 3, accuracy: 1e-12)
    }

    /// Replicates 5, 1, 4, 2, 3 (and one that resampled nothing, NaN): sorted 1…5, h = 0.1 and
    /// 3.9 → [1.1, 4.9]; moved by 10 → [11.1, 14.9]; scaled by 2 → [2.2, 9.8]. Fewer than two
    /// finite replicates give none.
    func testThePercentileIntervalByHand() {
        let interval = BootstrapPercentile.interval([5, 1, .nan, 4, 2, 3])
        XCTAssertEqual(interval?.low ?? .nan, 1.1, accuracy: 1e-12)
        XCTAssertEqual(interval?.high ?? .nan, 4.9, accuracy: 1e-12)
        let moved = BootstrapPercentile.interval(sorted: [1, 2, 3, 4, 5], movedBy: 10)
        XCTAssertEqual(moved?.low ?? .nan, 11.1, accuracy: 1e-12)
        XCTAssertEqual(moved?.high ?? .nan, 14.9, accuracy: 1e-12)
        let scaled = BootstrapPercentile.interval(sorted: [1, 2, 3, 4, 5], scaledBy: 2)
        XCTAssertEqual(scaled?.low ?? .nan, 2.2, accuracy: 1e-12)
        XCTAssertEqual(scaled?.high ?? .nan, 9.8, accuracy: 1e-12)
        XCTAssertNil(BootstrapPercentile.interval([3, .nan, .infinity]))
    }

    /// P(K ≤ k) of Poisson(1): e⁻¹, 2e⁻¹, 2.5e⁻¹, 8e⁻¹/3; a draw's weight is the first k with
    /// u < P(K ≤ k), so 0.3 → 0, 0.5 → 1, 0.99 → 4 (P(K ≤ 3) = 0.98101, P(K ≤ 4) = 0.99634),
    /// and the weights' mean, Σₖ P(K > k), is 1 but for the tail beyond 12 (about 7e-11).
    func testPoissonWeightsByHand() {
        let e = 0.36787944117144233
        XCTAssertEqual(PoissonBootstrap.cumulative.count, 12)
        XCTAssertEqual(PoissonBootstrap.cumulative[0], e)
        XCTAssertEqual(PoissonBootstrap.cumulative[1], 2 * e, accuracy: 1e-15)
        XCTAssertEqual(PoissonBootstrap.cumulative[2], 2.5 * e, accuracy: 1e-15)
        XCTAssertEqual(PoissonBootstrap.cumulative[3], 8 * e / 3, accuracy: 1e-15)
        XCTAssertEqual(PoissonBootstrap.weight(of: 0), 0)
        XCTAssertEqual(PoissonBootstrap.weight(of: 0.3), 0)
        XCTAssertEqual(PoissonBootstrap.weight(of: e), 1)
        XCTAssertEqual(PoissonBootstrap.weight(of: 0.5), 1)
        XCTAssertEqual(PoissonBootstrap.weight(of: 0.99), 4)
        XCTAssertEqual(PoissonBootstrap.weight(of: 1.0.nextDown), PoissonBootstrap.largestWeight)
        XCTAssertEqual(PoissonBootstrap.cumulative.reduce(0) { $0 + (1 - $1) }, 1, accuracy: 1e-9)
    }

    /// Each part of [0, 1) that no cumulative probability divides has the weight of every draw
    /// in it; the five that one divides (e⁻¹·256 = 94.2, …) are marked −1.
    func testTheWeightsOfWholeParts() {
        let parts = PoissonBootstrap.weightOfPart
        XCTAssertEqual(parts.indices.filter { parts[$0] < 0 }, [94, 188, 235, 251, 255])
        for j in parts.indices where parts[j] >= 0 {
            let n = Double(PoissonBootstrap.partCount)
            for u in [Double(j) / n, (Double(j) + 0.5) / n, (Double(j + 1) / n).nextDown] {
                XCTAssertEqual(Int(parts[j]), PoissonBootstrap.weight(of: u), "part \(j), u \(u)")
            }
        }
    }
}
