// Running a study (`surfacesim run`): every point's replications on worker
// threads, consumed in (point, replication) order, streamed to runs.csv and
// accumulated exactly; checkpointed for --resume; committed atomically, with
// the result folder locked from start to end.
#if canImport(FoundationEssentials)
import FoundationEssentials   // ProcessInfo: the processors this process may use
#else
import Foundation             // (Apple's platforms have no FoundationEssentials module)
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Surfaces
import SurfaceCore

/// How to run a study (the command line's options, decoded).
public struct RunOptions: Sendable {
    /// Worker threads.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The result directory (nil: `Results/<name>/`, or `Results/<name>/shard-K-of-N/` for a shard).
    public var outputDirectory: String?
    /// Run only this shard's replications.
    public var shard: Shard?
    /// Continue after the last checkpoint in `<out>/.partial/`.
    public var resume = false
    /// Discard an unfinished checkpoint in `<out>/.partial/` and start again.
    public var fresh = false
    /// Stop at the next finished replication, checkpointed, when SIGINT arrives (the command line sets it).
    public var stopsOnInterrupt = false
    /// Stop (checkpointed) after this many replications: for testing --resume.
    public var stopAfter: Int?
    /// Ask the models to check their invariants (slower).
    public var checkInvariants = false
    /// How often a checkpoint is saved.
    public var checkpointEvery = CheckpointInterval.seconds(10)
    /// The command line, for manifest.json.
    public var commandLine: [String] = []
    /// Leave wall-clock timing out of every file (manifest.json, state.json, the checkpoint),
    /// so that committed results are byte-identical when regenerated (`make results`).
    public var reproducible = false
    /// `--sweep path=values` options: grid axes added to the scenario's (`SweepOption`).
    public var sweeps: [String] = []

    /// Defaults: all processors, default directory, no shard.
    public init() {}
}

/// How often a run saves a checkpoint.
public enum CheckpointInterval: Sendable, Equatable {
    /// After every this many replications.
    case replications(Int)
    /// When this many wall-clock seconds have passed since the last one.
    case seconds(Double)
}

/// What a run did.
public struct RunOutcome: Sendable {
    /// The result directory.
    public var directory: String
    /// Paths written (empty when stopped early).
    public var files: [String]
    /// The final (or, when stopped, checkpointed) state.
    public var state: StudyState
    /// Whether `stopAfter` ended the run before the last replication.
    public var stopped: Bool
    /// The first few failed replications, as "point P replication R (seed S): violations".
    public var failures: [String]
    /// Replications a checkpoint had finished when the run resumed (nil: started afresh).
    public var resumedAfter: Int?
    /// Whether SIGINT ended the run early (checkpointed).
    public var interrupted = false
    /// Replications done, in all sessions, and in all (this shard's) in the run.
    public var completedTasks = 0, totalTasks = 0
    /// What the selection found, for a study with `observe.select` (nil otherwise).
    public var selection: SelectionResult?
    /// Whether the run keeps nothing when interrupted (a selection: no checkpoint to resume).
    public var keepsNoCheckpoint = false
    /// Replications that reported violations, in all sessions.
    public var failedReplications: Int { state.points.reduce(0) { $0 + $1.failedReplications } }
}

