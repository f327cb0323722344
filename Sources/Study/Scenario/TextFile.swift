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
    /// The file's contents as UTF-8 (invalid bytes replaced), or the system's reason it cannot be read.
    public static func contents(of path: String) -> Result<String, TextFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(TextFileError(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(TextFileError(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return .success(String(decoding: bytes, as: UTF8.self))
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
    /// The system's reason.
    public var reason: String
}
