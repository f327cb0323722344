import SimKernel

/// Runs `body` once per seed and reports the first seed that fails, so any
/// failure can be replayed by its seed (as swift-collections' tests do).
public func forEachSeed(_ seeds: Range<UInt64>, _ body: (UInt64) throws -> Bool) rethrows -> UInt64? {
    for seed in seeds where !(try body(seed)) { return seed }
    return nil
}

/// Tolerances derived from the sample size, for statistical tests that never
/// flake with a fixed seed yet catch a wrong model.
public enum Tolerance {
    /// Half-width of a z-sigma interval for a mean of `n` draws with standard deviation `sd`.
    public static func mean(sd: Double, n: Int, z: Double = 5) -> Double {
        z * sd / Double(max(n, 1)).squareRoot()
    }
    /// Half-width of a z-sigma interval for an observed proportion with true value `p` over `n` trials.
    public static func proportion(_ p: Double, n: Int, z: Double = 5) -> Double {
        z * (max(p * (1 - p), 1e-12) / Double(max(n, 1))).squareRoot()
    }
}
