// `surfacesim plot CSV --out SVG` — an ECDF or histogram from
// distributions.csv or runs.csv, a sweep line chart from summary.csv.

/// Draws one plot from a result CSV.
public struct PlotVerb: Verb {
    /// The plot kinds.
    static let kinds = ["ecdf", "histogram", "line"]
    /// The statistics of summary.csv a line chart can show.
    static let statistics = ["mean", "p05", "p50", "p90", "p95", "p99", "max"]

    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "plot",
            abstract: "Draw an ECDF, a histogram, or a sweep line chart from a result CSV.",
            discussion: "From distributions.csv: an ECDF of a metric per point, or its histogram at one point. From runs.csv: an ECDF per point or a histogram of one column. From summary.csv of a sweep: a statistic of a metric against a swept parameter, one line per combination of the other swept parameters. Its bands are the paired 95% intervals of each point's difference from the baseline where the study's contrasts.csv is beside summary.csv (the question of a sweep is a difference), else the mean's own 95% interval; a statistic without an interval has no band.",
            arguments: [ArgumentSpec("csv", help: "distributions.csv, summary.csv or runs.csv of a study.")],
            options: [
                OptionSpec("--out", value: "svg", help: "The SVG file to write.", required: true),
                OptionSpec("--kind", value: "kind", help: "ecdf, histogram or line.", default: "line for summary.csv, ecdf otherwise"),
                OptionSpec("--metric", value: "name", help: "The metric (for runs.csv, the column).", default: "widget.staleness, or widget.staleness.mean in runs.csv"),
                OptionSpec("--x", value: "path", help: "The swept parameter on the x axis of a line chart.", default: "the first swept parameter"),
                OptionSpec("--stat", value: "stat", help: "The statistic of a line chart: mean, p05, p50, p90, p95, p99 or max.", default: "p50"),
                OptionSpec("--point", value: "p", help: "The point whose histogram to draw from distributions.csv.", default: "the first point"),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let path = arguments.positionals[0]
        let kind = arguments.value("--kind")
        if let kind, !Self.kinds.contains(kind) {
            throw .usage("--kind: expected one of ecdf, histogram, line, found '\(kind)'"
                         + NameSuggestion.hint(for: kind, among: Self.kinds))
        }
        let stat = arguments.value("--stat") ?? "p50"
        guard Self.statistics.contains(stat) else {
            throw .usage("--stat: expected one of " + Self.statistics.joined(separator: ", ") + ", found '\(stat)'")
        }
        let metric = arguments.value("--metric")
        let table = try ResultTable(path: path, metric: metric ?? "widget.staleness", column: metric ?? "widget.staleness.mean")
        let svg: String
        switch table.kind {
        case .distributions:
            svg = try table.distributionsPlot(kind: kind ?? "ecdf", metric: metric ?? "widget.staleness", point: arguments.value("--point"))
        case .summary:
            svg = try table.sweepPlot(kind: kind ?? "line", metric: metric ?? "widget.staleness", x: arguments.value("--x"), stat: stat)
        case .runs:
            svg = try table.runsPlot(kind: kind ?? "ecdf", column: metric ?? "widget.staleness.mean")
        }
        let out = arguments.value("--out")!
        try OutputFile.write(svg, to: out)
        context.console.print("\(out)\n")
        return 0
    }
}
