// A small seeded generator for the tests' simulated studies (the module itself draws nothing).
import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014) with uniform, normal and exponential draws.
struct TestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform on (0, 1).
    mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992 }

    /// Standard normal by Box–Muller (one of the pair).
    mutating func normal() -> Double {
        let u = uniform(), v = uniform()
        return (-2 * Foundation.log(u)).squareRoot() * Foundation.cos(2 * Double.pi * v)
    }

    mutating func exponential(mean: Double) -> Double { -mean * Foundation.log(uniform()) }

    mutating func bernoulli(_ p: Double) -> Bool { uniform() < p }
}

/// The one-sided floor a coverage measured over `studies` independent studies may not fall
/// below when the true coverage is `nominal`: nominal − 3.09·√(nominal(1 − nominal)/studies)
/// (one false alarm in a thousand for a correct interval; fixed seeds make it deterministic).
func coverageFloor(nominal: Double, studies: Int) -> Double {
    nominal - 3.09 * (nominal * (1 - nominal) / Double(studies)).squareRoot()
}
