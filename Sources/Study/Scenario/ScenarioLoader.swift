// Reading a scenario file (docs/scenarios.md): the platform's defaults, then every key of
// the file, then `--set` overrides, then the sweep (with `--sweep` axes). The first bad input stops
// decoding with one `ScenarioError`; nothing is silently ignored.
import Surfaces
import SurfaceCore

/// Decodes scenario files into `Scenario`s.
public enum ScenarioLoader {
    /// Keys of a scenario file that are not parameters.
    static let reservedKeys: Set<String> = ["name", "description", "sweep", UncertainDecoder.key, SurfaceSelection.key]

    /// Reads and decodes the scenario at `path`, applying `overrides` (`path=value` texts)
    /// and `sweeps` (`--sweep path=values` texts, `SweepOption`).
    /// - Throws: `ScenarioError` for an unreadable file or any bad input.
    /// `uncertainty`: `run --platform-uncertainty` (docs/scenarios.md#platform-uncertainty).
    public static func load(path: String, overrides: [String] = [], sweeps: [String] = [],
                            uncertainty: UncertaintyRequest? = nil) throws(ScenarioError) -> Scenario {
        switch TextFile.contents(of: path, limit: TextFile.inputLimit) {
        case .success(let text): return try decode(text, file: path, overrides: overrides, sweeps: sweeps, uncertainty: uncertainty)
        case .failure(let failure):
            if let line = failure.line, let column = failure.column {
                throw ScenarioError(.file(path, line: line, column: column), .unreadable(failure.reason))
            }
            if failure.refusedBySystem { throw ScenarioError(.wholeFile(path), .refused(failure.reason)) }
            throw ScenarioError(.wholeFile(path), .unreadable(failure.reason))
        }
    }

