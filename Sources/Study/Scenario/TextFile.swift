// Reading a whole text file with the system's reason on failure, for
// scenario files, shard state and CSV given to `plot`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads that report why they failed.
public enum TextFile {
    /// The largest scenario or worksheet file read: 4 MiB, checked while reading (a device
    /// reports no size).
    public static let inputLimit = 4 * 1_048_576

    /// The file's contents, or why it cannot be read: the system's reason, not a regular
    /// file, larger than `limit` bytes, a NUL byte, or invalid UTF-8 (with the line and
    /// column of the first bad byte).
    /// With `followingLinks` false (a file the program owns: a checkpoint) a symbolic link is refused.
    public static func contents(of path: String, limit: Int = .max, followingLinks: Bool = true) -> Result<String, TextFileError> {
        // Non-blocking, so a FIFO with no writer is refused instead of waited for.
        let descriptor = InputSnapshot.openHeld(path) ?? open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            // A path that names nothing is bad input; anything else the system refused.
            let badPath = [ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG].contains(errno)
            return .failure(TextFileError(reason: String(cString: strerror(errno)), refusedBySystem: !badPath))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(TextFileError(reason: String(cString: strerror(errno)), refusedBySystem: true))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(TextFileError(reason: "not a regular file")) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(TextFileError(reason: String(cString: strerror(errno)), refusedBySystem: true))
            }
            if count == 0 { break }
            if bytes.count + count > limit {
                return .failure(TextFileError(reason: "larger than the \(limit / 1_048_576) MiB an input file may have"))
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        if let problem = firstBadByte(bytes) { return .failure(problem) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The first NUL byte or invalid UTF-8 sequence, located by line and column (columns
    /// count characters).
    static func firstBadByte(_ bytes: [UInt8]) -> TextFileError? {
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            var length = 0
            switch b {
            case 0: return TextFileError(reason: "a NUL byte", line: line, column: column)
            case 0x01...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return TextFileError(reason: "invalid UTF-8", line: line, column: column)
            }
            guard i + length <= bytes.count else { return TextFileError(reason: "invalid UTF-8", line: line, column: column) }
            for k in 1..<max(1, length) where bytes[i + k] & 0xC0 != 0x80 {
                return TextFileError(reason: "invalid UTF-8", line: line, column: column)
            }
            if length == 3 {   // overlong forms and surrogates
                let b1 = bytes[i + 1]
                if (b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0) {
                    return TextFileError(reason: "invalid UTF-8", line: line, column: column)
                }
            } else if length == 4 {
                let b1 = bytes[i + 1]
                if (b == 0xF0 && b1 < 0x90) || (b == 0xF4 && b1 >= 0x90) {
                    return TextFileError(reason: "invalid UTF-8", line: line, column: column)
                }
            }
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return nil
    }

    /// Whether `path` exists and is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}

/// Why a file could not be read (e.g. `No such file or directory`).
public struct TextFileError: Error, Sendable, Equatable {
    /// The system's reason, or what is wrong with the bytes.
    public var reason: String
    /// Where in the file, for a bad byte.
    public var line: Int? = nil
    public var column: Int? = nil
    /// The system refused (permission, an I/O error), rather than the input being bad.
    public var refusedBySystem = false

    public init(reason: String, line: Int? = nil, column: Int? = nil, refusedBySystem: Bool = false) {
        (self.reason, self.line, self.column, self.refusedBySystem) = (reason, line, column, refusedBySystem)
    }
}
