import Surfaces
import SurfaceCore

/// `failures --export DIR` and `probes --export DIR` (docs/cli.md#failures): each selected
/// study as a plain scenario file, the scenario as `Scenario.renderedJSON()` writes it (as in
/// manifest.json) after a comment that says what it is and what it reproduces.
public enum ChapterExport {
    /// The files of the failures' variants: `<ID>-causes.json5` and `<ID>-avoids.json5`.
    public static func failureFiles(_ failures: [FailureMode], runs: Int, studySeed: UInt64) -> [String: String] {
        var files: [String: String] = [:]
        for failure in failures {
            let both = FailureMode.Variant.allCases.map { FailureScenario.scenario(failure, $0, runs: runs, studySeed: studySeed) }
            for (variant, scenario) in zip(FailureMode.Variant.allCases, both) {
                let other = both.first { $0.name != scenario.name }!
                let design = differences(scenario.base, other.base).joined(separator: ", ")
                let comment = [
                    "\(failure.id) (\(variant.rawValue)): \(failure.title).",
                    "Written by `surfacesim failures --only \(failure.id) --runs \(runs) --seed \(studySeed) --export DIR`.",
                    "`surfacesim run \(scenario.file)` reproduces that study's \(variant.rawValue) row of failures.csv:",
                    "the same seeds, replications and parameters, so summary.csv's \(failure.rule.figure) of \(failure.metric)",
                    "is failures.csv's value, and the rule below applied to runs.csv gives its share.",
                    "What this variant sets and the other does not: \(design.isEmpty ? "nothing" : design).",
                    "Noticed (the rule of failures.csv's share): \(failure.rule.text).",
                ]
                files[scenario.file] = text(scenario, comment: comment)
            }
        }
        return files
    }

    /// The files of the probes' designs: `<probe>-<design>.json5`. `run` cannot reproduce a
    /// probe's reading (the probe is a script of steps on a world it drives): the file holds
    /// the design's parameters on the probe's quiet world, and says so.
    public static func probeFiles(_ probes: [ChapterProbe], runs: Int, studySeed: UInt64) -> [String: String] {
        var files: [String: String] = [:]
        for probe in probes {
            for design in probe.designs {
                let name = "\(probe.id)-\(design.name)"
                let comment = [
                    "\(probe.id) \(probe.title), design \(design.name) (the chapter predicts: \(design.predicted)).",
                    "Written by `surfacesim probes --only \(probe.id) --runs \(runs) --seed \(studySeed) --export DIR`.",
                    "The design's parameters on the probe's quiet world (nobody uses the app unprompted).",
                    "`surfacesim run` of this file does NOT give the probe's reading: the probe is a script",
                    "of the chapter's steps on a world it drives. The reading needs `surfacesim probes --only \(probe.id)`.",
                ]
                files[name + ".json5"] = designFile(name, "\(probe.id) \(probe.title): the \(design.name) design",
                                                    probe.parameters(design), runs: runs, studySeed: studySeed, comment: comment)
            }
        }
        return files
    }

    /// The files of the signals' designs: `<signal>-<design>.json5`, the design's parameters on
    /// the signal's world. As for a probe, `run` of the file does not give the signal: it is a
    /// script of steps on a world it drives, and the file says so.
    public static func signalFiles(_ signals: [ChapterSignal], runs: Int, studySeed: UInt64) -> [String: String] {
        var files: [String: String] = [:]
        for signal in signals {
            for design in [signal.design, signal.contrast] {
                let name = "\(signal.id)-\(design.name)"
                let comment = [
                    "\(signal.id) \(signal.text), design \(design.name)\(design.name == signal.design.name ? " (the design it points to)" : " (the contrast)").",
                    "Written by `surfacesim signals --only \(signal.id) --runs \(runs) --seed \(studySeed) --export DIR`.",
                    "The design's parameters on the signal's quiet world. `surfacesim run` of this file does NOT",
                    "show the signal: that is a script of steps on a world it drives (`surfacesim signals --only \(signal.id)`).",
                ]
                files[name + ".json5"] = designFile(name, "\(signal.id) \(signal.text): the \(design.name) design",
                                                    signal.parameters(design), runs: runs, studySeed: studySeed, comment: comment)
            }
        }
        return files
    }

    /// One design's parameters, with the study's seed and run count, as the text of the scenario
    /// file `<name>.json5` after its comment.
    private static func designFile(_ name: String, _ description: String, _ parameters: Parameters,
                                   runs: Int, studySeed: UInt64, comment: [String]) -> String {
        var p = parameters
        p.seed = studySeed
        p.replications = runs
        return text(Scenario(name: name, description: description, file: name + ".json5", base: p, sweep: Sweep()), comment: comment)
    }

    /// The scenario as JSON5 text: `//` comment lines, then the rendered scenario.
    static func text(_ scenario: Scenario, comment: [String]) -> String {
        comment.map { "// " + $0 + "\n" }.joined() + PrettyJSON.render(scenario.renderedJSON())
    }

    /// `path = value` for each parameter whose value differs between `a` and `b` (a's value).
    static func differences(_ a: Parameters, _ b: Parameters) -> [String] {
        ParameterIndex.shared.specs.compactMap { spec in
            let x = ParameterRendering.node(ParameterRendering.json(spec.get(a), kind: spec.kind)).render()
            let y = ParameterRendering.node(ParameterRendering.json(spec.get(b), kind: spec.kind)).render()
            return x == y ? nil : "\(spec.path) = \(x)"
        }
    }
}
