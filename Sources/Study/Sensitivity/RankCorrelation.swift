// The effect of a Latin-hypercube study (docs/output.md#sensitivitycsv): the absolute
// Spearman rank correlation between a parameter and a metric's mean over the points, with
// a 95 % interval from Fisher's z transform.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Spearman's ρ and its interval.
enum RankCorrelation {
    /// The standard error factor of z = atanh(ρ) for Spearman's ρ: 1.06/√(n − 3)
    /// (Fieller, Hartley and Pearson 1957), slightly wider than Pearson's 1/√(n − 3).
    static let fisherFactor = 1.06
    /// The normal 0.975 quantile.
    static let z975 = 1.959963984540054

    /// The effect of `x` (the parameter's scaled values) on `y` (the metric's means), over
    /// the points where `y` is finite: |ρ| with the interval of ρ mapped to |ρ|. A metric
    /// that does not vary has effect 0 (no parameter moved it); fewer than 3 finite points
    /// give NaN, fewer than 4 no interval.
    static func effect(parameter: String, x: [Double], y: [Double]) -> SensitivityEffect {
        let pairs = zip(x, y).filter { $0.1.isFinite }
        let n = pairs.count
        var result = SensitivityEffect(parameter: parameter, effect: .nan, low: .nan, high: .nan)
        guard n >= 3 else { return result }
        let ys = pairs.map(\.1)
        if ys.allSatisfy({ $0 == ys[0] }) {
            (result.effect, result.low, result.high) = (0, 0, 0)
            return result
        }
        let rho = pearson(ranks(pairs.map(\.0)), ranks(ys))
        guard rho.isFinite else { return result }
        result.effect = abs(rho)
        result.direction = rho > 0 ? 1 : rho < 0 ? -1 : 0
        guard n >= 4 else { return result }
        let z = atanh(Swift.min(Swift.max(rho, -0.999_999_999), 0.999_999_999))
        let half = z975 * fisherFactor / Double(n - 3).squareRoot()
        let (lo, hi) = (tanh(z - half), tanh(z + half))
        // The interval of |ρ|: the image of ρ's interval under the absolute value.
        if lo >= 0 { (result.low, result.high) = (lo, hi) }
        else if hi <= 0 { (result.low, result.high) = (-hi, -lo) }
        else { (result.low, result.high) = (0, Swift.max(-lo, hi)) }
        return result
    }

    /// Ranks 1…n, ties given their average rank.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
        var ranks = [Double](repeating: 0, count: values.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && values[order[j + 1]] == values[order[i]] { j += 1 }
            let average = Double(i + j) / 2 + 1
            for k in i...j { ranks[order[k]] = average }
            i = j + 1
        }
        return ranks
    }

    /// Pearson's correlation (NaN when either side is constant).
    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let (ma, mb) = (a.reduce(0, +) / n, b.reduce(0, +) / n)
        var (sab, saa, sbb) = (0.0, 0.0, 0.0)
        for (x, y) in zip(a, b) {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        guard saa > 0, sbb > 0 else { return .nan }
        return sab / (saa * sbb).squareRoot()
    }
}
