// The difference of two per-replication means over the same replications (common random
// numbers), with its paired interval.

/// Paired replications of a per-replication metric: replication i of the baseline and of the
/// variant ran on the same seed.
public struct PairedMeans: Sendable {
    /// The variant's mean minus the baseline's, with the Student-t interval of the mean of
    /// the paired differences on m − 1 degrees of freedom.
    public let difference: Estimate
    /// The two-sided p-value of "no difference" (the paired t test), for a family's Holm
    /// correction.
    public let pValue: Double
    /// (Var A + Var B) / Var(B − A).
    public let varianceReduction: Double

    public init(baseline a: [Double], value b: [Double], confidence: Double = 0.95) {
        precondition(a.count == b.count, "paired means need one pair per replication: \(a.count) against \(b.count)")
        let m = a.count
        let differences = zip(a, b).map { $1 - $0 }
        difference = ReplicationMean.estimate(differences, confidence: confidence)
        guard m > 1 else { pValue = .nan; varianceReduction = .nan; return }
        let variance = { (x: [Double]) -> Double in
            let mean = x.reduce(0, +) / Double(m)
            return x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(m - 1)
        }
        let vd = variance(differences)
        varianceReduction = vd > 0 ? (variance(a) + variance(b)) / vd : .infinity
        if vd > 0 {
            let t = difference.value / (vd / Double(m)).squareRoot()
            pValue = 2 * StudentT.cdf(-abs(t), degreesOfFreedom: Double(m - 1))
        } else {
            // Every pair differs by the same constant: no doubt about the difference's sign
            // unless that constant is 0.
            pValue = difference.value == 0 ? 1 : 0
        }
    }
}

/// Holm's step-down correction (Holm 1979) of a family of p-values: controls the chance of
/// any false "differs" in the family at the nominal level, under any dependence between the
/// tests.
public enum Holm {
    /// The adjusted p-values, in the order given: sorted ascending, the i-th (from 0) is
    /// multiplied by (n − i), made non-decreasing, and capped at 1. NaN stays NaN and does not
    /// count in the family.
    public static func adjusted(_ p: [Double]) -> [Double] {
        let valid = p.indices.filter { !p[$0].isNaN }.sorted { (p[$0], $0) < (p[$1], $1) }
        var result = p
        var running = 0.0
        for (rank, index) in valid.enumerated() {
            running = Swift.max(running, Swift.min(1, Double(valid.count - rank) * p[index]))
            result[index] = running
        }
        return result
    }
}
