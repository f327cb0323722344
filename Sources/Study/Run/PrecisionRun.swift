// `run --precision METRIC=5%` (docs/cli.md): replications added in batches until the
// metric's mean is known to the target at every point. Each batch runs every point's next
// replications; runs.csv's rows are put back in (point, replication) order at the end, so
// the files equal those of a fixed-count run of the size reached.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Surfaces

/// What sizing a study to a precision found.
public struct PrecisionReport: Sendable {
    /// The target.
    public var target: PrecisionTarget
    /// Replications per point after each batch, the last one the count written.
    public var batches: [Int]
    /// Points that did not reach the target within `--max-runs`: (name, half-width, mean).
    public var unmet: [(point: String, halfWidth: Double, mean: Double)]
    /// Replications per point of the study written.
    public var replications: Int { batches.last ?? 0 }
}

/// Runs a study to a precision target.
public enum PrecisionRun {
    /// The file of a precision run's rows in batch order, in the folder's `.partial/`.
    static let batchRowsName = "batches.csv.part"

    /// Loads the scenario as `StudyRunner.run(scenarioPath:…)` does and runs batches of
    /// replications (the first of the scenario's `replications`) until every point meets
    /// `target` or has `maxRuns` (default `PrecisionTarget.defaultMaxRuns`, within the
    /// study-wide limit); then writes the results as a run of that many replications would.
    /// A precision run keeps no checkpoint (`--resume` is refused; an interrupt loses it).
    public static func run(scenarioPath path: String, overrides: [String] = [], runs: Int? = nil, seed: UInt64? = nil,
                           target: PrecisionTarget, maxRuns: Int?, options: RunOptions,
                           progress: ProgressLine? = nil) throws(StudyError) -> (RunOutcome, PrecisionReport) {
        guard options.shard == nil else {
            throw .invalid("--precision cannot be combined with --shard: the replications a target needs are known only from all of them")
        }
        guard !options.resume else {
            throw .invalid("--precision keeps no checkpoint, so there is nothing to --resume; run it again")
        }
        let flags = (runs.map { ["replications=\($0)"] } ?? []) + (seed.map { ["seed=\($0)"] } ?? [])
        var scenario: Scenario
        do { scenario = try ScenarioLoader.load(path: path, overrides: overrides + flags) } catch { throw .input(error) }
        if scenario.selection != nil {
            throw .invalid("--precision cannot be combined with observe.select: a selection decides itself how many replications each point gets")
        }
        if let point = target.pointWithoutValue(scenario) {
            let surface = MetricCatalog.surfaces[target.metric.rawValue]
            throw .invalid("--precision: \(target.metric.spec.name) has no value at point \(point), where its surface is switched off "
                           + "(\(surface).enabled false): no number of replications reaches a target there; name a metric of a surface every point turns on")
        }
        let first = scenario.base.replications
        let cap = min(maxRuns ?? PrecisionTarget.defaultMaxRuns, Sweep.maxReplications / scenario.sweep.points.count)
        guard first >= 1, first <= cap else {
            throw .invalid("--max-runs \(cap) is below the first batch, the scenario's 'replications' (\(first))")
        }
        let directory = options.outputDirectory ?? StudyRunner.defaultDirectory(name: scenario.name, shard: nil)
        if let problem = OutputFolder.problem(directory, ownFolderOnly: true) { throw .invalid(problem) }
        let lock: FolderLock
        do { lock = try FolderLock.acquire(try OutputFolder.resolve(directory), command: options.commandLine,
                                        checkpointFolder: Checkpoint.directoryName) } catch {
            throw .io(error.description)
        }
        defer { lock.release() }
        let partial = POSIXFiles.join(lock.folder.display, Checkpoint.directoryName)
        if POSIXFiles.exists(POSIXFiles.join(partial, Checkpoint.fileName)) && !options.fresh {
            throw .invalid("\(partial) holds the checkpoint of an unfinished run; add --fresh to discard it")
        }
        Checkpoint.remove(partial)
        do {
            var sizing = try Sizing(scenario, target: target, first: first, cap: cap, options: options, partial: partial)
            let report = try sizing.grow(progress: progress)
            if sizing.interrupted {
                // Ctrl-C: nothing of the run is kept (a precision run has no checkpoint), and the
                // folder keeps what it held before.
                sizing.rows.close()
                Checkpoint.remove(partial)
                rmdir(lock.folder.display)
                let done = sizing.state.points.reduce(0) { $0 + $1.replications }
                return (RunOutcome(directory: directory, files: [], state: sizing.state, stopped: true, failures: sizing.failures,
                                   resumedAfter: nil, interrupted: true, completedTasks: done, totalTasks: done), report)
            }
            scenario.base.replications = report.replications
            sizing.state.layout = StudyLayout(scenario)
            let runsPath = try sizing.pointOrderRuns()
            sizing.state.elapsedSeconds = ProgressLine.seconds(ContinuousClock.now - sizing.started)
            sizing.state.timeRecorded = !options.reproducible
            var info = ManifestInfo(commandLine: options.commandLine,
                                    timeTakenSeconds: options.reproducible ? nil : sizing.state.elapsedSeconds)
            info.precision = report
            let files = try StudyOutput.write(sizing.state, to: directory, runsSource: runsPath, info: info, lock: lock)
            let total = sizing.state.points.reduce(0) { $0 + $1.replications }
            let outcome = RunOutcome(directory: directory, files: files, state: sizing.state, stopped: false, failures: sizing.failures,
                                     resumedAfter: nil, completedTasks: total, totalTasks: total)
            return (outcome, report)
        } catch {
            Checkpoint.remove(partial)
            rmdir(lock.folder.display)
            throw error
        }
    }
}

