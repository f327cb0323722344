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
import Statistics
import Surfaces
import SurfaceCore

/// What sizing a study to a precision found.
public struct PrecisionReport: Sendable {
    /// The targets, in the order given.
    public var targets: [PrecisionTarget]
    /// Replications per point after each batch, the last one the count written.
    public var batches: [Int]
    /// Every unit of every target (a point, or a contrast's pair of points), in target order.
    public var units: [PrecisionUnitResult]
    /// Replications per point of the study written.
    public var replications: Int { batches.last ?? 0 }
    /// The units short of their target at the end.
    public var unmet: [PrecisionUnitResult] { units.filter { !$0.figure.met } }
    /// The first target (a run has at least one).
    public var target: PrecisionTarget { targets[0] }
}

/// One unit's outcome.
public struct PrecisionUnitResult: Sendable {
    /// The target's index in `PrecisionReport.targets`.
    public var target: Int
    /// The point's name (a contrast's value point).
    public var point: String
    /// How the report names the unit.
    public var label: String
    /// The figure after the last batch.
    public var figure: PrecisionFigure
    /// The replications per point from which the target held at this unit up to the end (nil:
    /// it did not hold at the end).
    public var neededReplications: Int?
}

/// Runs a study to precision targets.
public enum PrecisionRun {
    /// The file of a precision run's rows in batch order, in the folder's `.partial/`.
    static let batchRowsName = "batches.csv.part"

