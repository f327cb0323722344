// `surfacesim compare DIR_A DIR_B [--out DIR]`: two finished studies paired by seed
// (docs/cli.md, docs/output.md `contrasts.csv`).

/// Pairs two finished studies replication by replication and writes their contrasts.
public struct CompareVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "compare",
            abstract: "Pair two finished studies by seed and write contrasts.csv and a forest plot (A is the baseline).",
            discussion: """
            Reads runs.csv and summary.csv of both result folders. Replication r of a point of B is \
            paired with replication r of its baseline point in A, and their seeds must be equal \
            (studies whose seeds differ are exit status 2, and so are studies whose manifest.json \
            name different models, unless --allow-different-models): every point of B against A's only \
            point, or point i against point i when both have as many. The mean's interval and the \
            variance reduction come from the paired runs.csv values, and so do the p50 and p90 \
            intervals of per-replication metrics (a Poisson bootstrap weighted by each row's \
            seed). A sampled metric's p50 and p90 (each surface's staleness) get their figures, \
            difference and ratio but no interval, since a finished folder keeps no \
            per-replication histograms (a study with several points run as one gets them in its \
            own contrasts.csv).
            """.split(separator: "\n").joined(separator: " "),
            arguments: [ArgumentSpec("dir_a", help: "The baseline study's result folder."),
                        ArgumentSpec("dir_b", help: "The result folder of the study contrasted with it.")],
            options: [
                OptionSpec("--out", value: "dir", help: "Folder for contrasts.csv and contrasts-forest.svg.",
                           default: "Results/compare-<A's folder name>-vs-<B's folder name>/"),
                OptionSpec("--allow-different-models", help: "Compare studies whose manifest.json names different model code (or none); refused otherwise."),
                OptionSpec("--by", value: "path", help: "Pair each point of B with A's point at the same value of this swept parameter (repeatable), and add the baseline_point, within and p_value columns.", repeatable: true),
                OptionSpec("--holm", help: "Add p_holm, Holm's adjusted p-value over each metric's family of rows."),
                OptionSpec("--quiet", help: "Print nothing but errors."),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let (a, b) = (arguments.positionals[0], arguments.positionals[1])
        let out = arguments.value("--out") ?? StudyCompare.defaultDirectory(a, b)
        let result: (rows: [ContrastRow], count: Int, files: [String])
        do {
            result = try StudyCompare.compare(a, b, into: out, by: arguments.all("--by"), holm: arguments.flag("--holm"),
                                              commandLine: context.commandLine,
                                              allowDifferentModels: arguments.flag("--allow-different-models"))
        } catch {
            throw .from(error)
        }
        if !arguments.flag("--quiet") {
            var text = "Contrasts of \(b) against \(a): \(result.count) rows.\n"
            for row in result.rows where row.statistic == "mean" && row.metric.hasSuffix(".staleness") && row.figures.difference.isFinite {
                let f = row.figures
                func s(_ x: Double) -> String { x.isFinite ? PlotNumber.fixed(x, decimals: 1) : "–" }
                text += "  \(row.label) \(row.metric) mean: \(f.difference > 0 ? "+" : "")\(s(f.difference)) s (95% CI \(s(f.differenceLow)) to "
                    + "\(s(f.differenceHigh)) s), ratio \(f.ratio.isFinite ? PlotNumber.fixed(f.ratio, decimals: 2) : "–"), variance reduction \(f.varianceReduction.isNaN ? "–" : PlotNumber.fixed(f.varianceReduction, decimals: 1))\n"
            }
            context.console.print(text + result.files.joined(separator: "\n") + "\n")
        }
        return 0
    }
}
