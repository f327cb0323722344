// sensitivity.csv of a sampled study (docs/output.md#sensitivitycsv): every metric of
// summary.csv, every sampled parameter, its effect with a 95 % interval, and its rank.

/// The effects of a sampled study.
public enum SensitivityAnalysis {
    /// One metric's effects, in rank order.
    struct MetricEffects {
        var metric: String
        var effects: [SensitivityEffect]
    }

    /// Every metric's effects, in summary.csv's metric order, each in rank order.
    static func effects(_ state: StudyState, design: SampleDesign) -> [MetricEffects] {
        let parameters = design.ranges.map(\.path)
        let means = MetricMeans.of(state)
        switch design.method {
        case .lhs:
            let x = design.realizedPoints()
            return means.map { metric, y in
                let effects = parameters.indices.map { i in
                    RankCorrelation.effect(parameter: parameters[i], x: x.map { $0[i] }, y: y)
                }
                return MetricEffects(metric: metric, effects: SensitivityRanking.ranked(effects))
            }
        case .morris:
            let morris = MorrisEffects(design)
            return means.map { metric, y in
                MetricEffects(metric: metric, effects: SensitivityRanking.ranked(morris.effects(y, parameters: parameters)))
            }
        }
    }

    /// The header: `metric,parameter,effect,effect_ci95_low,effect_ci95_high,rank`, then
    /// `sigma` for Morris, then `overlaps`.
    public static func header(_ method: SampleMethod) -> [String] {
        ["metric", "parameter", "effect", "effect_ci95_low", "effect_ci95_high", "rank"] + (method == .morris ? ["sigma"] : [])
            + [overlapsColumn]
    }

    /// The column naming the parameters whose 95 % intervals overlap the row's, joined by
    /// `overlapsSeparator` in rank order; empty when none does.
    public static let overlapsColumn = "overlaps"
    /// The separator of the parameter names in `overlapsColumn`.
    public static let overlapsSeparator = ";"

    /// sensitivity.csv.
    static func render(_ effects: [MetricEffects], method: SampleMethod) -> String {
        var table = CSVTable(header: header(method))
        for metric in effects {
            let overlaps = SensitivityOverlap.overlapping(metric.effects)
            for (rank, e) in metric.effects.enumerated() {
                var row = [metric.metric, e.parameter] + [e.effect, e.low, e.high].map(CSVNumber.format) + [String(rank + 1)]
                if method == .morris { row.append(CSVNumber.format(e.sigma)) }
                row.append(overlaps[rank].joined(separator: overlapsSeparator))
                table.append(row)
            }
        }
        return table.render()
    }
}
