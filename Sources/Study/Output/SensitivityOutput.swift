// The files a sampled study adds to its results (docs/output.md#sensitivitycsv):
// sensitivity.csv and sensitivity.svg, committed with the other files.

/// sensitivity.csv and its chart.
enum SensitivityOutput {
    /// The names of the files, whose presence depends on the study.
    static let names: Set<String> = ["sensitivity.csv", SensitivityChart.fileName]

    /// The files of `state` (none unless its sweep samples a region).
    static func files(_ state: StudyState) -> [(name: String, text: String)] {
        guard let design = state.layout.sample else { return [] }
        let effects = SensitivityAnalysis.effects(state, design: design)
        return [("sensitivity.csv", SensitivityAnalysis.render(effects, method: design.method)),
                (SensitivityChart.fileName, SensitivityChart.render(effects, method: design.method, parameters: design.ranges.map(\.path)))]
    }
}
