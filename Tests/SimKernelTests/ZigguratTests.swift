import XCTest
import Glibc
@testable import SimKernel
import TestSupport

/// The ziggurat draws of `RandomStream`: its tables have the shape the method needs, and the
/// variates have the exact distributions, in the body, in the wedges and in the tails.
final class ZigguratTests: XCTestCase {
    /// The normal's density without its constant, and its tail area beyond `r`: ∫ᵣ^∞ e^(−x²/2) dx.
    private func normalTail(_ r: Double) -> Double { (Double.pi / 2).squareRoot() * erfc(r / 2.0.squareRoot()) }

    /// Every layer has the same area: the 255 rectangles `x[i]·(f[i+1] − f[i])`, and the bottom
    /// one (the rectangle under `f(r)` to `r` and the tail) alike; the edges fall from `x[0]` to 0.
    func testLayersHaveEqualAreasAndEdgesFall() {
        typealias Tables = (x: [Double], f: [Double], r: Double)
        let normal: Tables = (ZigguratTables.normalX, ZigguratTables.normalF, ZigguratTables.normalR)
        let exponential: Tables = (ZigguratTables.exponentialX, ZigguratTables.exponentialF, ZigguratTables.exponentialR)
        for (name, t, tail) in [("normal", normal, normalTail(normal.r)), ("exponential", exponential, exp(-exponential.r))] {
            let bottom = t.r * t.f[1] + tail
            XCTAssertEqual(t.x[0] * t.f[1], bottom, accuracy: bottom * 1e-9, "\(name): the bottom layer")
            for i in 1...255 {
                XCTAssertGreaterThan(t.x[i], t.x[i + 1], "\(name): edge \(i)")
                let area = t.x[i] * (t.f[i + 1] - t.f[i])
                // The top layer closes the recursion: its area is what the others leave (to 1e-6).
                XCTAssertEqual(area, bottom, accuracy: bottom * (i == 255 ? 1e-6 : 1e-9), "\(name): layer \(i)")
            }
            XCTAssertEqual(t.x[256], 0)
            XCTAssertEqual(t.f[256], 1)
        }
    }

    /// The tables written out as constants are the builder's, bit for bit, with glibc's `exp` and
    /// `log` (which wrote them): every draw of every study depends on them. Another C library
    /// may round those in the last place; the constants, not its functions, then still define
    /// the draws, the same on every platform.
    func testTheConstantTablesAreTheBuildersBitForBit() {
        for (name, built, x, f) in [("normal", Ziggurat.builtNormal(), ZigguratTables.normalX, ZigguratTables.normalF),
                                    ("exponential", Ziggurat.builtExponential(), ZigguratTables.exponentialX, ZigguratTables.exponentialF)] {
            XCTAssertEqual(x.count, 257, name)
            XCTAssertEqual(f.count, 257, name)
            XCTAssertEqual(built.x.map(\.bitPattern), x.map(\.bitPattern), "\(name): edges")
            XCTAssertEqual(built.f.map(\.bitPattern), f.map(\.bitPattern), "\(name): densities")
        }
    }

    /// The largest gap between the empirical CDF of `xs` and `cdf` (Kolmogorov–Smirnov).
    private func ksDistance(_ xs: [Double], _ cdf: (Double) -> Double) -> Double {
        let sorted = xs.sorted()
        let n = Double(sorted.count)
        var d = 0.0
        for (k, x) in sorted.enumerated() {
            let F = cdf(x)
            d = max(d, abs(F - Double(k) / n), abs(Double(k + 1) / n - F))
        }
        return d
    }

    /// 400,000 draws each against the exact CDFs: the Kolmogorov–Smirnov distance stays below
    /// 1.95/√n (a 0.1% test); a layer drawn with the wrong weight or edge moves it by ~1/256.
    func testDrawsFollowTheExactDistributions() {
        let n = 400_000
        var rng = RandomStream(seed: 25)
        let normals = (0..<n).map { _ in rng.standardNormal() }
        let exponentials = (0..<n).map { _ in rng.standardExponential() }
        let critical = 1.95 / Double(n).squareRoot()
        XCTAssertLessThan(ksDistance(normals) { 0.5 * erfc(-$0 / 2.0.squareRoot()) }, critical, "normal")
        XCTAssertLessThan(ksDistance(exponentials) { 1 - exp(-$0) }, critical, "exponential")
        XCTAssertEqual(normals.filter { $0 < 0 }.count, n / 2, accuracy: Int(Tolerance.proportion(0.5, n: n) * Double(n)))
    }

    /// The tails (the bottom layer's draws beyond `r`, about one in 4,000 and one in 2,000): as
    /// often as the exact distributions put there, on both sides for the normal, and beyond
    /// `r + 0.5` as often again as the exact tail says given `r`.
    func testTailsHaveTheirExactWeight() {
        let n = 4_000_000
        var rng = RandomStream(seed: 26)
        let rn = ZigguratTables.normalR, re = ZigguratTables.exponentialR
        var normalBeyond = 0, normalBelow = 0, normalFar = 0, expBeyond = 0, expFar = 0
        for _ in 0..<n {
            let z = rng.standardNormal()
            if z > rn { normalBeyond += 1 }
            if z < -rn { normalBelow += 1 }
            if abs(z) > rn + 0.5 { normalFar += 1 }
            let e = rng.standardExponential()
            if e > re { expBeyond += 1 }
            if e > re + 0.5 { expFar += 1 }
        }
        func expect(_ count: Int, _ p: Double, of trials: Int, _ what: String) {
            let tolerance = Tolerance.proportion(p, n: trials) * Double(trials)
            XCTAssertEqual(Double(count), p * Double(trials), accuracy: tolerance, what)
        }
        let pNormal = 0.5 * erfc(rn / 2.0.squareRoot())
        expect(normalBeyond, pNormal, of: n, "normal beyond r")
        expect(normalBelow, pNormal, of: n, "normal below −r")
        expect(normalFar, erfc((rn + 0.5) / 2.0.squareRoot()) / (2 * pNormal), of: normalBeyond + normalBelow,
               "normal beyond r + 0.5 given beyond r")
        expect(expBeyond, exp(-re), of: n, "exponential beyond r")
        expect(expFar, exp(-0.5), of: expBeyond, "exponential beyond r + 0.5 given beyond r")
    }
}
