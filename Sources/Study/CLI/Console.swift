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
            if usesStreams { Self.write(text, to: STDOUT_FILENO) } else { capturedOutput += text }
        }
    }

    /// Writes to standard error.
    public func printError(_ text: String) {
        lock.withLock {
            if usesStreams { Self.write(text, to: STDERR_FILENO) } else { capturedErrors += text }
        }
    }

    /// Writes all of `text` to the file descriptor at once (unbuffered, as the streams were
    /// written before: a message is out before the process goes on), retrying short and
    /// interrupted writes; a stream that cannot be written (a closed pipe) is given up on.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc_write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// The C library's `write` (the name `write` is `Console.write` inside the class).
private func Glibc_write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