    /// Decodes scenario text; `file` names it in errors and gives the default name.
    /// - Throws: `ScenarioError` for the first bad input.
    public static func decode(_ text: String, file: String, overrides: [String] = [], sweeps: [String] = [],
                              uncertainty request: UncertaintyRequest? = nil) throws(ScenarioError) -> Scenario {
        let root: JSONNode
        do {
            root = try JSON5.parse(text)
        } catch {
            throw ScenarioError(.file(file, line: error.line, column: error.column), .syntax(error.message))
        }
        guard case .object(let given) = root.value else {
            throw ScenarioError(.file(file, line: root.line, column: root.column),
                                .expected("an object of parameters", found: ValueDecoder.describe(root)))
        }
        let (withoutBaseline, baselineMember) = BaselineDecoder.extract(given)
        let (withoutSeries, seriesMember) = SeriesDecoder.extract(withoutBaseline)
        let (withoutContrasts, contrastsMember) = ContrastDesignDecoder.extract(withoutSeries)
        let (withoutSelect, selectMember) = SelectionDecoder.extract(withoutContrasts)
        let (members, reportMember) = ReportDecoder.extract(withoutSelect)
        let index = ParameterIndex.shared
        var keys = ParameterKeys(index: index, file: file, topLevelKeys: reservedKeys.sorted())
        try keys.collect(members, reserved: reservedKeys)
        var parsedOverrides: [Override] = []
        for text in overrides { parsedOverrides.append(try Override(parsing: text)) }
        var sweepOptions: [SweepOption] = []
        for text in sweeps { sweepOptions.append(try SweepOption(parsing: text)) }
        // `--set observe.report=...` chooses outputs, not a parameter (`ReportDecoder`).
        let reportOverrides = parsedOverrides.filter { $0.path == ReportDecoder.path }
        parsedOverrides.removeAll { $0.path == ReportDecoder.path }
        var assignments: [Assignment] = []
        for item in keys.found { assignments.append(Assignment(path: item.path, value: try keys.decode(item))) }
        var overridden: [Assignment] = []
        for o in parsedOverrides { overridden.append(try o.resolve(index)) }
        var selection: SurfaceSelection?
        if let entry = members.first(where: { $0.key == SurfaceSelection.key }) {
            let chosen = try SurfaceSelection(entry.value, index: index, file: file, keyLine: entry.keyLine, keyColumn: entry.keyColumn)
            for (item, a) in zip(keys.found, assignments) {
                try chosen.check(a, at: .file(file, line: item.keyLine, column: item.keyColumn))
            }
            for (o, a) in zip(parsedOverrides, overridden) { try chosen.check(a, at: .option("--set \(o.text)")) }
            selection = chosen
        }
        // Values from the file and --set beat the profile's defaults, at every point (docs/scenarios.md#platform-profiles).
        let explicit = (selection?.assignments ?? []) + assignments + overridden
        var base = Parameters.defaults(for: platform(explicit))
        for a in explicit { index[a.path]!.set(&base, a.value) }

        var sweep = Sweep()
        if let node = root[key: "sweep"] { sweep = try SweepDecoder(index: index, file: file, base: base).decode(node) }
        sweep = try SweepOption.apply(sweepOptions, to: sweep, index: index)
        for (o, a) in zip(parsedOverrides, overridden) where sweep.columns.contains(a.path) {
            throw ScenarioError(.option("--set \(o.text)"), path: a.path,
                                .other("is swept by \(sweepOptions.contains { $0.path == a.path || index.rateShorthand($0.path) == a.path } ? "--sweep" : "the scenario"), so --set cannot also set it"))
        }
        let sweepEntry = members.first(where: { $0.key == "sweep" })
        if let selection, sweepEntry != nil || !sweepOptions.isEmpty {
            let fromOptions = Dictionary(sweepOptions.map { (index[$0.path] != nil ? $0.path : index.rateShorthand($0.path) ?? $0.path, $0.location) },
                                         uniquingKeysWith: { first, _ in first })
            for point in sweep.points {
                for a in point.assignments {
                    let location = fromOptions[a.path] ?? sweepEntry.map { .file(file, line: $0.keyLine, column: $0.keyColumn) } ?? .wholeFile(file)
                    try selection.check(a, at: location, point: sweep.columns.isEmpty ? nil : point.name)
                }
            }
        }
        var scenario = Scenario(name: try name(root, file: file), description: try string(root, "description", file: file) ?? "",
                                file: file, base: base, sweep: sweep, explicit: explicit)
        if let baselineMember { scenario.baseline = try BaselineDecoder(index: index, file: file).resolve(baselineMember, in: sweep) }
        if let contrastsMember { scenario.contrasts = try ContrastDesignDecoder(file: file).decode(contrastsMember, sweep: sweep) }
        var uncertainty: PlatformUncertainty?
        if let entry = members.first(where: { $0.key == UncertainDecoder.key }) {
            uncertainty = try UncertainDecoder(index: index, file: file, defaultSeed: base.seed).decode(entry.value)
            for figure in uncertainty!.figures where sweep.columns.contains(figure.path) {
                throw ScenarioError(.file(file, line: entry.keyLine, column: entry.keyColumn), path: figure.path,
                                    .other("is swept by the scenario, so it cannot also be uncertain"))
            }
        }
        if let request {
            // Every assumed figure not swept and not given a law by the file, uniform over its plausible range.
            var combined = uncertainty ?? PlatformUncertainty(draws: PlatformUncertainty.defaultDraws, seed: base.seed, figures: [])
            let given = Set(combined.figures.map(\.path))
            combined.figures += PlatformUncertainty.assumedFigures(of: base.platformProfile, base: base)
                .filter { !given.contains($0.path) && !sweep.columns.contains($0.path) }
            if let draws = request.draws { combined.draws = draws }
            uncertainty = combined
        }
        if let uncertainty, !uncertainty.figures.isEmpty {
            scenario.sweep = sweep.expanded(by: uncertainty, base: base)
            // Each design is contrasted with its baseline in the same draw (the draws are strata),
            // and each contrast says in how many draws it keeps its sign.
            let given = scenario.contrasts
            scenario.contrasts = ContrastDesign(within: (given?.within ?? []) + uncertainty.figures.map(\.path),
                                                pairs: given?.pairs ?? .baseline, holm: given?.holm ?? false, signAcrossDraws: true)
        }
        if let reportMember { scenario.report = try ReportDecoder(file: file).decode(reportMember.value) }
        for o in reportOverrides { scenario.report = try ReportDecoder(override: o).decode(override: o) }
        if let seriesMember {
            let decoder = SeriesDecoder(file: file)
            scenario.series = try decoder.check(try decoder.decode(seriesMember.value), of: scenario, node: seriesMember.value)
        }
        // Where each value was last written: the sweep wins over the file, an override over both.
        var written: [String: InputLocation] = [:]
        for a in selection?.assignments ?? [] { written[a.path] = selection?.location }
        for item in keys.found { written[item.path] = .file(file, line: item.keyLine, column: item.keyColumn) }
        if let entry = members.first(where: { $0.key == "sweep" }) {
            for path in sweep.columns { written[path] = .file(file, line: entry.keyLine, column: entry.keyColumn) }
        }
        for o in sweepOptions { written[index[o.path] != nil ? o.path : index.rateShorthand(o.path) ?? o.path] = o.location }
        for (o, a) in zip(parsedOverrides, overridden) { written[a.path] = .option("--set \(o.text)") }
        let total = Double(scenario.sweep.points.count) * Double(scenario.base.replications)
        if total > Double(Sweep.maxReplications) {
            throw ScenarioError(written["replications"] ?? .wholeFile(file), path: "replications",
                                .expected("a study of at most \(Sweep.maxReplications) replications in all (points × replications)",
                                          found: "\(scenario.sweep.points.count) points × \(scenario.base.replications)"))
        }
        if let selectMember {
            if scenario.sweep.uncertain != nil {
                throw ScenarioError(.file(file, line: selectMember.keyLine, column: selectMember.keyColumn), path: "observe.select",
                                    .other("cannot be combined with uncertain platform figures: a selection ranks designs in one world, an uncertain study runs each design in many"))
            }
            let decoder = SelectionDecoder(file: file)
            let settings = try decoder.decode(selectMember)
            try decoder.check(settings, member: selectMember, scenario: scenario, replicationsAt: written["replications"] ?? .wholeFile(file))
            scenario.selection = settings
        }
        let swept = !scenario.sweep.columns.isEmpty
        for i in scenario.sweep.points.indices {
            try ScenarioChecks.check(scenario.parameters(ofPoint: i), point: swept ? scenario.sweep.points[i].name : nil) {
                written[$0] ?? .wholeFile(file)
            }
        }
        return scenario
    }

