// The command that resumes an interrupted run, printed when Ctrl-C stops one:
// the same command line with --resume (and without --fresh or --stop-after),
// quoted for a POSIX shell.

/// Builds the resume command of a run.
enum ResumeCommand {
    /// `arguments` (program name first) as a shell command that continues the run.
    static func render(_ arguments: [String]) -> String {
        var kept: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if argument == "--fresh" || argument == "--resume" || argument.hasPrefix("--stop-after=") { continue }
            if argument == "--stop-after" { i += 1; continue }
            kept.append(argument)
        }
        kept.append("--resume")
        return kept.map(quote).joined(separator: " ")
    }

    /// `text` as one shell word: unchanged when safe, else in single quotes.
    static func quote(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./=:,+@%".unicodeScalars.contains($0)
        }
        return safe ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
