// `compare DIR_A DIR_B` (docs/cli.md, docs/output.md `contrasts.csv`): two finished studies
// paired replication by replication. A is the baseline; pairs must share their seeds.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Surfaces
import SurfaceCore

/// Contrasts two finished result folders.
public enum StudyCompare {
    /// The default output folder: `Results/compare-<A's folder name>-vs-<B's>/`.
    public static func defaultDirectory(_ a: String, _ b: String) -> String {
        "Results/compare-\(folderName(a))-vs-\(folderName(b))"
    }

    /// The last component of a folder's path.
    static func folderName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? "study"
    }

    /// Pairs A's points with B's: every B point with A's one point, or point i with point i
    /// when both have as many; writes contrasts.csv and the forest plot into `output`.
    /// contrasts.csv is built as the points are paired, and only the rows of each surface's
    /// mean staleness are kept (for the plot and the terminal), so memory follows the file's
    /// bytes, not a row object per (point, metric, statistic).
    /// - Returns: the staleness means' rows, the count of all rows, and the paths written.
    ///
    /// With `by` (`--by PATH`, docs/cli.md) each point of B is paired with A's point that has
    /// the same values of those swept paths (the conditioning levels), and each row gains the
    /// `baseline_point`, `within` and `p_value` columns (and `p_holm` with `holm`, over each
    /// metric's family), as `observe.contrasts` gives them in a run.
    /// Studies whose manifests name different models (or none) are refused unless `allowDifferentModels`.
    public static func compare(_ a: String, _ b: String, into output: String, by: [String] = [], holm: Bool = false,
                               commandLine: [String], allowDifferentModels: Bool = false) throws(StudyError) -> (rows: [ContrastRow], count: Int, files: [String]) {
        // The output is locked before either study is read, and is neither of them.
        try checkOutputIsNoInput(output, [a, b])
        if let problem = OutputFolder.problem(output, ownFolderOnly: true) { throw .invalid(problem) }
        let lock: FolderLock
        do { lock = try FolderLock.acquire(try OutputFolder.resolve(output), command: commandLine) } catch { throw .io(error.description) }
        defer { lock.release() }
        let (sa, sb) = (try FinishedStudy(a), try FinishedStudy(b))
        if !allowDifferentModels { try checkModels((a, sa.model), (b, sb.model)) }
        let (pa, pb) = (sa.summary.points, sb.summary.points)
        let design = by.isEmpty && !holm ? nil : ContrastDesign(within: by, holm: holm)
        var partner: [Int] = []
        if by.isEmpty {
            guard pa.count == 1 || pa.count == pb.count else {
                throw .invalid("\(a) has \(pa.count) points and \(b) has \(pb.count); compare needs one baseline point in \(a), or as many points in both")
            }
            partner = pb.indices.map { pa.count == 1 ? 0 : $0 }
        } else {
            partner = try byLevels(by, sa, a, sb, b)
        }
        // Every pair of points must have the same replications before anything is paired.
        for p in pb.indices {
            let base = partner[p]
            guard pa[base].replications == pb[p].replications else {
                throw .invalid("\(a) has \(pa[base].replications) replications of point \(pa[base].name) and \(b) has "
                               + "\(pb[p].replications) of point \(pb[p].name); pairs need the same replications (run both with the same --runs)")
            }
        }
        var rows: [ContrastRow] = [], count = 0, held: [ContrastRow] = []
        var table = ContrastsTable.Writer(columns: sb.columns, design: design)
        for p in pb.indices {
            let base = partner[p]
            let (blockA, blockB) = (sa.runs.blocks[base], sb.runs.blocks[p])
            let inputsA = sa.inputs(base)
            let columns = inputsA.compactMap(\.meanColumn)
            let pairs = try ContrastStatistic.pairs(columns, ratios: inputsA.compactMap(\.ratioColumns),
                                                    resampled: ContrastStatistic.resampled(inputsA),
                                                    baseline: (sa.runs, blockA), point: (sb.runs, blockB), seedsMustMatch: true)
            var point = ContrastStatistic.rows(prefix: [pb[p].name] + pb[p].fields, label: sb.label(p, study: b),
                                               baseline: inputsA, value: sb.inputs(p), pairs: pairs)
            if design != nil {
                let level = by.map { path in path + "=" + pb[p].fields[sb.columns.firstIndex(of: path)!] }.joined(separator: "; ")
                for i in point.indices { (point[i].baselinePoint, point[i].conditioning) = (pa[base].name, level) }
            }
            count += point.count
            if holm { held += point } else { table.append(point) }
            rows += point.filter { $0.statistic == "mean" && ($0.metric.hasSuffix(".staleness") || ForestPlot.metrics.contains($0.metric)) }
        }
        if holm {
            // The family needs every row before any is written.
            ContrastsTable.adjustHolm(&held)
            table.append(held)
        }
        var commit = AtomicWriter(directory: output)
        commit.removesUnwritten = ForestPlot.isFileName
        commit.stage("contrasts.csv", bytes: table.line.bytes)
        let baseline = !by.isEmpty ? "\(StudyCompare.folderName(a)) at the same " + by.joined(separator: ", ")
            : pa.count == 1 ? sa.label(0, study: a) : "each point of \(StudyCompare.folderName(a))"
        if let svg = ForestPlot.render(rows, baseline: baseline, note: sb.note) { commit.stage(ForestPlot.fileName, svg) }
        let names = commit.stagedNames + ["manifest.json"]
        commit.stage("manifest.json", PrettyJSON.render(JSONBuild.object([
            ("program", .string("surfacesim")),
            ("version", .string(StudyProgram.version)),
            ("model", .string(StudyProgram.model)),
            ("commandLine", JSONBuild.array(commandLine.map { .string($0) })),
            ("baseline", .string(a)),
            ("compared", .string(b)),
            ("files", JSONBuild.array(names.map { .string($0) })),
        ])))
        do { try commit.commit(holding: lock) } catch { throw .io(error.description) }
        return (rows, count, commit.stagedNames.map { POSIXFiles.join(output, $0) })
    }

    /// Both studies must name the same model in their manifest.json: a difference between
    /// them would otherwise be read as the effect of the design when the code changed too.
    static func checkModels(_ a: (String, String?), _ b: (String, String?)) throws(StudyError) {
        for (study, model) in [a, b] where model == nil {
            throw .invalid("\(POSIXFiles.join(study, "manifest.json")): names no 'model' (written by an older surfacesim, or missing), so "
                           + "the two studies cannot be shown to come from the same model code; run it again, or pass --allow-different-models")
        }
        guard let ma = a.1, let mb = b.1, ma != mb else { return }
        throw .invalid("\(a.0) and \(b.0) were run by different model code (model \(ma.prefix(12)) and \(mb.prefix(12)) in their "
                       + "manifest.json): their difference would mix the designs' effect with the code's. Run both with one build, "
                       + "or pass --allow-different-models")
    }

    /// For each point of B, A's point with the same values of the `by` paths.
    /// - Throws: a path not swept in both studies (nearest name), a B point whose level A lacks,
    ///   or a level at which A has several points (exit status 2).
    static func byLevels(_ by: [String], _ sa: FinishedStudy, _ a: String, _ sb: FinishedStudy, _ b: String) throws(StudyError) -> [Int] {
        for path in by {
            for (study, name) in [(sa, a), (sb, b)] where !study.columns.contains(path) {
                let swept = study.columns.isEmpty ? "none" : study.columns.joined(separator: ", ")
                throw .invalid("--by \(path): not a swept parameter of \(name) (it sweeps \(swept))" + NameSuggestion.hint(for: path, among: study.columns))
            }
        }
        func level(_ study: FinishedStudy, _ p: Int) -> [String] { by.map { study.summary.points[p].fields[study.columns.firstIndex(of: $0)!] } }
        var levels: [[String]: Int] = [:]
        for p in sa.summary.points.indices {
            let key = level(sa, p)
            if let other = levels[key] {
                throw .invalid("--by \(by.joined(separator: ",")): \(a) has points \(sa.summary.points[other].name) and \(sa.summary.points[p].name) at "
                               + zip(by, key).map { $0 + "=" + $1 }.joined(separator: ", ") + "; --by needs one baseline point per level in \(a)")
            }
            levels[key] = p
        }
        return try sb.summary.points.indices.map { (p: Int) throws(StudyError) -> Int in
            let key = level(sb, p)
            guard let base = levels[key] else {
                throw .invalid("--by \(by.joined(separator: ",")): \(a) has no point at " + zip(by, key).map { $0 + "=" + $1 }.joined(separator: ", ")
                               + " (point \(sb.summary.points[p].name) of \(b))")
            }
            return base
        }
    }

    /// `--out` must not be one of the compared studies, nor hold one, nor lie inside one: it would rewrite its own input.
    static func checkOutputIsNoInput(_ output: String, _ inputs: [String]) throws(StudyError) {
        guard let out = POSIXFiles.intendedPath(output) else { return }
        for input in inputs {
            guard let study = POSIXFiles.realPath(input) else { continue }
            if study == out || study.hasPrefix(out + "/") || out.hasPrefix(study + "/") {
                throw .invalid("--out \(output) is the study folder \(input) (or holds it, or lies in it); write the comparison to another folder")
            }
        }
    }
}

