// runs.csv is streamed to a file as replications finish, so memory does not
// grow with their number; it is put in place only at the end. The file keeps
// the checksum of what it holds, for the checkpoint.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An append-only text file that knows its length and checksum, for runs.csv rows.
final class RunsFile {
    /// Where the file is.
    let path: String
    /// Bytes written so far (the resume point of a checkpoint).
    private(set) var bytes: Int64
    /// The FNV-1a 64 checksum of those bytes.
    private(set) var checksum: FNV1a
    private var file: UnsafeMutablePointer<FILE>?
    /// The first write error, reported at `sync()`.
    private var failure: String?

    private init(path: String, file: UnsafeMutablePointer<FILE>, bytes: Int64, checksum: FNV1a) {
        (self.path, self.file, self.bytes, self.checksum) = (path, file, bytes, checksum)
    }

    /// A new, empty file (replacing any old one).
    static func create(_ path: String) throws(AtomicWriteError) -> RunsFile {
        let descriptor = try POSIXFiles.createOwnFile(path)
        guard let file = fdopen(descriptor, "w") else {
            let error = AtomicWriteError(path: path, message: "cannot create file: \(POSIXFiles.reason())")
            POSIXFiles.closeDescriptor(descriptor)
            throw error
        }
        return RunsFile(path: path, file: file, bytes: 0, checksum: FNV1a())
    }

    /// How an existing file fails to start with the bytes a checkpoint recorded.
    enum Mismatch: Error, Equatable {
        /// The file is not there.
        case missing
        /// The file is shorter than the checkpoint's length.
        case shorter(actual: Int64)
        /// The first bytes differ from what the checkpoint recorded.
        case changed
        /// The file could not be read.
        case unreadable(String)
    }

    /// An existing file whose first `bytes` bytes hash to `checksum`, cut back to them
    /// (rows after the checkpoint are dropped) and opened for appending.
    static func reopen(_ path: String, bytes: Int64, checksum expected: UInt64) throws(Mismatch) -> RunsFile {
        // The program's own file: a link planted in its place is refused, never followed.
        let input = POSIXFiles.openOwnFile(path)
        guard input >= 0, let reader = fdopen(input, "r") else {
            if errno == ENOENT { throw .missing }
            if errno == ELOOP || errno == EINVAL { throw .unreadable("not a regular file (a link or another kind of file); run with --fresh to start again") }
            throw .unreadable(POSIXFiles.reason())
        }
        var hash = FNV1a()
        var remaining = bytes
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while remaining > 0 {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, min($0.count, Int(remaining)), reader) }
            if count == 0 {
                let failed = ferror(reader) != 0
                fclose(reader)
                throw failed ? .unreadable(POSIXFiles.reason()) : .shorter(actual: bytes - remaining)
            }
            hash.add(buffer[..<count])
            remaining -= Int64(count)
        }
        fclose(reader)
        guard hash.value == expected else { throw .changed }
        let output = POSIXFiles.openOwnFile(path, flags: O_WRONLY | O_APPEND)
        guard output >= 0 else { throw .unreadable(POSIXFiles.reason()) }
        guard ftruncate(output, off_t(bytes)) == 0, let file = fdopen(output, "a") else {
            let reason = POSIXFiles.reason()
            POSIXFiles.closeDescriptor(output)
            throw .unreadable(reason)
        }
        return RunsFile(path: path, file: file, bytes: bytes, checksum: hash)
    }

    /// Appends text.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends UTF-8 bytes (a row as `RunsTable.row` builds it).
    func append(_ utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer { append($0) }
    }

    private func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        checksum.add(utf8)
        let count = fwrite(utf8.baseAddress, 1, utf8.count, file)
        bytes += Int64(utf8.count)
        if count != utf8.count, failure == nil { failure = "cannot write file: \(POSIXFiles.reason())" }
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
