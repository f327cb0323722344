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
    private var file: UnsafeMutablePointer<FILE>?

    /// Opens `path`; nil with the system's reason if it cannot be read.
    init(path: String) throws(TextFileError) {
        self.path = path
        guard let file = fopen(path, "r") else { throw TextFileError(reason: POSIXFiles.reason()) }
        self.file = file
    }

    /// The next record as its text (line end included) and fields; nil at the end.
    func next() throws -> (text: String, fields: [String])? {
        var text = ""
        var quotes = 0
        repeat {
            guard let line = readLine() else {
                if text.isEmpty { return nil }
                break
            }
            text += line
            quotes += line.utf8.reduce(0) { $1 == UInt8(ascii: "\"") ? $0 + 1 : $0 }
        } while quotes % 2 == 1
        guard let fields = try CSVParser.parse(text).first else { return (text, [""]) }
        return (text, fields)
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
