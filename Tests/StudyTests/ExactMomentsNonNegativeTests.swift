import SimKernel
import TestSupport
import XCTest
@testable import Study

/// `ExactMoments.add(nonNegativeFinite:)`, the add a replication's checked samples take, keeps
/// the same count, sum and sum of squares as `add`.
final class ExactMomentsNonNegativeTests: XCTestCase {
    func testCheckedSamplesAddTheSameTermsAsAdd() {
        // Ties of the rounding (a half nanounit), −0, values past 2⁶³ nanounits and squares
        // past the clamp (and past the largest double), and random values of every size.
        let edges: [Double] = [0, -0.0, 0.5e-9, 1.5e-9, 2.5e-9, 0.4999999e-9, 9.0e9, 9.3e9, 1e12, 3e15, 1e25, 1e160,
                               .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        let failing = forEachSeed(0..<30) { seed in
            var rng = RandomStream(seed: seed)
            var checked = ExactMoments(), general = ExactMoments()
            for i in 0..<200 {
                let x = i < edges.count ? edges[i] : rng.uniform() * [1e-9, 1, 1e4, 1e9, 1e12][rng.index(5)]
                checked.add(nonNegativeFinite: x)
                general.add(x)
            }
            return checked == general
        }
        XCTAssertNil(failing, "seed \(failing ?? 0): the checked add's terms differ from add's")
    }

    func testSumAndMomentsStopAtTheFirstInvalidSample() {
        for bad in [-1.0, .nan, .infinity, -.infinity] {
            let (total, moments) = ReplicationFigures.sumAndMoments([1, 2, bad, 4])
            XCTAssertEqual(total, 3)
            XCTAssertEqual(moments.count, 2, "\(bad) stops the pass")
        }
        XCTAssertEqual(ReplicationFigures.sumAndMoments([0, -0.0, 5]).moments.count, 3, "−0 is a valid sample")
    }
}
