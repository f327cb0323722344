// CSV text records built directly as UTF-8 bytes, and records of numbers written in place
// (runs.csv gets a record per replication and distributions.csv one per histogram bin).

/// RFC 4180 records under construction: fields separated by commas, records ending in
/// "\n"; a field is quoted when it holds a comma, a double quote, CR or LF, and quotes in it
/// are doubled. The project's one writer of text fields (`CSVTable`, traces, the headers, and
/// the leading fields of runs.csv's and distributions.csv's records, which `CSVRecords` writes).
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

    /// `fields` encoded once, as the beginning of records (quoted where needed, separated by
    /// commas, no line end): a point's name and swept values begin each of its runs.csv
    /// records, and a metric's name too each distributions.csv record, where scanning the
    /// names for characters to quote on every record cost more than the record's numbers.
    static func leadingFields(_ fields: [String]) -> [UInt8] {
        var line = CSVLine(capacity: 64)
        for field in fields { line.add(field) }
        return line.bytes
    }
}

/// CSV records written in place into an array made with room for their longest form: each
/// begins with its leading fields (`CSVLine.leadingFields`), then numbers, each written once
/// where it stays (runs.csv's record per replication, distributions.csv's per histogram bin).
struct CSVRecords {
    private var out: UnsafeMutablePointer<UInt8>

    /// The most bytes records of `leading` bytes of leading fields and `numbers` numbers take,
    /// line ends included, each number at most `CSVNumber.longestField` bytes with its comma.
    static func room(leading: Int, numbers: Int) -> Int {
        leading + numbers * (1 + CSVNumber.longestField) + 1
    }

    /// The bytes `write` writes, in an array made with `room` bytes (`room(leading:numbers:)`
    /// summed over the records).
    @inline(__always)
    static func bytes(room: Int, _ write: (inout CSVRecords) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            let start = buffer.baseAddress!
            var records = CSVRecords(out: start)
            write(&records)
            count = records.out - start
            precondition(count <= room, "CSV records outgrew the room made for them")
        }
    }

    /// Bytes already encoded: a header record, a record's leading fields.
    @inline(__always)
    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { if let first = $0.baseAddress { out.update(from: first, count: $0.count) } }
        out += bytes.count
    }

    /// A comma and `x` as `CSVNumber.format` writes it (NaN, an empty field, without the call:
    /// runs.csv's rows hold many).
    @inline(__always)
    mutating func add(number x: Double) {
        comma()
        if !x.isNaN { out += CSVNumber.write(x, to: out) }
    }

    /// A comma and the decimal digits of `n`.
    @inline(__always)
    mutating func add(integer n: Int64) {
        comma()
        out += CSVNumber.writeInteger(n, to: out)
    }

    /// A comma and the decimal digits of `n` (a seed).
    @inline(__always)
    mutating func add(unsigned n: UInt64) {
        comma()
        out += CSVNumber.writeUnsigned(n, to: out)
    }

    /// Ends the record with "\n".
    @inline(__always)
    mutating func endRecord() {
        out.pointee = 10
        out += 1
    }

    @inline(__always)
    private mutating func comma() {
        out.pointee = UInt8(ascii: ",")
        out += 1
    }
}
