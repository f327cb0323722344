// `merge DIR... --out DIR`: combines the shards of one study into exactly the
// files the unsplit run writes, under the output folder's lock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Merges shard result directories.
public enum ShardMerge {
    /// Reads each shard's state.json and runs.csv, checks they are the N shards of
    /// one study, and writes the merged results into `output`. With `reproducible`
    /// (or shards that recorded no time) the manifest records no wall-clock time and no commit.
    /// Shards of another model than this program's are refused unless `allowDifferentModels`.
    /// - Returns: the merged state and the paths written.
    public static func merge(_ directories: [String], into output: String, commandLine: [String],
                             reproducible: Bool = false, allowDifferentModels: Bool = false) throws(StudyError) -> (state: StudyState, files: [String]) {
        guard !directories.isEmpty else { throw .invalid("merge needs at least one shard directory") }
        // The output is locked before any shard is read, so that no other writer can start on it meanwhile.
        try checkOutputIsNoInput(output, directories)
        if let problem = OutputFolder.problem(output, ownFolderOnly: true) { throw .invalid(problem) }
        let lock: FolderLock
        do { lock = try FolderLock.acquire(try OutputFolder.resolve(output), command: commandLine) } catch { throw .io(error.description) }
        defer { lock.release() }
        // Each shard is read as one set, even if it is rewritten meanwhile.
        let snapshots = directories.map { InputSnapshot($0, names: ["state.json", "runs.csv"]) }
        defer { withExtendedLifetime(snapshots) {} }
        var shards: [(String, StudyState)] = []
        for directory in directories { shards.append((directory, try readState(directory))) }
        shards.sort { $0.1.shard!.index < $1.1.shard!.index }
        try checkComplete(shards)
        let otherModels = try checkModels(shards, allowDifferent: allowDifferentModels)
        var merged = shards[0].1
        merged.shard = nil
        merged.model = StudyProgram.model
        merged.elapsedSeconds = 0
        merged.timeRecorded = !reproducible && shards.allSatisfy { $0.1.timeRecorded }
        merged.points = merged.layout.points.map { _ in PointAccumulator() }
        for (_, state) in shards {
            for p in merged.points.indices { merged.points[p].merge(state.points[p]) }
            merged.elapsedSeconds += state.elapsedSeconds
        }
        let work: String
        do { work = try lock.makeWorkFolder() } catch { throw .io(error.description) }
        defer { FileTree.remove(work) }
        let temporary = POSIXFiles.join(work, "runs.csv")
        try mergeRuns(shards.map { POSIXFiles.join($0.0, "runs.csv") }, layout: merged.layout, into: temporary)
        var info = ManifestInfo(commandLine: commandLine, timeTakenSeconds: merged.timeRecorded ? merged.elapsedSeconds : nil,
                                mergedFrom: directories)
        info.recordsCommit = !reproducible
        info.otherModels = otherModels
        return (merged, try StudyOutput.write(merged, to: output, runsSource: temporary, info: info, lock: lock))
    }

    /// `--out` must not be one of the shards (or hold one): the merge would replace its own input.
    private static func checkOutputIsNoInput(_ output: String, _ directories: [String]) throws(StudyError) {
        guard let out = POSIXFiles.realPath(output) else { return }
        for directory in directories {
            guard let input = POSIXFiles.realPath(directory) else { continue }
            if input == out || input.hasPrefix(out + "/") {
                throw .invalid("--out \(output) is the shard folder \(directory) (or holds it); write the merged results to another folder")
            }
        }
    }

    /// A shard's state.
    private static func readState(_ directory: String) throws(StudyError) -> StudyState {
        let path = POSIXFiles.join(directory, "state.json")
        switch TextFile.contents(of: path) {
        case .failure(let f): throw .invalid("\(path): cannot read the shard state: \(f.reason) (is \(directory) the output of 'run --shard K/N'?)")
        case .success(let text):
            do {
                let state = try StudyState(json: try JSON5.parse(text))
                guard state.shard != nil else { throw StateDecodingError("not the state of a shard") }
                return state
            } catch {
                throw .invalid("\(path): \(error)")
            }
        }
    }

