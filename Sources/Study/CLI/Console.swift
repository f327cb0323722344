// Where the command line writes: the process's stdout and stderr, or buffers
// in tests (so every user-visible string can be pinned by an exact-text test).
import Foundation

/// Standard output and standard error of one command.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    /// Whether text goes to the process's streams (else to `output` and `errors`).
    private let usesStreams: Bool
    /// Whether a progress line may be drawn on standard error.
    public let showsProgress: Bool
    private var capturedOutput = ""
    private var capturedErrors = ""

    /// The process's streams; progress when stderr is a terminal.
    public static func standard() -> Console {
        Console(usesStreams: true, showsProgress: ProgressLine.standardErrorIsTerminal)
    }

    /// A console that keeps what is written in `output` and `errors`.
    public static func capturing() -> Console {
        Console(usesStreams: false, showsProgress: false)
    }

    private init(usesStreams: Bool, showsProgress: Bool) {
        (self.usesStreams, self.showsProgress) = (usesStreams, showsProgress)
    }

    /// Text written to standard output so far (capturing consoles only).
    public var output: String { lock.withLock { capturedOutput } }
    /// Text written to standard error so far (capturing consoles only).
    public var errors: String { lock.withLock { capturedErrors } }

    /// Writes to standard output.
    public func print(_ text: String) {
        lock.withLock {
            if usesStreams { FileHandle.standardOutput.write(Data(text.utf8)) } else { capturedOutput += text }
        }
    }

    /// Writes to standard error.
    public func printError(_ text: String) {
        lock.withLock {
            if usesStreams { FileHandle.standardError.write(Data(text.utf8)) } else { capturedErrors += text }
        }
    }
}
