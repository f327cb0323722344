// One session of a run: fresh or resumed from a checkpoint; consumes finished
// replications in order and checkpoints now and then.
import Foundation

/// The consumer side of a run (single-threaded).
struct RunSession {
    var state: StudyState
    let runs: RunsFile
    let options: RunOptions
    let partial: String
    /// Tasks done, in all sessions.
    private(set) var completedTasks: Int
    /// Wall time of earlier sessions.
    private let elapsedBefore: Double
    private let started = ContinuousClock.now
    private var lastCheckpoint = ContinuousClock.now
    private var consumedHere = 0
    private(set) var stopped = false
    private(set) var failure: AtomicWriteError?
    private(set) var failures: [String] = []
    /// Tasks a checkpoint had finished when this session resumed.
    private(set) var resumedAfter: Int?

    /// Opens `partial` afresh, or from its checkpoint when resuming.
    static func open(layout: StudyLayout, options: RunOptions, partial: String) throws(StudyError) -> RunSession {
        var state = StudyState(layout: layout, shard: options.shard)
        let runsPath = POSIXFiles.join(partial, Checkpoint.runsName)
        do {
            if options.resume, let checkpoint = try Checkpoint.load(from: partial) {
                guard checkpoint.state.fingerprint == state.fingerprint, checkpoint.state.shard == options.shard else {
                    throw StudyError.invalid("cannot resume: \(partial) holds a run of another scenario, seed, replication count or shard; run without --resume to start afresh")
                }
                state = checkpoint.state
                let runs = try RunsFile.reopen(runsPath, truncatingTo: checkpoint.runsBytes)
                var session = RunSession(state: state, runs: runs, options: options, partial: partial,
                                         completedTasks: checkpoint.completedTasks, elapsedBefore: state.elapsedSeconds)
                session.resumedAfter = checkpoint.completedTasks
                return session
            }
            Checkpoint.remove(partial)
            try POSIXFiles.createDirectories(partial)
            let runs = try RunsFile.create(runsPath)
            runs.append(CSVLine.record(RunsTable.header(columns: layout.columns)))
            return RunSession(state: state, runs: runs, options: options, partial: partial, completedTasks: 0, elapsedBefore: 0)
        } catch let error as StudyError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    private init(state: StudyState, runs: RunsFile, options: RunOptions, partial: String, completedTasks: Int, elapsedBefore: Double) {
        (self.state, self.runs, self.options, self.partial) = (state, runs, options, partial)
        (self.completedTasks, self.elapsedBefore) = (completedTasks, elapsedBefore)
    }

    /// Wall-clock seconds in all sessions so far.
    var elapsed: Double { elapsedBefore + ProgressLine.seconds(ContinuousClock.now - started) }

    /// Takes task `task`'s result; false to stop.
    mutating func consume(task: Int, plan: TaskPlan, figures: ReplicationFigures, row: String, progress: ProgressLine?) -> Bool {
        let (p, r) = plan.task(task)
        runs.append(row)
        state.points[p].add(figures)
        if !figures.violations.isEmpty && failures.count < 10 {
            failures.append("point \(state.layout.points[p].name) replication \(r) (seed \(figures.seed)): "
                            + figures.violations.joined(separator: "; "))
        }
        completedTasks = task + 1
        consumedHere += 1
        progress?.update(done: completedTasks, total: plan.total)
        let more = completedTasks < plan.total
        stopped = more && options.stopAfter.map { consumedHere >= $0 } ?? false
        let due = ContinuousClock.now - lastCheckpoint > .seconds(options.checkpointSeconds)
        if more && (stopped || due) {
            do {
                try checkpoint()
            } catch {
                failure = error
                return false
            }
        }
        return !stopped
    }

    /// Saves the completed prefix.
    private mutating func checkpoint() throws(AtomicWriteError) {
        try runs.sync()
        state.elapsedSeconds = elapsed
        try Checkpoint(completedTasks: completedTasks, runsBytes: runs.bytes, state: state).save(in: partial)
        lastCheckpoint = ContinuousClock.now
    }

    /// The outcome of this session.
    func outcome(directory: String, files: [String]) -> RunOutcome {
        RunOutcome(directory: directory, files: files, state: state, stopped: stopped, failures: failures,
                   resumedAfter: resumedAfter)
    }
}
