// Printing and writing the chapter's matrices (probes, failures).
#if canImport(FoundationEssentials)
import FoundationEssentials   // ProcessInfo: the processors this process may use
#else
import Foundation             // (Apple's platforms have no FoundationEssentials module)
#endif
import Surfaces
import SurfaceCore

enum ChapterOutput {
    static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The options both chapter verbs take, with `runs` the verb's default run count.
    static func options(runsHelp: String, runs: Int, out: String, ids: String, export: String) -> [OptionSpec] {
        [
            OptionSpec("--only", value: "id[,id...]", help: "Run only these \(ids); the CSV then holds only their rows.", default: "all"),
            OptionSpec("--export", value: "dir", help: export),
            OptionSpec("--runs", value: "n", help: runsHelp, default: String(runs)),
            OptionSpec("--seed", value: "s", help: "Base seed.", default: "1"),
            OptionSpec("--jobs", value: "j", help: "Worker threads.", default: "the number of active processors"),
            OptionSpec("--out", value: "dir", help: "Result folder.", default: out + "/"),
            OptionSpec("--quiet", help: "Print nothing but errors."),
        ]
    }

    /// Runs a chapter study with the parsed options, writes its CSV into the result folder
    /// (and, with `--export DIR`, the scenario files `export` gives into DIR), and prints its
    /// table unless quiet.
    static func run(_ arguments: ParsedArguments, context: VerbContext, runs defaultRuns: Int, out defaultOut: String,
                    file: String, export: (_ runs: Int, _ seed: UInt64) -> [String: String],
                    study: (_ runs: Int, _ seed: UInt64, _ jobs: Int) -> (csv: String, table: String)) throws(CLIFailure) -> Int32 {
        let runs = try arguments.integer("--runs", minimum: 1, maximum: 1_000_000) ?? defaultRuns
        let seed = try arguments.seed() ?? 1
        let jobs = try arguments.jobs() ?? defaultJobs
        let out = arguments.value("--out") ?? defaultOut
        let exportDir = arguments.value("--export")
        // Input checks first (2), then the folders are locked (3) before the study runs, so a
        // second writer is refused at once.
        if let problem = OutputFolder.problem(out, ownFolderOnly: true) { throw .input(problem) }
        if let exportDir, let problem = ExportFolder.problem(exportDir) { throw .input(problem) }
        if let exportDir, let real = POSIXFiles.intendedPath(exportDir), real == POSIXFiles.intendedPath(out) {
            throw .usage("--export: name another folder than --out (\(out))")
        }
        let lock = try acquire(out, context: context)
        defer { lock.release() }
        if let exportDir {
            let exportLock = try acquire(exportDir, context: context)
            defer { exportLock.release() }
            try write(export(runs, seed), to: exportDir, lock: exportLock)
        }
        let result = study(runs, seed, jobs)
        try write([file: result.csv], to: out, lock: lock)
        if !arguments.flag("--quiet") {
            context.console.print(result.table)
            if let exportDir { context.console.print("Wrote the scenario files into \(exportDir)/\n") }
            context.console.print("Wrote \(out)/\(file)\n")
        }
        return 0
    }

    /// Locks a result folder (made if missing).
    private static func acquire(_ dir: String, context: VerbContext) throws(CLIFailure) -> FolderLock {
        do { return try FolderLock.acquire(try OutputFolder.resolve(dir), command: context.commandLine) } catch {
            throw .environment(error.description)
        }
    }

    /// Writes the files atomically into `dir`, whose lock the caller holds.
    static func write(_ files: [String: String], to dir: String, lock: FolderLock) throws(CLIFailure) {
        var writer = AtomicWriter(directory: dir)
        for (name, text) in files.sorted(by: { $0.key < $1.key }) { writer.stage(name, text) }
        do { try writer.commit(holding: lock) } catch { throw .environment("cannot write \(dir): \(error)") }
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    static func percent(_ x: Double) -> String { x.isNaN ? "  –" : String(Int((x * 100).rounded())) + "%" }

    /// The probe matrix: per (probe, design), each reading's share; the predicted one marked.
    static func probeTable(_ rows: [ProbeStudy.Row]) -> String {
        var text = pad("probe", 7) + pad("design", 21) + "readings (share of runs; * = the chapter's prediction)\n"
        for v in ProbeStudy.verdicts(rows) {
            let cells = rows.filter { $0.probe == v.probe && $0.design == v.design && ($0.share > 0 || $0.predicted) }
                .map { ($0.predicted ? "*" : "") + $0.reading + " " + percent($0.share) }
            text += pad(v.probe, 7) + pad(v.design, 21) + cells.joined(separator: ", ")
            text += v.agrees ? "\n" : "   <- majority differs from the chapter\n"
        }
        let agree = ProbeStudy.verdicts(rows).filter(\.agrees).count
        text += "\(agree) of \(ProbeStudy.verdicts(rows).count) designs: the majority reading is the chapter's.\n"
        return text
    }

    /// The failure table: per failure, how often each variant shows it and how large it is.
    static func failureTable(_ rows: [FailureStudy.Row]) -> String {
        var text = pad("failure", 25) + pad("causes", 9) + pad("avoids", 9) + pad("metric", 28) + "size (causes / avoids)\n"
        var ok = 0, total = 0
        let ids = rows.map(\.failure).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for id in ids {
            guard let c = rows.first(where: { $0.failure == id && $0.variant == "causes" }),
                  let a = rows.first(where: { $0.failure == id && $0.variant == "avoids" }) else { continue }
            total += 1
            if c.share > 0 && a.share == 0 { ok += 1 }
            text += pad(id, 25) + pad(percent(c.share), 9) + pad(percent(a.share), 9) + pad(c.metric, 28)
                + CSVNumber.format(c.value) + " / " + CSVNumber.format(a.value) + "\n"
        }
        text += "\(ok) of \(total) failures: observed under causes and never under avoids.\n"
        return text
    }
}
