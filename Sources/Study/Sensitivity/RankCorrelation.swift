// The effect of a Latin-hypercube study (docs/output.md#sensitivitycsv): the absolute
// Spearman rank correlation between a parameter and a metric's mean over the points, with
// a 95 % interval from Fisher's z transform (the Statistics module's `Correlation` and `FisherZ`).
import Statistics

/// A parameter's effect as Spearman's |ρ| and its interval.
enum RankCorrelation {
    /// The effect of `x` (the parameter's scaled values) on `y` (the metric's means), over
    /// the points where `y` is finite: |ρ| with the interval of ρ (Fisher's z with Spearman's
    /// standard error, `FisherZ.spearmanFactor`) mapped to |ρ|. A metric that does not vary has
    /// effect 0 (no parameter moved it); fewer than 3 finite points give NaN, fewer than 4 no interval.
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
        let rho = Correlation.spearman(pairs.map(\.0), ys)
        guard rho.isFinite else { return result }
        result.effect = abs(rho)
        result.direction = rho > 0 ? 1 : rho < 0 ? -1 : 0
        guard n >= 4 else { return result }
        let interval = FisherZ.interval(correlation: rho, count: n, standardErrorFactor: FisherZ.spearmanFactor)
        (result.low, result.high) = FisherZ.intervalOfMagnitude(interval)
        return result
    }
}
