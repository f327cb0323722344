// The two designs of a sampled sweep (docs/scenarios.md#sampled-sweeps), drawn from the
// design's own seed so the same scenario always runs the same points.
import SimKernel

/// A Latin hypercube in [0, 1]^k.
enum LatinHypercube {
    /// `n` points: for each dimension, a random permutation of the `n` strata
    /// [i/n, (i+1)/n) and a uniform position inside each stratum.
    static func points(_ n: Int, dimensions k: Int, seed: UInt64) -> [[Double]] {
        var random = RandomStream(seed: SeedMixer.streamSeed(replicationSeed: seed, name: "sample.lhs"))
        var result = Array(repeating: [Double](repeating: 0, count: k), count: n)
        for d in 0..<k {
            var strata = Array(0..<n)
            for i in stride(from: n - 1, to: 0, by: -1) { strata.swapAt(i, random.index(i + 1)) }
            for i in 0..<n { result[i][d] = (Double(strata[i]) + random.uniform()) / Double(n) }
        }
        return result
    }
}

/// Morris trajectories (Morris 1991, with the 4-level grid and Δ = 2/3 of Campolongo et al. 2007).
enum MorrisDesign {
    /// The grid's levels: 0, 1/3, 2/3, 1.
    static let levels = 4
    /// The step: p / (2(p − 1)) = 2/3 of the range.
    static let step = Double(levels) / Double(2 * (levels - 1))

    /// `r` trajectories of `k + 1` points each, in order: a random start on the grid,
    /// then one parameter at a time (in a random order) moved by ±Δ, up from the lower
    /// half of the grid and down from the upper half, so every point stays on the grid.
    static func points(trajectories r: Int, dimensions k: Int, seed: UInt64) -> [[Double]] {
        var random = RandomStream(seed: SeedMixer.streamSeed(replicationSeed: seed, name: "sample.morris"))
        var result: [[Double]] = []
        result.reserveCapacity(r * (k + 1))
        for _ in 0..<r {
            var x = (0..<k).map { _ in Double(random.index(levels)) / Double(levels - 1) }
            var order = Array(0..<k)
            for i in stride(from: k - 1, to: 0, by: -1) { order.swapAt(i, random.index(i + 1)) }
            result.append(x)
            for d in order {
                x[d] += x[d] < 0.5 ? step : -step
                x[d] = (x[d] * Double(levels - 1)).rounded() / Double(levels - 1)
                result.append(x)
            }
        }
        return result
    }

    /// The parameter that changes between consecutive points `a` and `b` of a trajectory.
    static func movedParameter(_ a: [Double], _ b: [Double]) -> Int? {
        a.indices.first { a[$0] != b[$0] }
    }
}
