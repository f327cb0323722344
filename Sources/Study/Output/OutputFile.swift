// One output file named on the command line (`trace --out`, `plot --out`):
// written without ever replacing what is not the program's to replace.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output file could not be written.
public enum OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path names something that cannot take the output (a folder, a socket, a block device): bad input.
    case unsuitable(path: String, reason: String)
    /// Writing failed: the environment refused.
    case failed(AtomicWriteError)

    /// `path: reason`.
    public var description: String {
        switch self {
        case .unsuitable(let path, let reason): return "\(path): \(reason)"
        case .failed(let error): return error.description
        }
    }
}

/// Writes a single output file.
public enum OutputFile {
    /// Writes `contents` to `path`: a character device (such as /dev/null) or a pipe is
    /// written directly; a symbolic link has its target written, atomically in the
    /// target's folder; a regular file or a new name is replaced atomically; a folder is refused.
    public static func write(_ path: String, _ contents: String) throws(OutputFileError) {
        let target = try resolveLinks(path)
        switch POSIXFiles.fileType(target) {
        case nil, S_IFREG?:
            do { try AtomicWriter.writeFile(target, contents) } catch { throw .failed(error) }
        case S_IFCHR?, S_IFIFO?:
            try writeInPlace(target, contents)
        case S_IFDIR?:
            throw .unsuitable(path: path, reason: "is a folder; name a file to write")
        default:
            throw .unsuitable(path: path, reason: "is neither a file, a character device nor a pipe")
        }
    }

    /// The path a chain of symbolic links at `path` ends in (which may not exist yet).
    static func resolveLinks(_ path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0..<40 {
            guard POSIXFiles.fileType(current) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else {
                throw .failed(AtomicWriteError(path: current, message: "cannot read the link: \(POSIXFiles.reason())"))
            }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : POSIXFiles.join(POSIXFiles.parent(of: current), target)
        }
        throw .unsuitable(path: path, reason: "too many levels of symbolic links")
    }

    /// Writes into an existing device or pipe (opening a pipe waits for its reader).
    private static func writeInPlace(_ path: String, _ contents: String) throws(OutputFileError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .failed(AtomicWriteError(path: path, message: "cannot open for writing: \(POSIXFiles.reason())"))
        }
        defer { close(descriptor) }
        do { try POSIXFiles.writeAll(descriptor, Array(contents.utf8)[...], path: path) } catch { throw .failed(error) }
    }
}
