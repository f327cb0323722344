// Reading runs.csv record by record, so merging shards does not hold whole
// files in memory.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an RFC 4180 file one record at a time (quoted fields may span lines).
final class CSVRecordReader {
    let path: String
    /// The line (1-based) the last record returned starts on; 0 before the first.
    private(set) var line = 0
    /// Physical lines read so far.
    private var linesRead = 0
    private var file: UnsafeMutablePointer<FILE>?

    /// Opens `path`; nil with the system's reason if it cannot be read.
    init(path: String) throws(TextFileError) {
        self.path = path
        let pinned = InputSnapshot.openHeld(path).flatMap { fdopen($0, "r") }
        guard let file = pinned ?? fopen(path, "r") else { throw TextFileError(reason: POSIXFiles.reason()) }
        self.file = file
    }

    /// The next record as its text (line end included) and fields; nil at the end.
    /// - Throws: `CSVParseError` with the line in the file.
    func next() throws(CSVParseError) -> (text: String, fields: [String])? {
        var text = ""
        var quotes = 0
        line = linesRead + 1
        repeat {
            guard let physical = readLine() else {
                if text.isEmpty { return nil }
                break
            }
            linesRead += 1
            text += physical
            quotes += physical.utf8.reduce(0) { $1 == UInt8(ascii: "\"") ? $0 + 1 : $0 }
        } while quotes % 2 == 1
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
    var offset: Int64 { Int64(ftello(file)) }

    /// Continues reading at byte `offset`, which must be where a record starts (one `offset` returned).
    /// Line numbers in later errors count from `line`, the line that record starts on.
    func seek(to offset: Int64, line: Int) {
        fseeko(file, off_t(offset), SEEK_SET)
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

    /// One physical line with its "\n", or nil at the end.
    private func readLine() -> String? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        let count = getline(&buffer, &capacity, file)
        defer { free(buffer) }
        guard count > 0, let buffer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
    }

    deinit { if let file { fclose(file) } }
}
