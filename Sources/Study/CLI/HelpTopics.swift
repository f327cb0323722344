// `surfacesim help parameters` and `surfacesim help metrics`: the references
// generated from the catalogues, so they never drift from the code.
import Surfaces
import SurfaceCore

/// The parameter and metric references.
enum HelpTopics {
    /// Every parameter path, its kind, its default on `profile` and its meaning.
    static func parameters(profile: PlatformProfile = .ios) -> String {
        let defaults = Parameters.defaults(for: profile)
        var text = HelpLayout.paragraph("""
        PARAMETERS: every path a scenario file or --set may set, with its kind and its \(profile.rawValue) default \
        (--platform \(PlatformProfile.allCases.map(\.rawValue).joined(separator: "|")) shows a profile's; values from \
        the file or --set beat them, also when a sweep varies 'platform'), and where the default comes from: \
        sourced (a platform's documentation, a field measurement or a platform's source code, named), assumed \
        (published nowhere: a plausible range and the reason), design (a choice of the app's design) or \
        scenario (a choice of the study: the person's behaviour, the world studied). A scenario's 'surfaces: \
        ["widget", ...]' sets X.enabled for every surface X: true if named, else false. \
        'observe.report: ["share.lost", ...]' (or --set observe.report=share.lost,share.latency) lists \
        the metrics, by the names 'help metrics' gives, that the table 'run' prints and its charts show \
        (default: each surface's staleness and blank share; with no widget, watch, live status or car \
        on, the metrics of the surfaces that are); the CSV files keep every metric. \
        Durations take units (250ms, 30s, 15m, 2h, 1d); sizes too (512KB, 120MB). A distribution is a \
        duration or {exponential: {mean}}, {uniform: {low, high}}, {lognormal: {median, sigma or p95}}, \
        {normal: {mean, sd}}, {constant: v}, {empirical: [v, ...]}. A rate is a number per hour or \
        {perHour: n, profile: [24 hourly weights]}. Every value is checked against the range shown before         anything runs; a distribution's durations are at most 1000d, its sizes at most 1TB, a lognormal's         sigma at most 5. A study runs at most 100000 points and 100000000 replications in all.
        """, indent: 0) + "\n"
        for spec in ParameterIndex.shared.specs {
            let value = ProfileDefaults.readable(spec, in: defaults, profile: profile)
            let range = spec.range.map { "; accepts " + ValueDecoder.describe(spec, $0) } ?? ""
            text += "  \(spec.path)  (\(kindName(spec.kind)), default \(value)\(range))\n"
            text += HelpLayout.paragraph(spec.doc, indent: 6)
            if let source = spec.source(on: profile) {
                text += HelpLayout.paragraph("\(source.status): \(source.note)", indent: 6)
            }
        }
        return text
    }

    /// Every metric, its unit, its shape and its meaning.
    static func metrics() -> String {
        var text = HelpLayout.paragraph("""
        METRICS: every metric in summary.csv, in order. A sampled metric has one value per glance, change, \
        item or activity (runs.csv: M.mean, M.p50, M.p90, M.p99 per replication; summary.csv: n, mean, sd \
        and quantiles over all samples of a point, the confidence interval over the replications' means). \
        A per-replication metric has one value per replication (runs.csv: M; summary.csv: all figures over \
        the replications that have a value).
        """, indent: 0) + "\n"
        for spec in MetricCatalog.specs + MetricCatalog.pointMetrics {
            let shape = MetricCatalog.pointMetrics.contains(spec) ? "per point"
                : spec.shape == .sampled ? "sampled" : "per replication"
            text += "  \(spec.name)  (\(spec.unit), \(shape))\n" + HelpLayout.paragraph(spec.doc, indent: 6)
        }
        return text
    }

    /// A kind in a few words.
    static func kindName(_ kind: ParameterKind) -> String {
        switch kind {
        case .bool: return "true or false"
        case .probability: return "probability"
        case .nonNegative: return "number ≥ 0"
        case .count: return "whole number ≥ 0"
        case .seed: return "seed"
        case .time: return "duration"
        case .optionalTime: return "duration or null"
        case .size: return "size"
        case .timeDistribution: return "distribution of durations"
        case .sizeDistribution: return "distribution of sizes"
        case .rate: return "rate per hour"
        case .choice(let names): return "one of " + names.joined(separator: ", ")
        case .steps(let names): return "list of " + names.joined(separator: ", ")
        }
    }
}
