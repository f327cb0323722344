// Where the command line writes: the process's stdout and stderr, or buffers
// in tests (so every user-visible string can be pinned by an exact-text test).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error of one command.
public final class Console: @unchecked Sendable {
    private let lock = ThreadCondition()
    /// The descriptors text goes to (nil: kept in `output` and `errors`).
    private let streams: (output: Int32, errors: Int32)?
    /// Whether a progress line may be drawn on standard error (a terminal).
    public let showsProgress: Bool
    /// Whether progress goes to standard error as whole lines (the process's own standard
    /// error, not a terminal: a log, a pipe, a batch job's output file).
    public let logsProgress: Bool
    private var capturedOutput = ""
    private var capturedErrors = ""
    private var outputFailure: String?

    /// The process's streams; progress when stderr is a terminal.
    public static func standard() -> Console {
        let terminal = ProgressLine.standardErrorIsTerminal
        return Console(streams: (STDOUT_FILENO, STDERR_FILENO), showsProgress: terminal, logsProgress: !terminal)
    }

    /// A console that keeps what is written in `output` and `errors`.
    public static func capturing() -> Console {
        Console(streams: nil, showsProgress: false)
    }

    /// A console writing to the descriptors `output` and `errors` (tests: a full device).
    static func writing(to output: Int32, errors: Int32) -> Console {
        Console(streams: (output, errors), showsProgress: false)
    }

    private init(streams: (output: Int32, errors: Int32)?, showsProgress: Bool, logsProgress: Bool = false) {
        (self.streams, self.showsProgress, self.logsProgress) = (streams, showsProgress, logsProgress)
    }

    /// Text written to standard output so far (capturing consoles only).
    public var output: String { lock.withLock { capturedOutput } }
    /// Text written to standard error so far (capturing consoles only).
    public var errors: String { lock.withLock { capturedErrors } }
    /// Why standard output could not be written (`standard output: cannot write file: …`: the
    /// disk full, the descriptor closed), if it could not: the command then exits 3, as when
    /// an output file cannot be written.
    public var standardOutputFailure: String? { lock.withLock { outputFailure } }

    /// Writes to standard output.
    public func print(_ text: String) {
        lock.withLock {
            guard let streams else { return capturedOutput += text }
            if let reason = Self.write(text, to: streams.output, named: "standard output"), outputFailure == nil { outputFailure = reason }
        }
    }

    /// Writes to standard error (a message that cannot be written is lost: there is nowhere
    /// left to report it).
    public func printError(_ text: String) {
        lock.withLock {
            guard let streams else { return capturedErrors += text }
            _ = Self.write(text, to: streams.errors, named: "standard error")
        }
    }

    /// Writes all of `text` to the descriptor at once, as the output files are written
    /// (`POSIXFiles.writeAll`: short and interrupted writes retried; unbuffered, so a message
    /// is out before the process goes on), and says why it could not. (A closed pipe ends the
    /// process with SIGPIPE before that, as it always did.)
    private static func write(_ text: String, to descriptor: Int32, named name: String) -> String? {
        do {
            try POSIXFiles.writeAll(descriptor, Array(text.utf8)[...], path: name)
            return nil
        } catch {
            return error.description
        }
    }
}
