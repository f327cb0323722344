// Why a study could not run or merge, as data; the CLI maps each case to an
// exit status (SPEC §5: 2 for bad input).

/// A study that could not start or finish for a reason other than a model failure.
public enum StudyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A bad scenario file or override.
    case input(ScenarioError)
    /// Options or inputs that cannot work together (e.g. shards of different studies).
    case invalid(String)
    /// A file that could not be read or written.
    case io(String)

    /// The message, without `Error: `.
    public var description: String {
        switch self {
        case .input(let e): return e.description
        case .invalid(let m), .io(let m): return m
        }
    }
}
