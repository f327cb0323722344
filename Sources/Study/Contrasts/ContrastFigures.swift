// The figures of one contrasts.csv row (docs/output.md `contrasts.csv`): baseline and value
// as summary.csv prints them, their difference and ratio with 95 % intervals, and the
// variance reduction pairing gave.
import Statistics

/// One row's numbers, NaN where a figure does not exist (written as an empty field).
public struct ContrastFigures: Sendable, Equatable {
    /// The baseline's and the point's figure, as summary.csv prints them (read back).
    public var baseline, value: Double
    /// value − baseline and its 95 % interval.
    public var difference, differenceLow, differenceHigh: Double
    /// value / baseline (NaN when the baseline is 0) and its 95 % interval.
    public var ratio, ratioLow, ratioHigh: Double
    /// (var_A + var_B) / var(A − B) over the pairs.
    public var varianceReduction: Double
    /// The two-sided p-value of "no difference" from the same paired estimate as the
    /// difference's interval (`PairedTest`; NaN for a quantile, whose interval is a bootstrap's,
    /// and wherever there is no interval). Written only with `observe.contrasts`.
    public var pValue = Double.nan

    /// The figures as CSV fields, in header order.
    var fields: [String] {
        [baseline, value, difference, differenceLow, differenceHigh, ratio, ratioLow, ratioHigh, varianceReduction].map(CSVNumber.format)
    }

    /// A figure as summary.csv prints it, read back (NaN for an empty field), so that the
    /// contrasts of `run` and of `compare` (which reads summary.csv) agree to the digit.
    static func printed(_ x: Double) -> Double { Double(CSVNumber.format(x)) ?? .nan }

    /// The two figures with their difference and ratio, and no intervals.
    init(baseline: Double, value: Double) {
        (self.baseline, self.value) = (Self.printed(baseline), Self.printed(value))
        difference = self.value - self.baseline
        ratio = self.baseline == 0 ? .nan : self.value / self.baseline
        (differenceLow, differenceHigh, ratioLow, ratioHigh, varianceReduction) = (.nan, .nan, .nan, .nan, .nan)
    }

    /// A mean's contrast. `baseline` and `value` stay the figures summary.csv prints; the
    /// difference, the ratio, their intervals and the variance reduction are the paired
    /// estimate over `pairs` (`PairedMeanEstimate`), all from the same replications. A
    /// per-point metric, which has one value per point and no pairs (`pairs` nil), gets the
    /// difference and ratio of its two figures and no interval.
    /// A sampled metric's mean contrast. Its `baseline` and `value` are the pooled means
    /// summary.csv prints (Σ samples / Σ counts over the replications), and so is the estimate:
    /// the difference value − baseline and the ratio value / baseline, with the intervals of
    /// that same estimator over the paired replications, each side a ratio of sums with the
    /// replications as clusters (`PairedRatioMoments`, docs/statistics.md): the interval is
    /// centred on the difference it is printed beside, and comes from the same pairs.
    static func pooledMean(baseline: Double, value: Double, pairs: PairedRatioMoments) -> ContrastFigures {
        var f = ContrastFigures(baseline: baseline, value: value)
        guard f.difference.isFinite else { return f }
        let (half, logHalf, reduction) = pairs.intervals()
        if half.isFinite {
            let difference = Estimate.symmetric(f.difference, halfWidth: half, method: .clusterRatio)
            (f.differenceLow, f.differenceHigh) = (difference.low, difference.high)
        }
        if f.ratio.isFinite, f.ratio > 0, logHalf.isFinite {
            let ratio = Estimate.logSymmetric(ratio: f.ratio, logHalfWidth: logHalf, method: .clusterRatio)
            (f.ratioLow, f.ratioHigh) = (ratio.low, ratio.high)
        }
        f.varianceReduction = reduction
        f.pValue = PairedTest.pValue(difference: f.difference, halfWidth: half, pairs: pairs.count)
        return f
    }

    static func mean(baseline: Double, value: Double, pairs: PairedMoments?) -> ContrastFigures {
        var f = ContrastFigures(baseline: baseline, value: value)
        guard let pairs else { return f }
        let e = PairedMeanEstimate(pairs)
        (f.difference, f.differenceLow, f.differenceHigh) = (e.difference, e.differenceLow, e.differenceHigh)
        (f.ratio, f.ratioLow, f.ratioHigh) = (e.ratio, e.ratioLow, e.ratioHigh)
        f.varianceReduction = e.varianceReduction
        f.pValue = PairedTest.pValue(difference: e.difference, halfWidth: e.differenceHigh - e.difference, pairs: pairs.count)
        return f
    }

    /// A pooled quantile's contrast from the Poisson bootstraps of both points: replicate k's
    /// difference and ratio of the two quantiles (each replication carries the same weight in
    /// both when the points share seeds, so the bootstrap is paired), their percentile
    /// intervals moved by the full-resolution estimate minus the coarse one (as
    /// `QuantileBootstrap.interval` does), and the replicates' variance reduction.
    static func quantile(_ q: Double, baseline: Double, value: Double,
                         bootstraps: (baseline: QuantileBootstrap, value: QuantileBootstrap)?) -> ContrastFigures {
        var f = ContrastFigures(baseline: baseline, value: value)
        guard let (held, heldValue) = bootstraps, held.replications >= 2, heldValue.replications >= 2,
              f.difference.isFinite else { return f }
        // Each replicate row is read from the bootstraps with every replication counted in
        // (a bootstrap may still hold its first replications as added: settled once here, not
        // once per row read).
        let (b, a) = (held.settled, heldValue.settled)
        var pairs = PairedMoments()
        var differences: [Double] = [], ratios: [Double] = []
        for k in 1...QuantileBootstrap.replicates {
            let (qb, qa) = (b.quantile(q, row: k), a.quantile(q, row: k))
            guard qb.isFinite, qa.isFinite else { continue }
            pairs.add(baseline: qb, value: qa)
            differences.append(qa - qb)
            if qb > 0 { ratios.append(qa / qb) }
        }
        guard differences.count >= 2 else { return f }
        let (cb, ca) = (b.quantile(q, row: 0), a.quantile(q, row: 0))
        differences.sort()
        if let (low, high) = BootstrapPercentile.interval(sorted: differences, movedBy: f.difference - (ca - cb)) {
            (f.differenceLow, f.differenceHigh) = (low, high)
        }
        if f.ratio.isFinite, cb > 0, ca > 0, ratios.count >= 2 {
            ratios.sort()
            if let (low, high) = BootstrapPercentile.interval(sorted: ratios, scaledBy: f.ratio / (ca / cb)) {
                (f.ratioLow, f.ratioHigh) = (low, high)
            }
        }
        f.varianceReduction = pairs.varianceReduction
        return f
    }
}
