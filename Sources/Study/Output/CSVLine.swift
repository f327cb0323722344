// One CSV record built directly as UTF-8 bytes: runs.csv gets a record per replication and
// distributions.csv one per histogram bin, so records are built without a string per field.

/// RFC 4180 records under construction: fields separated by commas, records ending in
/// "\n"; a field is quoted when it holds a comma, a double quote, CR or LF, and quotes in it
/// are doubled. The one CSV writer of the project (`CSVTable`, runs.csv, distributions.csv,
/// traces).
struct CSVLine {
    private(set) var bytes: [UInt8] = []
    private var fields = 0

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    private mutating func separate() {
        if fields > 0 { bytes.append(UInt8(ascii: ",")) }
        fields += 1
    }

    /// A text field, quoted when it holds a comma, a quote, CR or LF (quotes doubled).
    mutating func add(_ field: String) {
        separate()
        // Scanned and copied from the string's own bytes as one buffer (through the `UTF8View`
        // a byte at a time, a field cost some 500 instructions).
        var field = field
        field.withUTF8 { utf8 in
            let needsQuotes = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 13 || $0 == 10 }
            guard needsQuotes else { bytes.append(contentsOf: utf8); return }
            bytes.append(UInt8(ascii: "\""))
            for b in utf8 {
                if b == UInt8(ascii: "\"") { bytes.append(b) }
                bytes.append(b)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// A number as `CSVNumber.format` writes it (never needs quotes).
    mutating func add(number x: Double) {
        separate()
        CSVNumber.append(x, to: &bytes)
    }

    /// Fields encoded once (`CSVFields`), written as they are: a prefix many records share.
    mutating func add(_ encoded: CSVFields) {
        guard encoded.count > 0 else { return }
        separate()
        bytes.append(contentsOf: encoded.bytes)
        fields += encoded.count - 1
    }

    /// An integer field.
    mutating func add(integer n: Int64) {
        separate()
        CSVNumber.appendInteger(n, to: &bytes)
    }

    /// An unsigned integer field (a seed).
    mutating func add(unsigned n: UInt64) {
        separate()
        CSVNumber.appendUnsigned(n, to: &bytes)
    }

    /// Ends the record with "\n" and starts the next one in the same buffer.
    mutating func endRecord() {
        bytes.append(10)
        fields = 0
    }

    /// The text built so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Fields as one record with its line end.
    static func record(_ fields: [String]) -> String {
        var line = CSVLine()
        for field in fields { line.add(field) }
        line.endRecord()
        return line.text
    }
}

/// Text fields encoded (quoted where needed, separated by commas) once, for records that all
/// begin with them: distributions.csv writes a point's name, its swept values and a metric's
/// name on every bin's record, and scanning each name for characters to quote cost more than
/// the bin's numbers.
struct CSVFields {
    /// The fields' bytes, comma-separated, with no comma before or after.
    let bytes: [UInt8]
    /// How many fields they are.
    let count: Int

    init(_ fields: [String]) {
        var line = CSVLine(capacity: 64)
        for field in fields { line.add(field) }
        bytes = line.bytes
        count = fields.count
    }
}
