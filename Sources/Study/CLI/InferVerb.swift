// `surfacesim infer WORKSHEET [--runs N] [--out DIR]`: from the readings a person recorded
// while probing a real app, the likely design of each surface (docs/inference.md).
import Surfaces
import SurfaceCore

/// Weighs a worksheet's readings against simulated probes and writes infer.csv.
public struct InferVerb: Verb {
    public init() {}

    public var spec: CommandSpec {
        CommandSpec(
            name: "infer",
            abstract: "Infer a real app's design, surface by surface, from the probe readings of a worksheet.",
            discussion: """
            The worksheet (JSON5) records what you saw while probing the app: 'platform' (ios or \
            android), optionally the 'surfaces' you saw it have (widget, action, share, live, watch, \
            signOut), and 'readings': for each probe id (P25.1 ...) one reading id, a list of them \
            (the probe run several times), or {reading, after: "7m"}; 'help probes' lists every probe \
            with its designs and reading ids. An optional 'prior' weighs designs: {widget: \
            {"reloadOnChange+pushReload": 3}} (a design not listed weighs 1). \
            Each surface's designs are every coherent combination of the designs its probes separate \
            (the widget: P25.1 x P25.2; the watch: P25.7 x P25.8), named with '+'. Every probe is \
            simulated --runs times on each design of its surface, on the platform's quiet probe \
            world (the runs of 'surfacesim probes', same seeds), and a reading's chance on a design is \
            (n + 1/2) / (runs + k/2) for k readings, so no single reading rules a design out. The \
            likelihood is the product over the recorded readings, the posterior is prior x likelihood \
            normalised per surface. infer.csv has surface,design,likelihood,posterior; the report \
            gives the most likely design of each surface with the chapter's worksheet fields (data \
            source, session, what bounds staleness, backend components implied) and the probe to run \
            next: the one with the largest expected information gain (mutual information of design and \
            reading, in bits). --set changes what the platform does, for every design, after the \
            design's own settings (e.g. --set push.wakeRefusal=0.9 if the phone refuses most wakes); \
            the study's keys, the app's design and the person's own behaviour cannot be set. \
            Example: surfacesim infer Scenarios/teardown-example.json5
            """,
            arguments: [ArgumentSpec("worksheet", help: "The worksheet (JSON5) of readings recorded on a real app.")],
            options: [
                OptionSpec("--runs", value: "n", help: "Simulated runs per (probe, design), 1 to 10000.", default: "200"),
                OptionSpec("--seed", value: "s", help: "Base seed of the simulated runs.", default: "1"),
                OptionSpec("--jobs", value: "j", help: "Worker threads.", default: "the number of active processors"),
                OptionSpec("--set", value: "path=value", help: "Set what the platform does, for every simulated design, after the design's own settings: " + Self.platformParameters.joined(separator: ", ") + ".", repeatable: true),
                OptionSpec("--out", value: "dir", help: "Folder for infer.csv and report.txt.", default: "Results/infer/<worksheet name>/"),
                OptionSpec("--quiet", help: "Print nothing but errors."),
            ])
    }

    public func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32 {
        let path = arguments.positionals[0]
        let runs = try arguments.integer("--runs", minimum: 1, maximum: 10_000) ?? 200
        let seed = try arguments.seed() ?? 1
        let jobs = try arguments.jobs() ?? ChapterOutput.defaultJobs
        let worksheet: Worksheet
        do { worksheet = try WorksheetDecoder.load(path: path) } catch { throw .from(error) }
        let base = ChapterProbes.base(for: worksheet.platform)
        let adjust = try Self.adjustments(arguments.all("--set"), base: base)
        let out = arguments.value("--out") ?? "Results/infer/" + ScenarioLoader.baseName(of: path)
        if let problem = OutputFolder.problem(out, ownFolderOnly: true) { throw .input(problem) }
        let lock: FolderLock
        do { lock = try FolderLock.acquire(try OutputFolder.resolve(out), command: context.commandLine) } catch {
            throw .environment(error.description)
        }
        defer { lock.release() }
        let model = DesignLikelihoods.simulate(worksheet.surfacesInferred, base: base, runs: runs, seed: seed, jobs: jobs) { p in
            for (spec, value) in adjust { spec.set(&p, value) }
        }
        let inference = TeardownInference(worksheet, model)
        let report = InferenceReport.text(inference, worksheet: worksheet, runs: runs)
        try ChapterOutput.write(["infer.csv": InferenceReport.csv(inference), "report.txt": report], to: out, lock: lock)
        if !arguments.flag("--quiet") { context.console.print(report + "\nWrote \(out)/infer.csv and \(out)/report.txt\n") }
        return 0
    }

    /// What `--set` may change for `infer`: what the platform does (docs/inference.md#likelihoods).
    /// The study's keys, the app's design (the designs set it), and what the person does
    /// unprompted (a probe's world holds only the probe's steps) are not among them.
    static let platformParameters = [
        "network.latency", "backend.processingTime", "storage.ioTime",
        "push.wakeRefusal", "push.delay", "push.loss", "push.wakesPerHour",
        "widget.budgetPerDay", "widget.reloadDelay", "widget.memoryLimit", "widget.providerMemory", "widget.providerTimeBudget",
        "live.pushBudgetPerHour", "live.maxActive", "live.lingerAfterEnd",
        "share.memoryLimit", "share.timeBudget",
    ]

    /// The `--set` options as parameter settings, checked on every design of the probe world.
    static func adjustments(_ texts: [String], base: Parameters) throws(CLIFailure) -> [(ParameterSpec, ParameterValue)] {
        let index = ParameterIndex.shared
        var out: [(ParameterSpec, ParameterValue)] = []
        var given: [String: String] = [:]   // the --set text that set each path
        do throws(ScenarioError) {
            for text in texts {
                let override = try Override(parsing: text)
                let a = try override.resolve(index)
                guard platformParameters.contains(a.path) else {
                    throw ScenarioError(.option("--set \(text)"), path: a.path,
                                        .expected("a parameter of what the platform does (\(platformParameters.joined(separator: ", ")))",
                                                  found: "\(a.path), which is the study's, the app's design or the person's (the probes' worlds hold only their steps)"),
                                        suggestion: NameSuggestion.nearest(to: a.path, among: platformParameters))
                }
                out.append((index[a.path]!, a.value))
                given[a.path] = text
            }
            for s in TeardownSurface.allCases where !out.isEmpty {
                for d in JointDesign.all(of: s, base: base) {
                    var p = d.parameters(base: base)
                    for (spec, value) in out { spec.set(&p, value) }
                    try ScenarioChecks.check(p, point: "\(s.rawValue) design \(d.name)") { .option("--set " + (given[$0] ?? texts.last ?? "")) }
                }
            }
        } catch { throw .from(error) }
        return out
    }
}