/// The batches of one precision run: rows appended in batch order, where each (batch,
/// point) block starts recorded, and every point's accumulators.
private struct Sizing {
    let scenario: Scenario
    let target: PrecisionTarget
    let first: Int, cap: Int
    let options: RunOptions
    let partial: String
    let rows: RunsFile
    var state: StudyState
    /// Per batch, the byte offset where each point's rows start, then the batch's end.
    var offsets: [[Int64]] = []
    var failures: [String] = []
    /// Whether Ctrl-C stopped the batches.
    var interrupted = false
    let started = ContinuousClock.now

    init(_ scenario: Scenario, target: PrecisionTarget, first: Int, cap: Int, options: RunOptions, partial: String) throws(StudyError) {
        (self.scenario, self.target, self.first, self.cap, self.options, self.partial) = (scenario, target, first, cap, options, partial)
        state = StudyState(layout: StudyLayout(scenario), shard: nil)
        do {
            try POSIXFiles.createDirectories(partial)
            rows = try RunsFile.create(POSIXFiles.join(partial, PrecisionRun.batchRowsName))
        } catch {
            throw .io(error.description)
        }
    }

    /// Runs batches until every point meets the target or has `cap` replications.
    mutating func grow(progress: ProgressLine?) throws(StudyError) -> PrecisionReport {
        let layout = state.layout
        let parameters = scenario.sweep.points.indices.map(scenario.parameters(ofPoint:))
        let check = options.checkInvariants
        let prefixes = layout.points.map(RunsTable.leadingFields(of:))
        var (done, n) = (0, first)
        var batches: [Int] = []
        let interrupt = options.stopsOnInterrupt ? InterruptSignal() : nil
        defer { interrupt?.restore() }
        while true {
            let (perPoint, start, count) = (n - done, done, layout.points.count)
            var blockStarts = Array(repeating: Int64(0), count: count + 1)
            var (rows, state, failures) = (self.rows, self.state, self.failures)
            OrderedWorkPool.run(count: perPoint * count, jobs: options.jobs, work: { t in
                let (p, r) = (t / perPoint, start + t % perPoint)
                let seed = layout.seed(point: p, replication: r)
                let figures = ReplicationFigures(Replication.run(parameters[p], seed: seed, checkInvariants: check), seed: seed)
                return (figures, RunsTable.row(prefix: prefixes[p], replication: r, figures: figures))
            }, consume: { t, output in
                let (p, r) = (t / perPoint, start + t % perPoint)
                if r == start { blockStarts[p] = rows.bytes }
                rows.append(output.1)
                state.points[p].add(output.0)
                if r == start + perPoint - 1 { state.points[p].settle() }   // the point's last of this batch
                if !output.0.violations.isEmpty && failures.count < 10 {
                    failures.append("point \(layout.points[p].name) replication \(r) (seed \(output.0.seed)): "
                                    + output.0.violations.joined(separator: "; "))
                }
                progress?.update(done: t + 1, total: perPoint * count)
                return interrupt?.requested != true
            })
            progress?.finish()
            if interrupt?.requested == true {
                (self.state, self.failures, interrupted) = (state, failures, true)
                return PrecisionReport(target: target, batches: batches, unmet: [])
            }
            blockStarts[count] = rows.bytes
            (self.state, self.failures) = (state, failures)
            offsets.append(blockStarts)
            (done, batches) = (n, batches + [n])
            let figures = state.points.map { target.figures($0.metrics[target.metric.rawValue]) }
            let unmet = figures.enumerated().filter { !target.isMet(halfWidth: $0.element.halfWidth, mean: $0.element.mean) }
            if unmet.isEmpty || n >= cap {
                return PrecisionReport(target: target, batches: batches,
                                       unmet: unmet.map { (layout.points[$0.offset].name, $0.element.halfWidth, $0.element.mean) })
            }
            n = target.next(after: n, first: first, cap: cap, unmet: unmet.map(\.element))
        }
    }

    /// runs.csv with the batches' rows in (point, replication) order: for each point, its
    /// block of each batch in turn, read one record at a time.
    func pointOrderRuns() throws(StudyError) -> String {
        let path = POSIXFiles.join(partial, Checkpoint.runsName)
        do throws(AtomicWriteError) {
            try rows.sync()
            rows.close()
            let out = try RunsFile.create(path)
            defer { out.close() }
            out.append(CSVLine.record(RunsTable.header(columns: state.layout.columns)))
            let reader: CSVRecordReader
            do { reader = try CSVRecordReader(path: rows.path) } catch { throw AtomicWriteError(path: rows.path, message: error.reason) }
            for p in state.layout.points.indices {
                for batch in offsets {
                    reader.seek(to: batch[p], line: 1)
                    while reader.offset < batch[p + 1] {
                        guard let record = try? reader.next() else {
                            throw AtomicWriteError(path: rows.path, message: "cannot read back the rows of point \(p)")
                        }
                        out.append(record.text)
                    }
                }
            }
            try out.sync()
        } catch {
            throw .io(error.description)
        }
        return path
    }
}
