// Reading the program's own CSV files (runs.csv, summary.csv, distributions.csv) back
// record by record, so `compare`, `merge` and `plot` never hold a whole file in memory:
// what they keep is bounded by one record and what they draw or pair, not by the file.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an RFC 4180 file one record at a time (quoted fields may span lines).
///
/// Only a regular file is opened: the path is opened without blocking and checked before
/// anything is read, so a FIFO or a device given in place of a result file is refused
/// rather than waited on. A record is at most `maximumRecordBytes`, and the file's last
/// record must end with a line end (every file this program writes does): a file cut
/// short inside a record is refused with that record's line.
final class CSVRecordReader {
    let path: String
    /// The longest record read: far beyond any row this program writes (a runs.csv row of
    /// every metric is a few kilobytes), and small enough that one bad line costs little memory.
    static let maximumRecordBytes = 1_048_576
    /// The line (1-based) the last record returned starts on; 0 before the first.
    private(set) var line = 0
    /// Physical lines read so far.
    private var linesRead = 0
    private let descriptor: Int32
    /// Bytes read from the file and not yet returned: `buffer[start..<end]`.
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private var start = 0, end = 0
    /// The file offset of `buffer[end]`.
    private var fileOffset: Int64 = 0

    /// Opens `path`, a regular file; the system's reason (or "not a regular file") if it cannot be read.
    init(path: String) throws(TextFileError) {
        self.path = path
        // A file of an input folder held as one set (`InputSnapshot`) is read from the set held.
        let descriptor = InputSnapshot.openHeld(path) ?? open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let badPath = [ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG].contains(errno)
            throw TextFileError(reason: POSIXFiles.reason(), refusedBySystem: !badPath)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = POSIXFiles.reason()
            close(descriptor)
            throw TextFileError(reason: reason, refusedBySystem: true)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw TextFileError(reason: "not a regular file")
        }
        self.descriptor = descriptor
    }

    /// The next record as its text (line end included) and fields; nil at the end.
    /// - Throws: `CSVParseError` with the line in the file.
    func next() throws(CSVParseError) -> (text: String, fields: [String])? {
        var bytes: [UInt8] = []
        var quotes = 0
        line = linesRead + 1
        repeat {
            guard let physical = try readLine(limit: Self.maximumRecordBytes - bytes.count) else {
                if bytes.isEmpty { return nil }
                break
            }
            linesRead += 1
            guard physical.last == UInt8(ascii: "\n") else {
                throw CSVParseError(line: line, message: "the file ends inside this record, with no line end: it is cut short")
            }
            quotes += physical.withUnsafeBufferPointer { line in
                var count = 0
                var rest = UnsafeRawBufferPointer(line)
                while let found = memchr(rest.baseAddress!, Int32(UInt8(ascii: "\"")), rest.count) {
                    count += 1
                    rest = UnsafeRawBufferPointer(rebasing: rest[(UnsafeRawPointer(found) - rest.baseAddress! + 1)...])
                }
                return count
            }
            if bytes.isEmpty { bytes = physical } else { bytes += physical }
        } while quotes % 2 == 1
        if quotes % 2 == 1 {
            throw CSVParseError(line: line, message: "the file ends inside a quoted field: it is cut short")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if quotes == 0, let fields = Self.plainFields(text) { return (text, fields) }
        let records: [[String]]
        do {
            records = try CSVParser.parse(text)
        } catch let error as CSVParseError {
            throw CSVParseError(line: line + error.line - 1, message: error.message)
        } catch {
            throw CSVParseError(line: line, message: "\(error)")
        }
        guard let fields = records.first else { return (text, [""]) }
        return (text, fields)
    }

    /// The byte offset of the next record (for `seek`).
    var offset: Int64 { fileOffset - Int64(end - start) }

    /// Continues reading at byte `offset`, which must be where a record starts (one `offset` returned).
    /// Line numbers in later errors count from `line`, the line that record starts on.
    func seek(to offset: Int64, line: Int) {
        if lseek(descriptor, off_t(offset), SEEK_SET) >= 0 { fileOffset = offset }
        (start, end) = (0, 0)
        linesRead = line - 1
    }

    /// The fields of a record without quotes or carriage returns, split at its commas (what
    /// `CSVParser` gives for it, without its character-by-character work); nil for any other.
    static func plainFields(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var end = bytes.count
            if end > 0 && bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            var fields: [String] = []
            var start = 0
            for i in 0..<end {
                switch bytes[i] {
                case UInt8(ascii: "\r"), UInt8(ascii: "\""): return nil
                case UInt8(ascii: ","):
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                    start = i + 1
                default: continue
                }
            }
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            return fields
        }
    }

    /// One physical line with its "\n" (without one only at the end of the file), or nil at
    /// the end; a line longer than `limit` bytes is an error.
    private func readLine(limit: Int) throws(CSVParseError) -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            if start == end {
                guard try fill() else { return line.isEmpty ? nil : line }
            }
            let newline: Int? = buffer.withUnsafeBufferPointer { bytes in
                memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), end - start)
                    .map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) }
            }
            let stop = newline.map { $0 + 1 } ?? end
            if line.count + (stop - start) > limit {
                throw CSVParseError(line: linesRead + 1, message: "a record longer than \(Self.maximumRecordBytes / 1_048_576) MiB, which no file of this program holds")
            }
            line += buffer[start..<stop]
            start = stop
            if newline != nil { return line }
        }
    }

    /// Reads more of the file into the buffer; false at its end.
    private func fill() throws(CSVParseError) -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw CSVParseError(line: linesRead + 1, message: "cannot read: \(POSIXFiles.reason())")
            }
            (start, end) = (0, count)
            fileOffset += Int64(count)
            return count > 0
        }
    }

    deinit { close(descriptor) }
}
