// runs.csv is streamed to a file as replications finish, so memory does not
// grow with their number; it is renamed into place only at the end.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An append-only text file that knows its length, for runs.csv rows.
final class RunsFile {
    /// Where the file is.
    let path: String
    /// Bytes written so far (the resume point of a checkpoint).
    private(set) var bytes: Int64
    private var file: UnsafeMutablePointer<FILE>?
    /// The first write error, reported at `sync()`.
    private var failure: String?

    private init(path: String, file: UnsafeMutablePointer<FILE>, bytes: Int64) {
        (self.path, self.file, self.bytes) = (path, file, bytes)
    }

    /// A new, empty file (replacing any old one).
    static func create(_ path: String) throws(AtomicWriteError) -> RunsFile {
        guard let file = fopen(path, "w") else {
            throw AtomicWriteError(path: path, message: "cannot create file: \(POSIXFiles.reason())")
        }
        return RunsFile(path: path, file: file, bytes: 0)
    }

    /// An existing file cut back to `bytes` (a checkpoint's length) and opened for appending.
    static func reopen(_ path: String, truncatingTo bytes: Int64) throws(AtomicWriteError) -> RunsFile {
        guard truncate(path, off_t(bytes)) == 0, let file = fopen(path, "a") else {
            throw AtomicWriteError(path: path, message: "cannot resume file: \(POSIXFiles.reason())")
        }
        return RunsFile(path: path, file: file, bytes: bytes)
    }

    /// Appends text.
    func append(_ text: String) {
        var text = text
        let count = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        bytes += Int64(count)
        if count != text.utf8.count, failure == nil { failure = "cannot write file: \(POSIXFiles.reason())" }
    }

    /// Flushes to disk.
    func sync() throws(AtomicWriteError) {
        if let failure { throw AtomicWriteError(path: path, message: failure) }
        guard fflush(file) == 0, fsync(fileno(file)) == 0 else {
            throw AtomicWriteError(path: path, message: "cannot flush file: \(POSIXFiles.reason())")
        }
    }

    /// Closes the file.
    func close() {
        if let file { fclose(file) }
        file = nil
    }

    deinit { close() }
}
