// Every file of a finished study (SPEC §6), built from its state and put in
// place together: runs.csv, summary.csv, distributions.csv, the SVGs, a
// shard's state.json, and manifest.json.

/// Writes a study's result directory.
public enum StudyOutput {
    /// Builds every file and commits them into `directory`; `runsSource` is the
    /// finished, flushed runs.csv to move into place.
    /// - Returns: the paths written, runs.csv first and manifest.json last.
    static func write(_ state: StudyState, to directory: String, runsSource: String,
                      info: ManifestInfo) throws(AtomicWriteError) -> [String] {
        var commit = ResultCommit(directory: directory)
        commit.adopted.append(("runs.csv", runsSource))
        commit.staged.append(("summary.csv", SummaryTable.render(state)))
        commit.staged.append(("distributions.csv", DistributionsTable.render(state)))
        for plot in StudyPlots.render(state) { commit.staged.append((plot.name, plot.svg)) }
        if state.shard != nil { commit.staged.append(("state.json", PrettyJSON.render(state.json()))) }
        let names = commit.names + ["manifest.json"]
        commit.staged.append(("manifest.json", Manifest.render(state, info: info, files: names)))
        try commit.commit()
        return names.map { POSIXFiles.join(directory, $0) }
    }
}
