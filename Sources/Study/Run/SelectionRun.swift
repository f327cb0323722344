// `run` of a scenario with `observe.select` (docs/scenarios.md#selecting-the-best-design):
// every point's first stage, then one replication of each surviving point per round
// (`SelectionDriver`), each replication simulated as `run` simulates it. Rows are appended in
// the order run and put back in (point, replication) order at the end, so runs.csv and every
// file built from the points' accumulators are those of a run in which each point had the
// replications it got. The rounds do not depend on --jobs, so neither do the files.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Surfaces
import SurfaceCore

/// Runs a study that selects its best point.
enum SelectionRun {
    /// The file of the rows in the order run, in the folder's `.partial/`.
    static let roundRowsName = "selection-rows.csv.part"

    /// Runs `scenario` (whose `selection` is set) into its result folder; keeps no checkpoint.
    static func run(_ scenario: Scenario, settings: SelectionSettings, options: RunOptions,
                    progress: ProgressLine?) throws(StudyError) -> RunOutcome {
        guard options.shard == nil else {
            throw .invalid("observe.select cannot run as --shard: which replications a point gets depends on every other point's")
        }
        guard !options.resume else {
            throw .invalid("a selection (observe.select) keeps no checkpoint, so there is nothing to --resume; run it again")
        }
        let (lock, partial, directory) = try CheckpointlessFolder.lock(scenario, options: options)
        defer { lock.release() }
        do {
            let study = try SelectionStudy(scenario, settings: settings, options: options, partial: partial, progress: progress)
            let driver = SelectionDriver(settings: settings, points: scenario.sweep.points.count, firstStage: scenario.base.replications)
            let result = try driver.run(study.observe)
            progress?.finish()
            guard let result else {
                // Ctrl-C: nothing is kept, and the folder keeps what it held before.
                study.rows.close()
                Checkpoint.remove(partial)
                rmdir(lock.folder.display)
                let done = study.state.points.reduce(0) { $0 + $1.replications }
                var outcome = RunOutcome(directory: directory, files: [], state: study.state, stopped: true, failures: study.failures,
                                         resumedAfter: nil, interrupted: true, completedTasks: done, totalTasks: done)
                outcome.keepsNoCheckpoint = true
                return outcome
            }
            for p in study.state.points.indices { study.state.points[p].settle() }
            let runsPath = try study.pointOrderRuns()
            study.state.elapsedSeconds = ProgressLine.seconds(ContinuousClock.now - study.started)
            study.state.timeRecorded = !options.reproducible
            var info = ManifestInfo(commandLine: options.commandLine,
                                    timeTakenSeconds: options.reproducible ? nil : study.state.elapsedSeconds)
            info.selection = result
            info.recordsCommit = !options.reproducible
            let extra = [("selection.csv", SelectionTable.render(result, layout: study.state.layout)),
                         ("selection.svg", SelectionChart.render(result, state: study.state))]
            let files = try StudyOutput.write(study.state, to: directory, runsSource: runsPath, info: info, lock: lock, extra: extra)
            let total = study.state.points.reduce(0) { $0 + $1.replications }
            var outcome = RunOutcome(directory: directory, files: files, state: study.state, stopped: false, failures: study.failures,
                                     resumedAfter: nil, completedTasks: total, totalTasks: total)
            outcome.selection = result
            return outcome
        } catch {
            Checkpoint.remove(partial)
            rmdir(lock.folder.display)
            throw error
        }
    }
}

/// The replications of one selection: rows appended in the order run, the byte ranges of each
/// point's rows, and every point's accumulators.
private final class SelectionStudy {
    let scenario: Scenario
    let settings: SelectionSettings
    let options: RunOptions
    let partial: String
    let rows: RunsFile
    var state: StudyState
    /// Per point, the byte ranges of its rows in `rows`, in replication order.
    var ranges: [[Range<Int64>]]
    var failures: [String] = []
    let parameters: [Parameters]
    let prefixes: [[UInt8]]
    let progress: ProgressLine?
    let interrupt: InterruptSignal?
    let started = ContinuousClock.now
    /// Replications run so far, and how many more at most remain (for the progress line).
    var done = 0

