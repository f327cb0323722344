// `surfacesim calibrate WORKSHEET [--out DIR]`: fits the platform figures a worksheet's
// `calibrate` block names to the times its probes took (docs/inference.md#calibration).
import Surfaces
import SurfaceCore

/// Fits platform figures to a phone's timings by rejection ABC and writes the posterior.
public struct CalibrateVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "calibrate",
            abstract: "Fit assumed platform figures (the widget's reload delay, push refusals, ...) to the times a worksheet's probes took.",
            discussion: """
            The worksheet is infer's (docs/inference.md) with times on its readings, several and \
            censored ones too ({reading: "updatedAfterMinutes", after: ["7m", "12m", ">10m"]}: '>' for not \
            yet shown when you stopped watching), and a 'calibrate' block: {parameters: {path: prior, ...}, \
            design: {path: value, ...}} (priors as in a scenario's uncertain block: {uniform: {low, high}}, \
            {normal: {mean, sd}}, {lognormal: {median, sigma}}; design optional: without it each timed \
            probe runs on the design infer finds most likely for its surface). A timed probe is one whose \
            script has a stopwatch step: P25.1 (until the widget shows an in-app change, 10 min) and P25.2 \
            (until it shows a change made elsewhere, 5 min). Rejection ABC: --draws draws of the figures \
            from their priors each run every timed probe as often as it was timed; the statistics of each \
            probe's timings (the share censored, the mean log time) are compared with the recorded ones in \
            a Euclidean distance scaled by each statistic's median absolute deviation over the draws; the \
            --accept share closest (at least 20) is the posterior. Writes posterior.csv (a row per kept \
            draw, a column per figure), calibration.csv (parameter,low,median,high: the 90% credible \
            interval), predictive.csv (the recorded statistics against the fitted model's), next.csv (the \
            probe worth timing next, and how many times, for each figure), uncertain.json5 (the posterior \
            as a scenario's uncertain block) and report.txt.
            """,
            arguments: [ArgumentSpec("worksheet", help: "The worksheet (JSON5) with timed readings and a 'calibrate' block.")],
            options: [
                OptionSpec("--draws", value: "n", help: "Draws from the priors, 100 to 1000000.", default: "2000"),
                OptionSpec("--accept", value: "share", help: "Share of the draws kept as the posterior, above 0 and at most 1.", default: "0.05"),
                OptionSpec("--runs", value: "n", help: "Without a stated design: infer's simulated runs per (probe, design).", default: "100"),
                OptionSpec("--seed", value: "s", help: "Base seed of the simulated runs.", default: "1"),
                OptionSpec("--jobs", value: "j", help: "Worker threads.", default: "the number of active processors"),
                OptionSpec("--out", value: "dir", help: "Result folder.", default: "Results/calibrate/<worksheet name>/"),
                OptionSpec("--quiet", help: "Print nothing but errors."),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let path = arguments.positionals[0]
        let draws = try arguments.integer("--draws", minimum: 100, maximum: 1_000_000) ?? 2_000
        let accept = try Self.share(arguments.value("--accept")) ?? 0.05
        let runs = try arguments.integer("--runs", minimum: 1, maximum: 10_000) ?? 100
        let seed = try arguments.seed() ?? 1
        let jobs = try arguments.jobs() ?? ChapterOutput.defaultJobs
        let worksheet: Worksheet
        do { worksheet = try WorksheetDecoder.load(path: path) } catch { throw .from(error) }
        guard let request = worksheet.calibration else {
            throw .input("\(path): no 'calibrate' block: name the figures to fit, e.g. calibrate: {parameters: {\"widget.reloadDelay\": {uniform: {low: \"1s\", high: \"60s\"}}}}")
        }
        let base = ChapterProbes.base(for: worksheet.platform)
        let (probes, candidates, designs) = Self.timedProbes(worksheet, request: request, base: base, runs: runs, seed: seed, jobs: jobs)
        guard !probes.isEmpty else {
            throw .input("\(path): no timed reading of a probe with a stopwatch step (P25.1, P25.2): record times as {reading: id, after: [\"7m\", \">10m\"]}")
        }
        let out = arguments.value("--out") ?? "Results/calibrate/" + ScenarioLoader.baseName(of: path)
        if let problem = OutputFolder.problem(out, ownFolderOnly: true) { throw .input(problem) }
        let lock: FolderLock
        do { lock = try FolderLock.acquire(try OutputFolder.resolve(out), command: context.commandLine) } catch {
            throw .environment(error.description)
        }
        defer { lock.release() }
        let table = CalibrationTable.simulate(request.figures, probes: probes, count: draws, seed: seed, jobs: jobs)
        let calibration = Calibration(figures: request.figures, probes: probes, table: table, accept: accept)
        let checks = CalibrationChecks(calibration, table: table, probes: probes, candidates: candidates, seed: seed, jobs: jobs)
        let report = CalibrationReport.text(calibration, checks: checks, probes: probes, designs: designs, draws: draws)
        try ChapterOutput.write(["posterior.csv": CalibrationReport.posteriorCSV(calibration),
                                 "calibration.csv": CalibrationReport.calibrationCSV(calibration),
                                 "predictive.csv": CalibrationReport.predictiveCSV(checks),
                                 "next.csv": CalibrationReport.nextCSV(checks),
                                 "uncertain.json5": CalibrationReport.uncertainFragment(calibration),
                                 "report.txt": report], to: out, lock: lock)
        if !arguments.flag("--quiet") { context.console.print(report + "\nWrote \(out)/\n") }
        return 0
    }

    /// The probes with a stopwatch step: those timed (with their recordings) and every candidate
    /// for timing next, each on its world: the stated design, or infer's most likely design of its surface.
    static func timedProbes(_ worksheet: Worksheet, request: CalibrationRequest, base: Parameters, runs: Int, seed: UInt64,
                            jobs: Int) -> (timed: [TimedProbe], candidates: [TimedProbe], designs: [String]) {
        let limits = Dictionary(uniqueKeysWithValues: ChapterProbes.stopwatchLimits.map { ($0.probe, $0.limit) })
        let stopwatchProbes = ChapterProbes.stopwatchLimits.map(\.probe).filter { id in
            TeardownSurface.of(probe: id).map { worksheet.surfacesInferred.contains($0) } ?? false
        }
        var worlds: [String: (Parameters, String)] = [:]
        if request.design.isEmpty {
            let surfaces = Array(Set(stopwatchProbes.compactMap { TeardownSurface.of(probe: $0) }))
                .sorted { $0.rawValue < $1.rawValue }
            let model = DesignLikelihoods.simulate(surfaces, base: base, runs: runs, seed: seed, jobs: jobs)
            let inference = TeardownInference(worksheet, model)
            for id in stopwatchProbes {
                guard let s = inference.surfaces.first(where: { $0.surface == TeardownSurface.of(probe: id) }) else { continue }
                let design = s.designs[s.best]
                worlds[id] = (design.parameters(base: base), design.name + " (infer)")
            }
        } else {
            var p = base
            let index = ParameterIndex.shared
            for a in request.design { index[a.path]!.set(&p, a.value) }
            for id in stopwatchProbes { worlds[id] = (p, "as stated") }
        }
        var timed: [TimedProbe] = [], candidates: [TimedProbe] = [], designs: [String] = []
        for id in stopwatchProbes {
            guard let probe = ChapterProbes.probe(id), let (p, name) = worlds[id] else { continue }
            // A time past the stopwatch step's limit was seen later, after the step: at the step
            // the surface had not shown it, so it is censored at the limit, as a simulated run's is.
            let limit = limits[id]!
            let recorded = (worksheet.readings[id] ?? []).compactMap(\.timing).map { t in
                t.time >= limit ? ProbeTiming(time: limit, censored: true) : t
            }
            candidates.append(TimedProbe(probe: probe, parameters: p, recorded: recorded.isEmpty ? [ProbeTiming(time: 0, censored: false)] : recorded))
            if !recorded.isEmpty {
                timed.append(TimedProbe(probe: probe, parameters: p, recorded: recorded))
                designs.append(name)
            }
        }
        return (timed, candidates, designs)
    }

    /// `--accept`: a share above 0 and at most 1.
    static func share(_ text: String?) throws(CLIFailure) -> Double? {
        guard let text else { return nil }
        guard let x = Double(text), x > 0, x <= 1 else { throw .usage("--accept: expected a share above 0 and at most 1, found '\(text)'") }
        return x
    }
}
