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
    /// - Returns: the rows and the paths written.
    public static func compare(_ a: String, _ b: String, into output: String,
                               commandLine: [String]) throws(StudyError) -> (rows: [ContrastRow], files: [String]) {
        // The output is locked before either study is read, and is neither of them.
        try checkOutputIsNoInput(output, [a, b])
        if let problem = OutputFolder.problem(output, ownFolderOnly: true) { throw .invalid(problem) }
        let lock: FolderLock
        do { lock = try FolderLock.acquire(try OutputFolder.resolve(output), command: commandLine) } catch { throw .io(error.description) }
        defer { lock.release() }
        let (sa, sb) = (try FinishedStudy(a), try FinishedStudy(b))
        func metricColumns(_ header: [String]) -> ArraySlice<String> { header.drop { $0 != "seed" } }
        guard metricColumns(sa.runs.header) == metricColumns(sb.runs.header) else {
            throw .invalid("\(sb.runsPath): its metric columns differ from \(sa.runsPath)'s; compare needs two studies of the same version of surfacesim")
        }
        guard sa.points.count == 1 || sa.points.count == sb.points.count else {
            throw .invalid("\(a) has \(sa.points.count) points and \(b) has \(sb.points.count); compare needs one baseline point in \(a), or as many points in both")
        }
        var rows: [ContrastRow] = []
        for (p, point) in sb.points.enumerated() {
            let base = sa.points.count == 1 ? 0 : p
            let (blockA, blockB) = (sa.runs.blocks[base], sb.runs.blocks[p])
            guard blockA.rows == blockB.rows else {
                throw .invalid("\(a) has \(blockA.rows) replications of point \(blockA.name) and \(b) has \(blockB.rows) of point \(blockB.name); pairs need the same replications")
            }
            let columns = sa.points[base].inputs.compactMap(\.meanColumn)
            let pairs = try ContrastStatistic.pairs(columns, resampled: ContrastStatistic.resampled(sa.points[base].inputs),
                                                    baseline: (sa.runs, blockA), point: (sb.runs, blockB), seedsMustMatch: true)
            rows += ContrastStatistic.rows(prefix: [point.name] + point.fields, label: sb.label(p, study: b),
                                           baseline: sa.points[base].inputs, value: point.inputs, pairs: pairs)
        }
        var commit = AtomicWriter(directory: output)
        commit.removesUnwritten = ForestPlot.isFileName
        commit.stage("contrasts.csv", ContrastsTable.render(rows, columns: sb.columns))
        let baseline = sa.points.count == 1 ? sa.label(0, study: a) : "each point of \(StudyCompare.folderName(a))"
        if let svg = ForestPlot.render(rows, baseline: baseline, note: sb.note) { commit.stage(ForestPlot.fileName, svg) }
        let names = commit.stagedNames + ["manifest.json"]
        commit.stage("manifest.json", PrettyJSON.render(JSONBuild.object([
            ("program", .string("surfacesim")),
            ("version", .string(StudyProgram.version)),
            ("commandLine", JSONBuild.array(commandLine.map { .string($0) })),
            ("baseline", .string(a)),
            ("compared", .string(b)),
            ("files", JSONBuild.array(names.map { .string($0) })),
        ])))
        do { try commit.commit(holding: lock) } catch { throw .io(error.description) }
        return (rows, commit.stagedNames.map { POSIXFiles.join(output, $0) })
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

/// What `compare` reads of a finished result folder: summary.csv's figures and runs.csv's replications.
struct FinishedStudy {
    struct Point {
        var name: String
        var fields: [String]
        var inputs: [ContrastInput]
    }

    let directory: String
    let runsPath: String
    let runs: RunsBlocks
    /// The swept parameters.
    let columns: [String]
    let points: [Point]

    /// The folder's files, held as one set while they are read.
    private let snapshot: InputSnapshot

    init(_ directory: String) throws(StudyError) {
        self.directory = directory
        snapshot = InputSnapshot(directory, names: ["summary.csv", "runs.csv"])
        guard POSIXFiles.isDirectory(directory) else {
            throw .invalid("\(directory): \(POSIXFiles.exists(directory) ? "is not a folder" : "no such folder"); name the result folder of a finished 'surfacesim run'")
        }
        let summaryPath = POSIXFiles.join(directory, "summary.csv")
        runsPath = POSIXFiles.join(directory, "runs.csv")
        for path in [summaryPath, runsPath] where POSIXFiles.fileType(path, followingLinks: true) != S_IFREG {
            throw .invalid("\(path): no such file; compare needs the runs.csv and summary.csv of a finished run")
        }
        let records: [[String]]
        switch TextFile.contents(of: summaryPath, limit: TextFile.inputLimit) {
        case .failure(let f):
            throw f.refusedBySystem ? .io("\(summaryPath): cannot read: \(f.reason)") : .invalid("\(summaryPath): \(f.reason)")
        case .success(let text):
            do { records = try CSVParser.parse(text) } catch { throw .invalid("\(summaryPath): \(error)") }
        }
        guard let header = records.first, header.first == "point", let metricAt = header.firstIndex(of: "metric"),
              let meanAt = header.firstIndex(of: "mean"), let p50At = header.firstIndex(of: "p50"),
              let p90At = header.firstIndex(of: "p90"), let unitAt = header.firstIndex(of: "unit") else {
            throw .invalid("\(summaryPath): not a summary.csv (expected point, …, metric, mean, p50, p90, unit columns)")
        }
        columns = Array(header[1..<metricAt])
        runs = try RunsBlocks(path: runsPath)
        let runsColumns = Set(runs.header)
        var points: [Point] = []
        for record in records.dropFirst() where record.count == header.count {
            let input = ContrastInput(metric: record[metricAt], unit: record[unitAt],
                                      mean: Double(record[meanAt]) ?? .nan, p50: Double(record[p50At]) ?? .nan,
                                      p90: Double(record[p90At]) ?? .nan,
                                      meanColumn: [record[metricAt] + ".mean", record[metricAt]].first(where: runsColumns.contains))
            if points.last?.name == record[0] { points[points.count - 1].inputs.append(input) } else {
                points.append(Point(name: record[0], fields: Array(record[1..<metricAt]), inputs: [input]))
            }
        }
        guard !points.isEmpty, points.map(\.name) == runs.blocks.map(\.name),
              points.allSatisfy({ $0.inputs.map(\.metric) == points[0].inputs.map(\.metric) }) else {
            throw .invalid("\(directory): summary.csv and runs.csv do not hold the same points; is the run finished?")
        }
        self.points = points
    }

    /// A point's label: its name for named points, its swept values for a grid, the study's
    /// folder name without a sweep.
    func label(_ p: Int, study: String) -> String {
        if columns.isEmpty { return StudyCompare.folderName(study) }
        if Int(points[p].name) == nil { return points[p].name }
        return points[p].fields.joined(separator: ", ")
    }

    /// " (a, b)" naming the swept parameters of a grid's labels.
    var note: String { points.contains { Int($0.name) == nil } ? "" : StudyPlots.columnsNote(columns) }
}