/// Runs studies.
public enum StudyRunner {
    /// Loads the scenario at `path` with `overrides`, applies `runs` and `seed`,
    /// and runs it: the entry point of `surfacesim run`.
    public static func run(scenarioPath path: String, overrides: [String] = [], runs: Int? = nil, seed: UInt64? = nil,
                           uncertainty: UncertaintyRequest? = nil,
                           options: RunOptions, progress: ProgressLine? = nil) throws(StudyError) -> RunOutcome {
        // `--runs` and `--seed` are overrides like `--set`, applied last (the checks across
        // values see them: `--runs 5` runs a file that says `replications: 0`).
        let flags = (runs.map { ["replications=\($0)"] } ?? []) + (seed.map { ["seed=\($0)"] } ?? [])
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(path: path, overrides: overrides + flags, sweeps: options.sweeps, uncertainty: uncertainty)
        } catch { throw .input(error) }
        return try run(scenario, options: options, progress: progress)
    }

    /// The default result directory of a scenario.
    public static func defaultDirectory(name: String, shard: Shard?) -> String {
        "Results/\(name)" + (shard.map { "/shard-\($0.index)-of-\($0.count)" } ?? "")
    }

    /// Runs a decoded scenario.
    public static func run(_ scenario: Scenario, options: RunOptions, progress: ProgressLine? = nil) throws(StudyError) -> RunOutcome {
        guard scenario.base.replications >= 1 else {
            throw .input(ScenarioError(.wholeFile(scenario.file), path: "replications",
                                       .expected("a whole number ≥ 1", found: String(scenario.base.replications))))
        }
        if let settings = scenario.selection {
            return try SelectionRun.run(scenario, settings: settings, options: options, progress: progress)
        }
        let layout = StudyLayout(scenario)
        let directory = options.outputDirectory ?? defaultDirectory(name: scenario.name, shard: options.shard)
        if let problem = OutputFolder.problem(directory, ownFolderOnly: true) { throw .invalid(problem) }
        let lock: FolderLock
        do {
            lock = try FolderLock.acquire(try OutputFolder.resolve(directory), command: options.commandLine,
                                        checkpointFolder: Checkpoint.directoryName)
        } catch {
            throw .io(error.description)
        }
        defer { lock.release() }
        let partial = POSIXFiles.join(lock.folder.display, Checkpoint.directoryName)
        do {
            return try run(scenario, layout: layout, options: options, lock: lock, partial: partial, progress: progress)
        } catch {
            // Nothing resumable is kept: no checkpoint folder, no folder made only for it.
            if !POSIXFiles.exists(POSIXFiles.join(partial, Checkpoint.fileName)) {
                Checkpoint.remove(partial)
                rmdir(lock.folder.display)
            }
            throw error
        }
    }

    /// Runs the replications of a locked folder and commits the results.
    private static func run(_ scenario: Scenario, layout: StudyLayout, options: RunOptions, lock: FolderLock, partial: String,
                            progress: ProgressLine?) throws(StudyError) -> RunOutcome {
        let directory = lock.folder.display
        let plan = TaskPlan(layout: layout, shard: options.shard)
        var session = try RunSession.open(layout: layout, options: options, partial: partial)
        if options.stopsOnInterrupt { session.interrupt = InterruptSignal() }
        defer { session.interrupt?.restore() }
        let parameters = scenario.sweep.points.indices.map(scenario.parameters(ofPoint:))
        let check = options.checkInvariants
        let prefixes = layout.points.map(RunsTable.leadingFields(of:))
        let start = session.completedTasks
        OrderedWorkPool.run(count: plan.total - start, jobs: options.jobs, work: { i in
            let (p, r) = plan.task(start + i)
            let seed = layout.seed(point: p, replication: r)
            let figures = ReplicationFigures(Replication.run(parameters[p], seed: seed, checkInvariants: check, series: layout.series), seed: seed)
            return (figures, RunsTable.row(prefix: prefixes[p], replication: r, figures: figures))
        }, consume: { i, output in
            session.consume(task: start + i, plan: plan, figures: output.0, row: output.1, progress: progress)
        })
        progress?.finish()
        if let failure = session.failure { throw .io(failure.description) }
        if session.stopped { return session.outcome(directory: directory, files: [], total: plan.total) }
        do { try session.checkpointBeforeCommit() } catch { throw .io(error.description) }
        session.runs.close()
        session.state.elapsedSeconds = session.elapsed
        var info = ManifestInfo(commandLine: options.commandLine,
                                timeTakenSeconds: options.reproducible ? nil : session.state.elapsedSeconds)
        info.recordsCommit = !options.reproducible
        let files: [String]
        do {
            files = try StudyOutput.write(session.state, to: directory, runsSource: session.runs.path, info: info, lock: lock)
        } catch {
            guard case .io(let message) = error else { throw error }
            throw .io(message + "; the \(plan.total) replications are kept in \(partial): once the folder can be written, "
                      + "run the same command with --resume to write the results without running them again")
        }
        return session.outcome(directory: directory, files: files, total: plan.total)
    }
}

/// The order replications run in: point by point, each point's replications
/// (those of the shard) in ascending order.
struct TaskPlan: Sendable {
    /// Replications per point in this run.
    let perPoint: Int
    /// Tasks in all.
    let total: Int
    let shard: Shard?

    init(layout: StudyLayout, shard: Shard?) {
        self.shard = shard
        perPoint = shard?.replicationCount(of: layout.replications) ?? layout.replications
        total = perPoint * layout.points.count
    }

    /// The (point, replication) of task `t`.
    func task(_ t: Int) -> (point: Int, replication: Int) {
        let i = t % perPoint
        return (t / perPoint, shard?.replication(i) ?? i)
    }
}
