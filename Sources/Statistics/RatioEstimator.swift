// A ratio of sums over replications, with the replications as clusters: the estimator of a
// sampled metric pooled over replications (Σ values / Σ samples) and of a fraction of events
// pooled over replications (Σ events / Σ trials).

/// One replication's contribution to a ratio: the sum of its values (or its events) and how
/// many there were (its samples, or its trials). A replication with no samples is still a
/// cluster: it adds 0 to both sums and counts in the number of replications.
public struct Cluster: Sendable, Equatable {
    public var sum: Double
    public var count: Double
    public init(sum: Double, count: Double) {
        self.sum = sum
        self.count = count
    }
}

/// The ratio estimator R = Σyᵢ / Σnᵢ over m replications (clusters), with the delta method's
/// variance Var(R) ≈ Σ(yᵢ − R·nᵢ)² / (m(m − 1)·n̄²), n̄ = Σnᵢ/m (Cochran, Sampling
/// Techniques, 3rd ed., section 6.4 and section 11.8, replications as first-stage units), and a Student-t
/// interval on m − 1 degrees of freedom.
///
/// The estimate is the pooled mean itself, so it lies in its own interval by construction;
/// replications with more samples weigh more, as they do in the pooled mean.
public enum RatioEstimator {
    /// R and its interval; NaN without any sample; no interval with fewer than two replications.
    /// `bounds` clamps the interval to the metric's range (e.g. 0…∞ for a staleness, 0…1 for a
    /// fraction): clamping never lowers coverage of a true value that lies in the range.
    public static func estimate(_ clusters: [Cluster], confidence: Double = 0.95,
                                bounds: ClosedRange<Double> = -Double.infinity...Double.infinity) -> Estimate {
        let m = clusters.count
        let totalCount = clusters.reduce(0) { $0 + $1.count }
        guard m > 0, totalCount > 0 else { return Estimate(value: .nan, low: .nan, high: .nan, method: .none) }
        let ratio = clusters.reduce(0) { $0 + $1.sum } / totalCount
        guard m > 1 else { return Estimate(value: ratio, low: .nan, high: .nan, method: .none) }
        let residualSquares = clusters.reduce(0) { acc, c in
            let e = c.sum - ratio * c.count
            return acc + e * e
        }
        return estimate(ratio: ratio, residualSumOfSquares: residualSquares, meanCount: totalCount / Double(m),
                        replications: m, confidence: confidence, bounds: bounds)
    }

    /// The interval from the sums a caller keeps: R, Σ(yᵢ − R·nᵢ)², n̄ and m.
    public static func estimate(ratio: Double, residualSumOfSquares: Double, meanCount: Double, replications m: Int,
                                confidence: Double = 0.95,
                                bounds: ClosedRange<Double> = -Double.infinity...Double.infinity) -> Estimate {
        guard m > 1, meanCount > 0, ratio.isFinite else {
            return Estimate(value: ratio, low: .nan, high: .nan, method: .none)
        }
        let variance = Swift.max(0, residualSumOfSquares) / (Double(m) * Double(m - 1) * meanCount * meanCount)
        let half = StudentT.critical(confidence: confidence, degreesOfFreedom: m - 1) * variance.squareRoot()
        return Estimate(value: ratio, low: Swift.max(ratio - half, bounds.lowerBound),
                        high: Swift.min(ratio + half, bounds.upperBound), method: .clusterRatio)
    }

    /// Σ(yᵢ − R·nᵢ)² from centred co-moments, for callers that accumulate sums rather than
    /// keep every replication: Syy − 2R·Syn + R²·Snn, where S are sums of centred squares and
    /// cross products (the uncentred term m(ȳ − R·n̄)² is 0 because R = ȳ/n̄).
    public static func residualSumOfSquares(ratio r: Double, syy: Double, syn: Double, snn: Double) -> Double {
        Swift.max(0, syy - 2 * r * syn + r * r * snn)
    }
}

/// Two ratio estimators over the same replications (common random numbers: replication r of
/// the baseline and of the variant ran on the same seed), compared pair by pair.
public struct PairedRatios: Sendable {
    /// The baseline's estimate R_A and the variant's R_B.
    public let baseline: Estimate, value: Estimate
    /// R_B − R_A with its interval: the delta method on the paired linearised residuals
    /// zᵢ = (y_Bi − R_B·n_Bi)/n̄_B − (y_Ai − R_A·n_Ai)/n̄_A, Var = Σzᵢ² / (m(m − 1)).
    public let difference: Estimate
    /// R_B / R_A with its interval, from the interval of log(R_B/R_A) (NaN unless both are
    /// above 0).
    public let ratio: Estimate
    /// (Var(R_A) + Var(R_B)) / Var(R_B − R_A): how many times smaller pairing made the
    /// variance of the difference than independent studies would have.
    public let varianceReduction: Double

    /// Pairs `baseline[i]` with `value[i]`; the arrays must have one entry per replication, in
    /// the same order.
    public init(baseline a: [Cluster], value b: [Cluster], confidence: Double = 0.95) {
        precondition(a.count == b.count, "paired ratios need one pair per replication: \(a.count) against \(b.count)")
        baseline = RatioEstimator.estimate(a, confidence: confidence)
        value = RatioEstimator.estimate(b, confidence: confidence)
        let m = a.count
        let (ra, rb) = (baseline.value, value.value)
        let none = Estimate(value: rb - ra, low: .nan, high: .nan, method: .none)
        guard m > 1, ra.isFinite, rb.isFinite else {
            difference = none
            ratio = Estimate(value: rb / ra, low: .nan, high: .nan, method: .none)
            varianceReduction = .nan
            return
        }
        let nA = a.reduce(0) { $0 + $1.count } / Double(m), nB = b.reduce(0) { $0 + $1.count } / Double(m)
        var zz = 0.0, aa = 0.0, bb = 0.0, logs = 0.0
        for i in 0..<m {
            let ea = (a[i].sum - ra * a[i].count) / nA, eb = (b[i].sum - rb * b[i].count) / nB
            zz += (eb - ea) * (eb - ea)
            aa += ea * ea
            bb += eb * eb
            if ra > 0, rb > 0 { logs += (eb / rb - ea / ra) * (eb / rb - ea / ra) }
        }
        let scale = Double(m) * Double(m - 1)
        let t = StudentT.critical(confidence: confidence, degreesOfFreedom: m - 1)
        let half = t * (zz / scale).squareRoot()
        difference = Estimate(value: rb - ra, low: rb - ra - half, high: rb - ra + half, method: .clusterRatio)
        if ra > 0, rb > 0 {
            let logHalf = t * (logs / scale).squareRoot()
            let r = rb / ra
            ratio = Estimate(value: r, low: r * CMath.exp(-logHalf), high: r * CMath.exp(logHalf), method: .clusterRatio)
        } else {
            ratio = Estimate(value: rb / ra, low: .nan, high: .nan, method: .none)
        }
        varianceReduction = zz > 0 ? (aa + bb) / zz : .infinity
    }
}
