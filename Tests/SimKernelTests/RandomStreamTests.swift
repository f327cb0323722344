import XCTest
@testable import SimKernel
import TestSupport

final class RandomStreamTests: XCTestCase {
    func testXoshiro256StarStarReferenceOutputs() {
        // Reference vector of xoshiro256** from state (1, 2, 3, 4).
        var rng = RandomStream(seed: 0)
        (rng.s0, rng.s1, rng.s2, rng.s3) = (1, 2, 3, 4)
        XCTAssertEqual([rng.next(), rng.next(), rng.next(), rng.next()],
                       [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240])
    }

    func testSeedExpansionIsSplitMix64() {
        // The state is four consecutive SplitMix64 outputs; first outputs of seed 42
        // computed by an independent implementation.
        var rng = RandomStream(seed: 42)
        XCTAssertEqual([rng.next(), rng.next(), rng.next()],
                       [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1])
    }

    func testSameSeedSameSequence() {
        var a = RandomStream(seed: 123_456_789), b = RandomStream(seed: 123_456_789)
        for _ in 0..<1_000 { XCTAssertEqual(a.next(), b.next()) }
        var c = RandomStream(seed: 7), d = RandomStream(seed: 7)
        for _ in 0..<100 {
            XCTAssertEqual(c.uniform(), d.uniform())
            XCTAssertEqual(c.standardNormal(), d.standardNormal())
            XCTAssertEqual(c.index(17), d.index(17))
        }
    }

    func testDifferentSeedsDiffer() {
        var a = RandomStream(seed: 1), b = RandomStream(seed: 2)
        let xs = (0..<100).map { _ in a.next() }, ys = (0..<100).map { _ in b.next() }
        XCTAssertEqual(zip(xs, ys).filter { $0 == $1 }.count, 0)
    }

    func testZeroSeedIsUsable() {
        var rng = RandomStream(seed: 0)
        let draws = Set((0..<100).map { _ in rng.next() })
        XCTAssertEqual(draws.count, 100)
    }

    func testStreamDrawsDependOnlyOnReplicationSeedAndName() {
        let rs = SeedMixer.replicationSeed(scenarioSeed: 7, point: 3, replication: 11)
        // Alone.
        var alone = RandomStream(replicationSeed: rs, name: "user")
        let expected = (0..<200).map { _ in alone.next() }
        // With another stream created first and used in between.
        var push = RandomStream(replicationSeed: rs, name: "push")
        var user = RandomStream(replicationSeed: rs, name: "user")
        var pushDraws: [UInt64] = []
        var userDraws: [UInt64] = []
        for k in 0..<200 {
            for _ in 0..<(k % 3) { pushDraws.append(push.next()) }
            userDraws.append(user.next())
        }
        XCTAssertEqual(userDraws, expected)
        // Different names differ; same name, same draws.
        var push2 = RandomStream(replicationSeed: rs, name: "push")
        let p2 = (0..<pushDraws.count).map { _ in push2.next() }
        XCTAssertEqual(p2, pushDraws)
        XCTAssertNotEqual(Array(pushDraws.prefix(50)), Array(expected.prefix(50)))
        // A different replication changes the stream.
        var other = RandomStream(replicationSeed: rs &+ 1, name: "user")
        XCTAssertNotEqual(other.next(), expected[0])
        // The named initialiser is the documented stream seed.
        var bySeed = RandomStream(seed: SeedMixer.streamSeed(replicationSeed: rs, name: "user"))
        XCTAssertEqual(bySeed.next(), expected[0])
        XCTAssertEqual(expected[0], 0x5A27_7D1C_0A20_DD60, "independently computed first draw")
    }

    func testUniformRangeMeanAndVariance() {
        var rng = RandomStream(seed: 5)
        let n = 200_000
        var sum = 0.0, sumSq = 0.0, lo = 1.0, hi = 0.0
        for _ in 0..<n {
            let u = rng.uniform()
            sum += u; sumSq += u * u
            lo = min(lo, u); hi = max(hi, u)
        }
        XCTAssertGreaterThanOrEqual(lo, 0)
        XCTAssertLessThan(hi, 1)
        let mean = sum / Double(n)
        XCTAssertEqual(mean, 0.5, accuracy: Tolerance.mean(sd: (1.0 / 12).squareRoot(), n: n))
        // Var(U²) = 1/5 - 1/9 = 4/45.
        XCTAssertEqual(sumSq / Double(n), 1.0 / 3, accuracy: Tolerance.mean(sd: (4.0 / 45).squareRoot(), n: n))
    }

