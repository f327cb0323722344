// Checkpoints of a running study in DIR/.partial/ (SPEC §5 `--resume`): the
// completed prefix of replications, the exact state after them, and how much
// of the streamed runs.csv belongs to them.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A resumable point in a study.
struct Checkpoint {
    /// The hidden folder beside the results that holds a running study.
    static let directoryName = ".partial"
    /// The checkpoint file in it.
    static let fileName = "checkpoint.json"
    /// runs.csv as it is being written.
    static let runsName = "runs.csv.part"

    /// Replications finished, counted in run order (point by point).
    var completedTasks: Int
    /// Length of the runs file that holds exactly those replications.
    var runsBytes: Int64
    /// The state after them.
    var state: StudyState

    /// The checkpoint as JSON text.
    func encode() -> String {
        PrettyJSON.render(JSONBuild.object([
            ("completedTasks", .number(Double(completedTasks))),
            ("runsBytes", .number(Double(runsBytes))),
            ("state", state.json()),
        ]))
    }

    /// Writes the checkpoint atomically into `partial`.
    func save(in partial: String) throws(AtomicWriteError) {
        let path = POSIXFiles.join(partial, Self.fileName)
        do {
            try AtomicWriter.writeFile(path, encode())
        } catch let error as AtomicWriteError {
            throw error
        } catch {
            throw AtomicWriteError(path: path, message: "\(error)")
        }
    }

    /// The checkpoint in `partial`, nil if there is none.
    /// - Throws: a message if a checkpoint exists but cannot be read.
    static func load(from partial: String) throws(StudyError) -> Checkpoint? {
        let path = POSIXFiles.join(partial, fileName)
        guard TextFile.exists(path) else { return nil }
        let text: String
        switch TextFile.contents(of: path) {
        case .success(let t): text = t
        case .failure(let f): throw .io("\(path): cannot read the checkpoint: \(f.reason)")
        }
        do {
            let node = try JSON5.parse(text)
            guard let tasks = JSONBuild.integer(node, "completedTasks"), let bytes = JSONBuild.integer(node, "runsBytes"),
                  let stateNode = node[key: "state"] else { throw StateDecodingError("malformed checkpoint") }
            return Checkpoint(completedTasks: tasks, runsBytes: Int64(bytes), state: try StudyState(json: stateNode))
        } catch {
            throw .io("\(path): cannot resume from this checkpoint: \(error); run without --resume to start afresh")
        }
    }

    /// Removes the checkpoint folder and what it holds.
    static func remove(_ partial: String) {
        for name in POSIXFiles.entries(of: partial) { unlink(POSIXFiles.join(partial, name)) }
        rmdir(partial)
    }
}
