// `merge DIR... --out DIR` (SPEC §5): combines the shards of one study into
// exactly the files the unsplit run writes.
import Foundation

/// Merges shard result directories.
public enum ShardMerge {
    /// Reads each shard's state.json and runs.csv, checks they are the N shards of
    /// one study, and writes the merged results into `output`.
    /// - Returns: the merged state and the paths written.
    public static func merge(_ directories: [String], into output: String,
                             commandLine: [String]) throws(StudyError) -> (state: StudyState, files: [String]) {
        guard !directories.isEmpty else { throw .invalid("merge needs at least one shard directory") }
        var shards: [(String, StudyState)] = []
        for directory in directories { shards.append((directory, try readState(directory))) }
        shards.sort { $0.1.shard!.index < $1.1.shard!.index }
        try checkComplete(shards)
        var merged = shards[0].1
        merged.shard = nil
        merged.elapsedSeconds = 0
        merged.points = merged.layout.points.map { _ in PointAccumulator() }
        for (_, state) in shards {
            for p in merged.points.indices { merged.points[p].merge(state.points[p]) }
            merged.elapsedSeconds += state.elapsedSeconds
        }
        let temporary = POSIXFiles.temporaryPath(for: POSIXFiles.join(output, "runs.csv"))
        do {
            try POSIXFiles.createDirectories(output)
            try mergeRuns(shards.map { POSIXFiles.join($0.0, "runs.csv") }, layout: merged.layout, into: temporary)
            let info = ManifestInfo(commandLine: commandLine, timeTakenSeconds: merged.elapsedSeconds, mergedFrom: directories)
            let files = try StudyOutput.write(merged, to: output, runsSource: temporary, info: info)
            return (merged, files)
        } catch let error as StudyError {
            unlink(temporary)
            throw error
        } catch {
            unlink(temporary)
            throw .io("\(error)")
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
    }

    /// Interleaves the shards' runs.csv rows back into (point, replication) order.
    private static func mergeRuns(_ paths: [String], layout: StudyLayout, into destination: String) throws -> Void {
        var readers: [CSVRecordReader] = []
        for path in paths {
            do { readers.append(try CSVRecordReader(path: path)) } catch {
                throw StudyError.invalid("\(path): cannot read: \(error.reason)")
            }
        }
        let header = CSVLine.record(RunsTable.header(columns: layout.columns))
        for (path, reader) in zip(paths, readers) where try reader.next()?.text != header {
            throw StudyError.invalid("\(path): the header differs from this study's runs.csv")
        }
        let out = try RunsFile.create(destination)
        out.append(header)
        let replicationColumn = 1 + layout.columns.count
        for point in layout.points {
            for r in 0..<layout.replications {
                let path = paths[r % paths.count]
                guard let record = try readers[r % paths.count].next(), record.fields.count > replicationColumn,
                      record.fields[0] == point.name, record.fields[replicationColumn] == String(r) else {
                    throw StudyError.invalid("\(path): expected the row of point \(point.name) replication \(r)")
                }
                out.append(record.text)
            }
        }
        for (path, reader) in zip(paths, readers) where try reader.next() != nil {
            throw StudyError.invalid("\(path): rows beyond this study's replications")
        }
        try out.sync()
        out.close()
    }
}