/// What `compare` reads of a finished result folder: summary.csv's figures and runs.csv's
/// replications, each file checked against what `run` writes (`SummaryFile`, `RunsBlocks`).
struct FinishedStudy {
    let directory: String
    let summary: SummaryFile
    let runs: RunsBlocks
    /// The swept parameters.
    var columns: [String] { summary.columns }
    /// manifest.json's `model`, nil when the folder has no manifest or it names none.
    let model: String?

    /// The folder's files, held as one set while they are read.
    private let snapshot: InputSnapshot

    /// Reads and checks the folder, which may be a symbolic link to one.
    init(_ directory: String) throws(StudyError) {
        self.directory = directory
        snapshot = InputSnapshot(directory, names: ["summary.csv", "runs.csv", "manifest.json"])
        guard TextFile.isDirectory(directory) else {
            throw .invalid("\(directory): \(TextFile.exists(directory) ? "is not a folder" : "no such folder"); name the result folder of a finished 'surfacesim run'")
        }
        let summaryPath = POSIXFiles.join(directory, "summary.csv"), runsPath = POSIXFiles.join(directory, "runs.csv")
        for path in [summaryPath, runsPath] where !TextFile.exists(path) {
            throw .invalid("\(path): no such file; compare needs the runs.csv and summary.csv of a finished run")
        }
        summary = try SummaryFile(path: summaryPath)
        let expected = summary.points.map { RunsBlocks.Expected(name: $0.name, values: $0.fields, count: $0.replications) }
        runs = try RunsBlocks(path: runsPath, columns: summary.columns, expected: expected, source: summaryPath)
        if case .success(let text) = TextFile.contents(of: POSIXFiles.join(directory, "manifest.json")), let node = try? JSON5.parse(text) {
            model = JSONBuild.string(node, "model")
        } else {
            model = nil
        }
    }

    /// Point `p`'s metrics as `ContrastInput`s, one per summary.csv row.
    func inputs(_ p: Int) -> [ContrastInput] {
        ContrastInput.point(summary.points[p].figures.map { ($0.mean, $0.p50, $0.p90) })
    }

    /// A point's label: its name for named points, its swept values for a grid, the study's
    /// folder name without a sweep.
    func label(_ p: Int, study: String) -> String {
        let point = summary.points[p]
        if columns.isEmpty { return StudyCompare.folderName(study) }
        if Int(point.name) == nil { return point.name }
        return point.fields.joined(separator: ", ")
    }

    /// " (a, b)" naming the swept parameters of a grid's labels.
    var note: String { summary.points.contains { Int($0.name) == nil } ? "" : StudyPlots.columnsNote(columns) }
}