    /// The platform profile: the last value given (an override wins over the file).
    private static func platform(_ assignments: [Assignment]) -> PlatformProfile {
        for a in assignments.reversed() where a.path == "platform" {
            if case .choice(let name) = a.value, let profile = PlatformProfile(rawValue: name) { return profile }
        }
        return .ios
    }

    /// `name`, or the file's base name without `.json5`/`.json`.
    private static func name(_ root: JSONNode, file: String) throws(ScenarioError) -> String {
        if let given = try string(root, "name", file: file) {
            // It names the result folder: a file name of at most 255 bytes.
            guard !given.isEmpty, !given.contains("/"), given != ".", given != "..", given.utf8.count <= 255 else {
                let node = root[key: "name"]!
                throw ScenarioError(.file(file, line: node.line, column: node.column), path: "name",
                                    .expected("a non-empty name without '/' of at most 255 bytes (it names the result folder)",
                                              found: ValueDecoder.describe(node)))
            }
            return given
        }
        return baseName(of: file)
    }

    /// `Scenarios/default.json5` → `default`.
    public static func baseName(of file: String) -> String {
        var name = file.split(separator: "/").last.map(String.init) ?? file
        for suffix in [".json5", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    /// A top-level string member, if present.
    private static func string(_ root: JSONNode, _ key: String, file: String) throws(ScenarioError) -> String? {
        guard let node = root[key: key] else { return nil }
        guard case .string(let text) = node.value else {
            throw ScenarioError(.file(file, line: node.line, column: node.column), path: key,
                                .expected("a string", found: ValueDecoder.describe(node)))
        }
        return text
    }
}