    /// Every shard must have been run by this program's model code, unless `allowDifferent`.
    /// - Returns: the shards' models other than this program's, in order of first appearance.
    private static func checkModels(_ shards: [(String, StudyState)], allowDifferent: Bool) throws(StudyError) -> [String] {
        var others: [String] = []
        for (_, state) in shards where state.model != StudyProgram.model && !others.contains(state.model) { others.append(state.model) }
        guard let (directory, state) = shards.first(where: { $0.1.model != StudyProgram.model }), !allowDifferent else { return others }
        throw .invalid("\(directory) was run by other model code (model \(state.model.prefix(12))) than this surfacesim "
                       + "(model \(StudyProgram.model.prefix(12))): the merged results would mix models. Run every shard with "
                       + "one build, or pass --allow-different-models to merge them anyway")
    }

    /// The shards must be 1…N of one N, of the same study, each once.
    private static func checkComplete(_ shards: [(String, StudyState)]) throws(StudyError) {
        let first = shards[0].1
        let n = first.shard!.count
        for (directory, state) in shards where state.fingerprint != first.fingerprint {
            throw .invalid("\(directory) is a shard of another study than \(shards[0].0) (scenario, seed, replications or version differ)")
        }
        for (directory, state) in shards where state.shard!.count != n {
            throw .invalid("\(directory) is shard \(state.shard!) but \(shards[0].0) is shard \(first.shard!)")
        }
        let indices = shards.map { $0.1.shard!.index }
        for k in 1...n where indices.filter({ $0 == k }).count != 1 {
            let count = indices.filter { $0 == k }.count
            throw .invalid(count == 0 ? "shard \(k)/\(n) is missing" : "shard \(k)/\(n) is given \(count) times")
        }
        // Each shard holds its own part of every point: the replications r % N = K − 1.
        for (directory, state) in shards {
            let path = POSIXFiles.join(directory, "state.json")
            guard state.points.count == first.layout.points.count else {
                throw .invalid("\(path): it holds \(state.points.count) points but the study has \(first.layout.points.count)")
            }
            let expected = state.shard!.replicationCount(of: first.layout.replications)
            for (p, point) in state.points.enumerated() where point.replications != expected {
                throw .invalid("\(path): point \(first.layout.points[p].name) holds \(point.replications) replications, "
                               + "but shard \(state.shard!) of \(first.layout.replications) replications runs \(expected)")
            }
        }
    }

    /// Interleaves the shards' runs.csv rows back into (point, replication) order.
    private static func mergeRuns(_ paths: [String], layout: StudyLayout, into destination: String) throws(StudyError) {
        var readers: [CSVRecordReader] = []
        for path in paths {
            do { readers.append(try CSVRecordReader(path: path)) } catch {
                throw error.refusedBySystem ? .io("\(path): cannot read: \(error.reason)") : .invalid("\(path): \(error.reason)")
            }
        }
        let check = RunsRowCheck(columns: layout.columns)
        let header = CSVLine.record(check.header)
        for reader in readers {
            guard let found = try next(reader) else { throw .invalid("\(reader.path): the file is empty; expected runs.csv's header") }
            if found.text != header {
                throw .invalid("\(reader.path):\(reader.line): "
                               + (ResultField.headerProblem(found.fields, expected: check.header, file: "runs.csv") ?? "the header differs from this study's runs.csv"))
            }
        }
        let out: RunsFile
        do { out = try RunsFile.create(destination) } catch { throw .io(error.description) }
        defer { out.close() }
        out.append(header)
        for (p, point) in layout.points.enumerated() {
            for r in 0..<layout.replications {
                let reader = readers[r % paths.count]
                guard let record = try next(reader) else {
                    throw .invalid("\(reader.path):\(reader.line): the file ends where the row of point \(point.name) replication \(r) should be: it is cut short")
                }
                // Each row as `run` writes it, with the seed the study gives that replication.
                if let problem = check.problem(record.fields, point: point.name, values: point.fields, replication: r,
                                               seed: layout.seed(point: p, replication: r)) {
                    throw .invalid("\(reader.path):\(reader.line): \(problem)")
                }
                out.append(record.text)
            }
        }
        for reader in readers where try next(reader) != nil {
            throw .invalid("\(reader.path):\(reader.line): a row beyond this study's replications")
        }
        do { try out.sync() } catch { throw .io(error.description) }
    }

    /// The reader's next record; a malformed one is named by file and line.
    private static func next(_ reader: CSVRecordReader) throws(StudyError) -> (text: String, fields: [String])? {
        do {
            return try reader.next()
        } catch {
            throw .invalid("\(reader.path):\(error.line): \(error.message)")
        }
    }
}
