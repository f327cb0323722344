// Every file of a finished study, built from its state and put in
// place together: runs.csv, summary.csv, distributions.csv, the SVGs, with more
// than one point contrasts.csv and its forest plot, a sampled study's sensitivity.csv
// and chart, coverage.csv, a shard's state.json, and manifest.json.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a study's result directory.
public enum StudyOutput {
    /// Builds every file and commits them into `directory`; `runsSource` is the
    /// finished, flushed runs.csv to move into place.
    /// `extra` are further files (name, text) staged with the charts (a selection's).
    /// - Returns: the paths written, runs.csv first and manifest.json last.
    static func write(_ state: StudyState, to directory: String, runsSource: String,
                      info: ManifestInfo, lock: FolderLock, extra: [(String, String)] = []) throws(StudyError) -> [String] {
        var commit = AtomicWriter(directory: directory)
        commit.removesUnwritten = isStudyOutput
        commit.leavesBehind = [Checkpoint.directoryName]
        commit.adopt("runs.csv", from: runsSource)
        // summary.csv and distributions.csv are written to files beside runs.csv's source, point
        // by point, and adopted as runs.csv is: the tables of a many-point sweep are never held whole.
        let summary = sibling("summary.csv", of: runsSource)
        defer { unlink(summary) }
        do { try SummaryTable.write(state, to: summary) } catch { throw .io(error.description) }
        commit.adopt("summary.csv", from: summary)
        let distributions = distributionsSource(beside: runsSource)
        defer { unlink(distributions) }
        do { try DistributionsTable.write(state, to: distributions) } catch { throw .io(error.description) }
        commit.adopt("distributions.csv", from: distributions)
        let contrasts = sibling("contrasts.csv", of: runsSource)
        defer { unlink(contrasts) }
        for plot in StudyPlots.render(state) { commit.stage(plot.name, plot.svg) }
        for file in SensitivityOutput.files(state) { commit.stage(file.name, file.text) }
        for file in UncertaintyOutput.files(state) { commit.stage(file.name, file.text) }
        for file in SeriesOutput.files(state) { commit.stage(file.name, file.text) }
        for (name, text) in extra { commit.stage(name, text) }
        if state.layout.points.count > 1 {
            // Read from the finished runs.csv: the paired replications (docs/output.md `contrasts.csv`),
            // written point by point beside runs.csv's source and adopted as it is; only the
            // charted metrics' rows, which the forest plots draw, are kept.
            let charted = Set(state.layout.report.charts.map(\.spec.name))
            let rows = try StudyContrasts.write(state, runsPath: runsSource, to: contrasts) { charted.contains($0.metric) }
            commit.adopt("contrasts.csv", from: contrasts)
            let named = state.layout.points.contains { Int($0.name) == nil }
            // A forest plot per measure the report charts (docs/output.md#contrasts).
            for group in SweepChart.groups(state.layout.report.charts) {
                if let svg = ForestPlot.render(rows, baseline: ForestPlot.baselineTitle(state),
                                               note: named ? "" : StudyPlots.columnsNote(state.layout.columns),
                                               metrics: group.metrics.map(\.spec.name), measure: group.measure,
                                               unit: group.metrics[0].spec.unit) {
                    commit.stage(ForestPlot.fileName(measure: group.measure), svg)
                }
            }
        }
        // Which of the platform's mechanisms the replications exercised (docs/output.md#coverage).
        commit.stage("coverage.csv", MechanismCoverage(state).table.render())
        if state.shard != nil { commit.stage("state.json", PrettyJSON.render(state.json())) }
        // Listed as ever: runs.csv, summary.csv, distributions.csv, the charts, then contrasts.csv
        // before its forest plots, then coverage.csv (the tables are adopted, the charts staged).
        var names = commit.stagedNames.filter { $0 != "contrasts.csv" }
        if commit.stagedNames.contains("contrasts.csv") {
            let after = names.firstIndex(where: ForestPlot.isFileName) ?? names.firstIndex(of: "coverage.csv") ?? names.count
            names.insert("contrasts.csv", at: after)
        }
        names.append("manifest.json")
        commit.stage("manifest.json", Manifest.render(state, info: info, files: names))
        do { try commit.commit(holding: lock) } catch { throw .io(error.description) }
        return names.map { POSIXFiles.join(directory, $0) }
    }

    /// Where distributions.csv is written before it is committed: `runsSource`'s path with its
    /// name's `runs.csv` read as `distributions.csv` (`.partial/distributions.csv.part` for a run,
    /// `.<folder>.commit-<pid>.distributions.csv` beside the folder for a merge), so it is
    /// cleared with the rest of what the writer left.
    static func distributionsSource(beside runsSource: String) -> String { sibling("distributions.csv", of: runsSource) }

    /// Where a table written before the commit (`distributions.csv`, `contrasts.csv`) waits:
    /// `runsSource`'s path with its name's `runs.csv` read as `table`.
    static func sibling(_ table: String, of runsSource: String) -> String {
        let slash = runsSource.lastIndex(of: "/")
        let folder = slash.map { String(runsSource[...$0]) } ?? ""
        let name = slash.map { String(runsSource[runsSource.index(after: $0)...]) } ?? runsSource
        let runs = "runs.csv"
        if name.hasPrefix(runs) { return folder + table + name.dropFirst(runs.count) }
        if name.hasSuffix(runs) { return folder + name.dropLast(runs.count) + table }
        return folder + name + "." + table
    }

    /// Names of files a study writes whose presence depends on the study (the plots, a
    /// shard's state); old ones not rewritten are removed so a directory never mixes two studies.
    static func isStudyOutput(_ name: String) -> Bool {
        (name.contains("-ecdf-") || name.hasPrefix("sweep-")) && name.hasSuffix(".svg") || name == "state.json"
            || SensitivityOutput.names.contains(name) || UncertaintyOutput.names.contains(name)
            || name == "contrasts.csv" || ForestPlot.isFileName(name) || SeriesOutput.isFileName(name)
            || SelectionTable.names.contains(name)
    }
}
