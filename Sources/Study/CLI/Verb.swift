// A verb of the command line (`surfacesim <verb>`): its interface and what it does.
// Each verb lives in its own file; `Verbs.all` lists them.

/// Why a verb failed, with the exit status it maps to.
public enum CLIFailure: Error, Sendable, Equatable {
    /// Bad command-line syntax: one line, `Error: … (see 'surfacesim help <verb>')`; status 2.
    case usage(String)
    /// Bad input (scenario, files): `Error: …`; status 2.
    case input(String)
    /// A run failed (an invariant broke): `Error: …`; status 1.
    case failed(String)
    /// The environment refused (an I/O error, a full disk, a folder another run holds): `Error: …`; status 3.
    case environment(String)

    /// The exit status.
    public var status: Int32 {
        switch self {
        case .usage, .input: return 2
        case .failed: return 1
        case .environment: return 3
        }
    }
}

/// What a verb gets besides its arguments.
public struct VerbContext: Sendable {
    /// Where to write.
    public var console: Console
    /// The whole command line, program name first (for manifests).
    public var commandLine: [String]
    /// Every verb of this program (for `help`).
    public var verbs: [any Verb]
}

/// One verb of `surfacesim`.
public protocol Verb: Sendable {
    /// Its interface (name, help, options).
    var spec: CommandSpec { get }
    /// Runs it; returns the exit status (0 success, 1 a run failed, 130 interrupted).
    /// - Throws: `CLIFailure` for bad input or a failed run.
    func run(_ arguments: ParsedArguments, context: VerbContext) throws(CLIFailure) -> Int32
}

extension CLIFailure {
    /// The failure for a study error: bad or inconsistent input exits with status 2,
    /// what the environment refused with status 3.
    static func from(_ error: StudyError) -> CLIFailure {
        switch error {
        case .input(let e) where e.isEnvironment: return .environment(error.description)
        case .input, .invalid: return .input(error.description)
        case .io: return .environment(error.description)
        }
    }

    /// The failure for a scenario that could not be loaded: 3 when the system refused to
    /// read it, else 2.
    static func from(_ error: ScenarioError) -> CLIFailure {
        error.isEnvironment ? .environment(error.description) : .input(error.description)
    }
}
