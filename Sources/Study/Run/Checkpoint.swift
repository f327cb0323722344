// Checkpoints of a running study in DIR/.partial/ (`run --resume`): the
// completed prefix of replications, the exact state after them, and how much
// of the streamed runs.csv belongs to them (its length and checksum).
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
    /// The FNV-1a 64 checksum of those bytes.
    var runsChecksum: UInt64
    /// The state after them.
    var state: StudyState

    /// Writes the checkpoint atomically into `partial` as JSON (`completedTasks`, `runsBytes`,
    /// `runsChecksum`, `state`), streamed a point at a time into a temporary file that is flushed and renamed into place (the
    /// checkpoint of a sweep of many points is never one text in memory).
    func save(in partial: String) throws(AtomicWriteError) {
        let path = POSIXFiles.join(partial, Self.fileName)
        let temporary = POSIXFiles.temporaryPath(for: path)
        do {
            let file = try RunsFile.create(temporary)
            defer { file.close() }
            file.append("{\n  \"completedTasks\": \(completedTasks),\n  \"runsBytes\": \(runsBytes),\n"
                        + "  \"runsChecksum\": \"\(FNV1a.hex(runsChecksum))\",\n  \"state\": ")
            state.writeJSON { file.append($0) }
            file.append("\n}\n")
            try file.sync()
            try POSIXFiles.moveIntoPlace(temporary, path)
        } catch {
            unlink(temporary)
            throw error
        }
        POSIXFiles.syncDirectory(partial)
    }

    /// The checkpoint in `partial`, nil if there is none.
    /// - Throws: `.io` if it cannot be read, `.invalid` if it is malformed.
    static func load(from partial: String) throws(StudyError) -> Checkpoint? {
        let path = POSIXFiles.join(partial, fileName)
        guard POSIXFiles.exists(path) else { return nil }
        let text: String
        switch TextFile.contents(of: path, followingLinks: false) {
        case .success(let t): text = t
        case .failure(let f): throw .io("\(path): cannot read the checkpoint: \(f.reason)")
        }
        do {
            let node = try JSON5.parse(text)
            guard let tasks = JSONBuild.integer(node, "completedTasks"), let bytes = JSONBuild.integer(node, "runsBytes"),
                  let stateNode = node[key: "state"] else { throw StateDecodingError("malformed checkpoint") }
            guard let checksum = JSONBuild.string(node, "runsChecksum").flatMap({ UInt64($0, radix: 16) }) else {
                throw StateDecodingError("no runsChecksum (written by an older surfacesim)")
            }
            return Checkpoint(completedTasks: tasks, runsBytes: Int64(bytes), runsChecksum: checksum,
                              state: try StudyState(json: stateNode))
        } catch {
            throw .invalid("\(path): cannot resume from this checkpoint: \(error); run with --fresh to discard it")
        }
    }

    /// Whether `completedTasks` is a prefix of `plan` that the state holds exactly: between 0
    /// and every task, and each point with the replications the run had finished of it by
    /// then (run order is point by point), so a resumed run starts at a task that exists.
    func holdsPrefix(of plan: TaskPlan) -> Bool {
        guard completedTasks >= 0, completedTasks <= plan.total, state.points.count * plan.perPoint == plan.total else { return false }
        return state.points.enumerated().allSatisfy { p, point in
            point.replications == min(plan.perPoint, max(0, completedTasks - p * plan.perPoint))
        }
    }

    /// Removes the checkpoint folder and what it holds.
    static func remove(_ partial: String) {
        FileTree.remove(partial)
    }
}