    /// Loads the scenario as `StudyRunner.run(scenarioPath:…)` does and runs batches of
    /// replications (the first of the scenario's `replications`) until every target holds at
    /// every unit (point, or pair of points for a contrast) or the points have `maxRuns` (default `PrecisionTarget.defaultMaxRuns`, within the
    /// study-wide limit); then writes the results as a run of that many replications would.
    /// A precision run keeps no checkpoint (`--resume` is refused; an interrupt loses it).
    public static func run(scenarioPath path: String, overrides: [String] = [], runs: Int? = nil, seed: UInt64? = nil,
                           targets: [PrecisionTarget], maxRuns: Int?, options: RunOptions,
                           progress: ProgressLine? = nil) throws(StudyError) -> (RunOutcome, PrecisionReport) {
        guard options.shard == nil else {
            throw .invalid("--precision cannot be combined with --shard: the replications a target needs are known only from all of them")
        }
        guard !options.resume else {
            throw .invalid("--precision keeps no checkpoint, so there is nothing to --resume; run it again")
        }
        let flags = (runs.map { ["replications=\($0)"] } ?? []) + (seed.map { ["seed=\($0)"] } ?? [])
        var scenario: Scenario
        do { scenario = try ScenarioLoader.load(path: path, overrides: overrides + flags, sweeps: options.sweeps) } catch { throw .input(error) }
        if scenario.selection != nil {
            throw .invalid("--precision cannot be combined with observe.select: a selection decides itself how many replications each point gets")
        }
        precondition(!targets.isEmpty, "a precision run needs a target")
        for target in targets {
            if let point = target.pointWithoutValue(scenario) {
                let surface = MetricCatalog.surfaces[target.metric.rawValue]
                throw .invalid("--precision: \(target.metric.spec.name) has no value at point \(point), where its surface is switched off "
                               + "(\(surface).enabled false): no number of replications reaches a target there; name a metric of a surface every point turns on")
            }
        }
        var units: [PrecisionUnit] = []
        let layout = StudyLayout(scenario)
        for (t, target) in targets.enumerated() { units += try target.units(t, layout: layout) }
        let first = scenario.base.replications
        let cap = min(maxRuns ?? PrecisionTarget.defaultMaxRuns, Sweep.maxReplications / scenario.sweep.points.count)
        guard first >= 1, first <= cap else {
            throw .invalid("--max-runs \(cap) is below the first batch, the scenario's 'replications' (\(first))")
        }
        let (lock, partial, directory) = try CheckpointlessFolder.lock(scenario, options: options)
        defer { lock.release() }
        do {
            var sizing = try Sizing(scenario, targets: targets, units: units, first: first, cap: cap, options: options, partial: partial)
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
            info.recordsCommit = !options.reproducible
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
    let targets: [PrecisionTarget]
    let units: [PrecisionUnit]
    let first: Int, cap: Int
    /// The per-replication clusters the targets need.
    var observations: PrecisionObservations
    /// Per unit, the replications per point from which its target has held (nil: not now).
    var metSince: [Int?]
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

    init(_ scenario: Scenario, targets: [PrecisionTarget], units: [PrecisionUnit], first: Int, cap: Int, options: RunOptions,
         partial: String) throws(StudyError) {
        (self.scenario, self.targets, self.units, self.first, self.cap, self.options, self.partial) = (scenario, targets, units, first, cap, options, partial)
        state = StudyState(layout: StudyLayout(scenario), shard: nil)
        observations = PrecisionObservations(targets, points: scenario.sweep.points.count)
        metSince = units.map { _ in nil }
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
            var (rows, state, failures, observations) = (self.rows, self.state, self.failures, self.observations)
            let kinds = observations.kinds
            OrderedWorkPool.run(count: perPoint * count, jobs: options.jobs, work: { t in
                let (p, r) = (t / perPoint, start + t % perPoint)
                let seed = layout.seed(point: p, replication: r)
                let result = Replication.run(parameters[p], seed: seed, checkInvariants: check, series: layout.series)
                let tails = kinds.isEmpty ? [] : PrecisionObservations.tails(kinds, samples: result.samples, values: result.values)
                let figures = ReplicationFigures(result, seed: seed)
                let clusters = kinds.isEmpty ? [] : PrecisionObservations.clusters(kinds, tails: tails, figures: figures)
                return (figures, RunsTable.row(prefix: prefixes[p], replication: r, figures: figures), clusters)
            }, consume: { t, output in
                let (p, r) = (t / perPoint, start + t % perPoint)
                if r == start { blockStarts[p] = rows.bytes }
                rows.append(output.1)
                observations.add(output.2, point: p)
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
                (self.state, self.failures, self.observations, interrupted) = (state, failures, observations, true)
                return PrecisionReport(targets: targets, batches: batches, units: [])
            }
            blockStarts[count] = rows.bytes
            (self.state, self.failures, self.observations) = (state, failures, observations)
            offsets.append(blockStarts)
            (done, batches) = (n, batches + [n])
            let figures = units.map { targets[$0.target].figure($0, state: state, observations: observations) }
            for (u, f) in figures.enumerated() { metSince[u] = f.met ? (metSince[u] ?? n) : nil }
            let unmet = figures.filter { !$0.met }
            if unmet.isEmpty || n >= cap {
                let results = zip(units, figures).enumerated().map { u, pair in
                    PrecisionUnitResult(target: pair.0.target, point: layout.points[pair.0.point].name, label: pair.0.label,
                                        figure: pair.1, neededReplications: metSince[u])
                }
                return PrecisionReport(targets: targets, batches: batches, units: results)
            }
            // A unit short only of the count needs the fewest replications its target holds from.
            let ratios = unmet.map { $0.shortOfReplications ? SampleSize.halfWidthRatio(reaching: PrecisionTarget.fewestReplications, from: n) : $0.halfWidth / $0.allowed }
            n = PrecisionTarget.next(after: n, first: first, cap: cap, ratios: ratios)
        }
    }

    /// runs.csv with the batches' rows in (point, replication) order: for each point, its
    /// block of each batch in turn, read one record at a time.
    func pointOrderRuns() throws(StudyError) -> String {
        let path = POSIXFiles.join(partial, Checkpoint.runsName)
        let ranges = state.layout.points.indices.map { p in offsets.map { $0[p]..<$0[p + 1] } }
        try PointOrderRuns.write(rows, ranges: ranges, columns: state.layout.columns, to: path)
        return path
    }
}

extension PrecisionReport {
    /// Target `t` in manifest.json: as given, its metric, the half-width it allows (a share of
    /// the estimate, or an amount), and the replications per point from which it held at every
    /// unit (null: it did not).
    func manifestEntry(_ t: Int) -> JSONValue {
        let target = targets[t]
        let units = self.units.filter { $0.target == t }
        let needed = units.compactMap(\.neededReplications)
        let (key, amount): (String, Double) = switch target.goal {
        case .relative(let f): ("halfWidthShareAtMost", f)
        case .absolute(let a): ("halfWidthAtMost", a)
        }
        let estimate: String = switch target.estimand {
        case .mean: "mean"
        case .quantile(_, let name): name
        case .tail: "tail probability"
        case .contrast: "paired contrast of means"
        }
        return JSONBuild.object([
            ("target", .string(target.text)),
            ("metric", .string(target.metric.spec.name)),
            ("estimate", .string(estimate)),
            (key, .number(amount)),
            ("replicationsNeeded", needed.count == units.count && !units.isEmpty ? .number(Double(needed.max()!)) : .null),
        ])
    }
}