    func testUniformChiSquaredGoodnessOfFit() {
        var rng = RandomStream(seed: 20_240_601)
        let bins = 100, n = 1_000_000
        var counts = [Int](repeating: 0, count: bins)
        for _ in 0..<n { counts[Int(rng.uniform() * Double(bins))] += 1 }
        let expected = Double(n) / Double(bins)
        let chi2 = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        // Critical values of chi-squared with 99 df at tail probability 1e-6:
        // upper 180.79 (too uneven), lower 45.83 (too even to be random).
        XCTAssertLessThan(chi2, 180.79)
        XCTAssertGreaterThan(chi2, 45.83)
    }

    func testIndexIsUniformOverAnOddRange() {
        var rng = RandomStream(seed: 31)
        let k = 7, n = 210_000
        var counts = [Int](repeating: 0, count: k)
        var outOfRange = 0
        for _ in 0..<n {
            let i = rng.index(k)
            if i >= 0 && i < k { counts[i] += 1 } else { outOfRange += 1 }
        }
        XCTAssertEqual(outOfRange, 0)
        let p = 1.0 / Double(k)
        for c in counts {
            XCTAssertEqual(Double(c) / Double(n), p, accuracy: Tolerance.proportion(p, n: n))
        }
        let expected = Double(n) / Double(k)
        let chi2 = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        XCTAssertLessThan(chi2, 38.26, "chi-squared, 6 df, tail 1e-6")
        var one = RandomStream(seed: 1)
        for _ in 0..<100 { XCTAssertEqual(one.index(1), 0) }
    }

    func testIndexOverALargeRangeUsesTheHighBits() {
        // With n = 2^40 the low bits of a multiply-high are not used: halves are even.
        var rng = RandomStream(seed: 77)
        let n = 100_000
        var upper = 0
        for _ in 0..<n where rng.index(1 << 40) >= 1 << 39 { upper += 1 }
        XCTAssertEqual(Double(upper) / Double(n), 0.5, accuracy: Tolerance.proportion(0.5, n: n))
    }

    func testBernoulliProportion() {
        var rng = RandomStream(seed: 8)
        for p in [0.01, 0.3, 0.75] {
            let n = 100_000
            var hits = 0
            for _ in 0..<n where rng.bernoulli(p) { hits += 1 }
            XCTAssertEqual(Double(hits) / Double(n), p, accuracy: Tolerance.proportion(p, n: n), "p = \(p)")
        }
        for _ in 0..<1_000 {
            XCTAssertFalse(rng.bernoulli(0))
            XCTAssertTrue(rng.bernoulli(1))
        }
    }

    func testExponentialAndNormalMoments() {
        var rng = RandomStream(seed: 9)
        let n = 200_000
        var e = 0.0, z = 0.0, zz = 0.0, eMin = Double.infinity
        for _ in 0..<n {
            let x = rng.exponential(mean: 3)
            e += x; eMin = min(eMin, x)
            let g = rng.standardNormal()
            z += g; zz += g * g
        }
        XCTAssertGreaterThanOrEqual(eMin, 0)
        XCTAssertEqual(e / Double(n), 3, accuracy: Tolerance.mean(sd: 3, n: n))
        XCTAssertEqual(z / Double(n), 0, accuracy: Tolerance.mean(sd: 1, n: n))
        // Var(Z²) = 2.
        XCTAssertEqual(zz / Double(n), 1, accuracy: Tolerance.mean(sd: 2.0.squareRoot(), n: n))
    }

    func testWorksAsASystemRandomNumberGenerator() {
        var a = RandomStream(seed: 4), b = RandomStream(seed: 4)
        let xs = (0..<20).map { _ in Int.random(in: 0..<1_000, using: &a) }
        let ys = (0..<20).map { _ in Int.random(in: 0..<1_000, using: &b) }
        XCTAssertEqual(xs, ys)
    }
}
