// One session of a run: fresh or resumed from a checkpoint; consumes finished
// replications in order and checkpoints now and then, on request (SIGINT) and
// when told to stop.

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
    /// How long the last checkpoint took to write.
    private var lastCheckpointCost = Duration.zero
    private var consumedHere = 0
    private var consumedSinceCheckpoint = 0
    private(set) var stopped = false
    /// Whether SIGINT stopped the run.
    private(set) var interrupted = false
    private(set) var failure: AtomicWriteError?
    private(set) var failures: [String] = []
    /// Tasks a checkpoint had finished when this session resumed.
    private(set) var resumedAfter: Int?
    /// The SIGINT handler while the session runs (nil: Ctrl-C ends the process).
    var interrupt: InterruptSignal?

    /// Opens `partial` afresh, or from its checkpoint when resuming. The folder's state
    /// decides: an unfinished checkpoint needs `--resume` or `--fresh`; `--resume` needs one.
    static func open(layout: StudyLayout, options: RunOptions, partial: String) throws(StudyError) -> RunSession {
        let state = StudyState(layout: layout, shard: options.shard)
        let hasCheckpoint = POSIXFiles.exists(POSIXFiles.join(partial, Checkpoint.fileName))
        if options.resume {
            guard hasCheckpoint else {
                throw .invalid("nothing to resume: \(partial) holds no checkpoint (no unfinished run of this folder); run without --resume")
            }
            return try resume(state, options: options, partial: partial)
        }
        if hasCheckpoint && !options.fresh {
            throw .invalid("\(partial) holds the checkpoint of an unfinished run; add --resume to continue it or --fresh to discard it")
        }
        Checkpoint.remove(partial)
        let runsPath = POSIXFiles.join(partial, Checkpoint.runsName)
        do throws(AtomicWriteError) {
            try POSIXFiles.createDirectories(partial)
            guard POSIXFiles.isDirectory(partial) else {
                throw AtomicWriteError(path: partial, message: "is a symbolic link where this program keeps its checkpoint folder; remove it")
            }
            let runs = try RunsFile.create(runsPath)
            runs.append(CSVLine.record(RunsTable.header(columns: layout.columns)))
            return RunSession(state: state, runs: runs, options: options, partial: partial, completedTasks: 0, elapsedBefore: 0)
        } catch {
            throw .io(error.description)
        }
    }

    /// The session that continues `partial`'s checkpoint, after checking it is this study's
    /// and that runs.csv.part still holds exactly the rows it recorded.
    private static func resume(_ fresh: StudyState, options: RunOptions, partial: String) throws(StudyError) -> RunSession {
        guard POSIXFiles.isDirectory(partial) else {
            throw .invalid("cannot resume: \(partial) is a symbolic link where this program keeps its checkpoint folder; remove it")
        }
        guard let checkpoint = try Checkpoint.load(from: partial) else {
            throw .invalid("nothing to resume: \(partial) holds no checkpoint; run without --resume")
        }
        guard checkpoint.state.fingerprint == fresh.fingerprint, checkpoint.state.shard == options.shard else {
            throw .invalid("cannot resume: \(partial) holds a run of another scenario, seed, replication count or shard; run with --fresh to discard it")
        }
        guard checkpoint.state.model == fresh.model else {
            throw .invalid("cannot resume: \(partial) holds replications run by other model code (model \(checkpoint.state.model.prefix(12)), "
                           + "this program is \(fresh.model.prefix(12))), which the new ones would be mixed with; run with --fresh to discard it")
        }
        guard checkpoint.holdsPrefix(of: TaskPlan(layout: fresh.layout, shard: options.shard)) else {
            throw .invalid("\(POSIXFiles.join(partial, Checkpoint.fileName)): cannot resume: its completedTasks (\(checkpoint.completedTasks)) "
                           + "is not the number of replications its state holds, in run order; run with --fresh to discard it")
        }
        let runsPath = POSIXFiles.join(partial, Checkpoint.runsName)
        let runs: RunsFile
        do {
            runs = try RunsFile.reopen(runsPath, bytes: checkpoint.runsBytes, checksum: checkpoint.runsChecksum)
        } catch {
            let needs = "the checkpoint recorded its first \(checkpoint.runsBytes) bytes"
            switch error {
            case .missing: throw .invalid("\(runsPath): cannot resume: the file is missing (\(needs)); run with --fresh to start again")
            case .shorter(let actual):
                throw .invalid("\(runsPath): cannot resume: the file is truncated, \(actual) bytes where \(needs); run with --fresh to start again")
            case .changed:
                throw .invalid("\(runsPath): cannot resume: the file is damaged, its first \(checkpoint.runsBytes) bytes do not match the checkpoint's checksum; run with --fresh to start again")
            case .unreadable(let reason): throw .io("\(runsPath): cannot resume: \(reason)")
            }
        }
        var session = RunSession(state: checkpoint.state, runs: runs, options: options, partial: partial,
                                 completedTasks: checkpoint.completedTasks, elapsedBefore: checkpoint.state.elapsedSeconds)
        session.resumedAfter = checkpoint.completedTasks
        return session
    }

    private init(state: StudyState, runs: RunsFile, options: RunOptions, partial: String, completedTasks: Int, elapsedBefore: Double) {
        (self.state, self.runs, self.options, self.partial) = (state, runs, options, partial)
        (self.completedTasks, self.elapsedBefore) = (completedTasks, elapsedBefore)
        self.state.timeRecorded = !options.reproducible
    }

    /// Wall-clock seconds in all sessions so far.
    var elapsed: Double { elapsedBefore + ProgressLine.seconds(ContinuousClock.now - started) }

    /// Takes task `task`'s result; false to stop.
    mutating func consume(task: Int, plan: TaskPlan, figures: ReplicationFigures, row: [UInt8], progress: ProgressLine?) -> Bool {
        let (p, r) = plan.task(task)
        runs.append(row)
        state.points[p].add(figures)
        // Run order is point by point: a point whose last replication this is keeps no more than its values reached.
        if (task + 1) % plan.perPoint == 0 { state.points[p].settle() }
        if !figures.violations.isEmpty && failures.count < 10 {
            failures.append("point \(state.layout.points[p].name) replication \(r) (seed \(figures.seed)): "
                            + figures.violations.joined(separator: "; "))
        }
        completedTasks = task + 1
        consumedHere += 1
        consumedSinceCheckpoint += 1
        progress?.update(done: completedTasks, total: plan.total)
        let more = completedTasks < plan.total
        interrupted = more && interrupt?.requested == true
        stopped = more && (interrupted || options.stopAfter.map { consumedHere >= $0 } ?? false)
        if more && (stopped || checkpointDue) {
            do {
                try checkpoint()
            } catch {
                failure = error
                return false
            }
        }
        return !stopped
    }

    /// Whether the interval `options.checkpointEvery` has passed since the last checkpoint.
    private var checkpointDue: Bool {
        switch options.checkpointEvery {
        case .replications(let n): return consumedSinceCheckpoint >= n
        // At most a tenth of the run spent checkpointing: the checkpoint of a sweep of many
        // points is large, and is written again in whole each time.
        case .seconds(let s): return ContinuousClock.now - lastCheckpoint > max(.seconds(s), lastCheckpointCost * 10)
        }
    }

    /// Saves a checkpoint of the finished run before its results are committed, so that a commit
    /// the file system refuses loses no replication: `--resume` commits them again.
    mutating func checkpointBeforeCommit() throws(AtomicWriteError) { try checkpoint() }

    /// Saves the completed prefix.
    private mutating func checkpoint() throws(AtomicWriteError) {
        let start = ContinuousClock.now
        defer { lastCheckpointCost = ContinuousClock.now - start }
        try runs.sync()
        state.elapsedSeconds = elapsed
        try Checkpoint(completedTasks: completedTasks, runsBytes: runs.bytes, runsChecksum: runs.checksum.value,
                       state: state).save(in: partial)
        lastCheckpoint = ContinuousClock.now
        consumedSinceCheckpoint = 0
    }

    /// The outcome of this session.
    func outcome(directory: String, files: [String], total: Int) -> RunOutcome {
        RunOutcome(directory: directory, files: files, state: state, stopped: stopped, failures: failures,
                   resumedAfter: resumedAfter, interrupted: interrupted, completedTasks: completedTasks, totalTasks: total)
    }
}
