// An output file of the command line (`trace --out`, `plot --out`), with its
// failures mapped to exit statuses: an unsuitable path is bad input (2), a
// failed write the environment refusing (3).

extension OutputFile {
    /// Writes `contents` to `path` for a verb.
    static func write(_ contents: String, to path: String) throws(CLIFailure) {
        do {
            try write(path, contents)
        } catch {
            switch error {
            case .unsuitable: throw .input(error.description)
            case .failed: throw .environment(error.description)
            }
        }
    }
}
