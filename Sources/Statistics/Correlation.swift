// Spearman's rank correlation and the Pearson correlation it is computed as.

/// Correlation coefficients of paired values.
public enum Correlation {
    /// Spearman's ρ: Pearson's correlation of the two samples' ranks (`ranks`, ties at their
    /// average rank; Spearman 1904). NaN when either side is constant.
    /// - Precondition: `x.count == y.count`.
    public static func spearman(_ x: [Double], _ y: [Double]) -> Double {
        pearson(ranks(x), ranks(y))
    }

    /// Ranks 1…n in the order given, ties given their average rank (midranks).
    public static func ranks(_ values: [Double]) -> [Double] {
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

    /// Pearson's product-moment correlation Σ(a − ā)(b − b̄) / √(Σ(a − ā)²·Σ(b − b̄)²) (two-pass;
    /// NaN when either side is constant).
    public static func pearson(_ a: [Double], _ b: [Double]) -> Double {
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
