/// `--only ID[,ID...]` of `failures` and `probes` (docs/cli.md): the ids, checked.
enum ChapterSelection {
    /// The ids of `--only` (nil when absent).
    static func ids(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Refuses an unknown id with the nearest known one.
    static func check(_ ids: [String], known: [String], what: String) throws(CLIFailure) {
        for id in ids where !known.contains(id) {
            let hint = NameSuggestion.nearest(to: id, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw .usage("--only: no \(what) is called '\(ScenarioError.shorten(id))'\(hint); expected one of \(known.joined(separator: ", "))")
        }
    }
}
