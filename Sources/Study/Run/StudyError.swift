// Why a study could not run or merge, as data; the CLI maps each case to an
// exit status (2 for bad input, 3 when the environment refused).

/// A study that could not start or finish for a reason other than a model failure.
public enum StudyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A bad scenario file or override.
    case input(ScenarioError)
    /// Options or inputs that cannot work together (e.g. shards of different studies).
    case invalid(String)
    /// The environment refused: a file that could not be read or written, a full disk,
    /// a result folder another process is writing.
    case io(String)

    /// The message, without `Error: `.
    public var description: String {
        switch self {
        case .input(let e): return e.description
        case .invalid(let m), .io(let m): return m
        }
    }
}