    init(_ scenario: Scenario, settings: SelectionSettings, options: RunOptions, partial: String,
         progress: ProgressLine?) throws(StudyError) {
        (self.scenario, self.settings, self.options, self.partial, self.progress) = (scenario, settings, options, partial, progress)
        state = StudyState(layout: StudyLayout(scenario), shard: nil)
        ranges = Array(repeating: [], count: scenario.sweep.points.count)
        parameters = scenario.sweep.points.indices.map(scenario.parameters(ofPoint:))
        prefixes = state.layout.points.map(RunsTable.leadingFields(of:))
        interrupt = options.stopsOnInterrupt ? InterruptSignal() : nil
        do {
            try POSIXFiles.createDirectories(partial)
            rows = try RunsFile.create(POSIXFiles.join(partial, SelectionRun.roundRowsName))
        } catch {
            throw .io(error.description)
        }
    }

    deinit { interrupt?.restore() }

    /// Simulates `tasks` on the worker threads, consuming them in order: each row appended,
    /// each replication added to its point, and its selection figures returned (nil: Ctrl-C).
    func observe(_ tasks: [SelectionTask]) throws(StudyError) -> [[Double]]? {
        let (layout, parameters, prefixes, check) = (state.layout, self.parameters, self.prefixes, options.checkInvariants)
        let figures = [settings.metric] + settings.constraints.map(\.figure)
        var out = Array(repeating: [Double](), count: tasks.count)
        var problem: StudyError?
        let cap = settings.cap(firstStage: scenario.base.replications)
        // At most: every point of these tasks running on to the cap.
        let bound = done + tasks.count + Set(tasks.map(\.point)).count * max(0, cap - (tasks.last?.replication ?? 0) - 1)
        OrderedWorkPool.run(count: tasks.count, jobs: options.jobs, work: { t in
            let (p, r) = (tasks[t].point, tasks[t].replication)
            let seed = layout.seed(point: p, replication: r)
            let figures = ReplicationFigures(Replication.run(parameters[p], seed: seed, checkInvariants: check), seed: seed)
            return (figures, RunsTable.row(prefix: prefixes[p], replication: r, figures: figures))
        }, consume: { t, output in
            let (p, r) = (tasks[t].point, tasks[t].replication)
            let start = rows.bytes
            rows.append(output.1)
            if let last = ranges[p].last, last.upperBound == start {
                ranges[p][ranges[p].count - 1] = last.lowerBound..<rows.bytes
            } else {
                ranges[p].append(start..<rows.bytes)
            }
            state.points[p].add(output.0)
            if !output.0.violations.isEmpty && failures.count < 10 {
                failures.append("point \(layout.points[p].name) replication \(r) (seed \(output.0.seed)): "
                                + output.0.violations.joined(separator: "; "))
            }
            out[t] = figures.map { $0.value(in: output.0) }
            if let i = out[t].firstIndex(where: { !$0.isFinite }) {
                problem = .invalid("observe.select: \(figures[i].name) has no value in replication \(r) of point \(layout.points[p].name) "
                                   + "(seed \(output.0.seed)); a selection needs a value in every replication: choose a metric "
                                   + "every replication measures, or a longer 'duration'")
                return false
            }
            done += 1
            progress?.update(done: done, total: bound)
            return interrupt?.requested != true
        })
        if let problem { throw problem }
        if interrupt?.requested == true { return nil }
        return out
    }

    /// runs.csv with the rows in (point, replication) order, read back one record at a time.
    func pointOrderRuns() throws(StudyError) -> String {
        let path = POSIXFiles.join(partial, Checkpoint.runsName)
        try PointOrderRuns.write(rows, ranges: ranges, columns: state.layout.columns, to: path)
        return path
    }
}
