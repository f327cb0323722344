/// One line of a lossless text encoding (`QuantileBootstrap.encode`, `LogHistogram.encode`),
/// built as UTF-8 bytes number by number: no string is made per number and none is joined.
/// A checkpoint holds thousands of numbers, and a run writes one before it commits its
/// results (`RunSession.checkpointBeforeCommit`), inside the time the manifest reports.
struct EncodedLine {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// An empty line with room for `capacity` bytes.
    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends `text` as it is.
    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends one ASCII character.
    mutating func append(ascii character: Unicode.Scalar) { bytes.append(UInt8(ascii: character)) }

    /// Appends `value` in decimal, as `String(value)` writes it.
    mutating func append(_ value: Int) { append(Int64(value)) }

    /// Appends `value` in decimal, as `String(value)` writes it.
    mutating func append(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(value.magnitude)
    }

    /// Appends `value` in decimal, as `String(value)` writes it: its digits written by
    /// `CSVNumber.writeUnsigned` (two at a time) and appended byte by byte (most counts have a
    /// digit or two, fewer than a generic append of a buffer costs to set up).
    mutating func append(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let count = CSVNumber.writeUnsigned(value, to: digits.baseAddress!)
            for i in 0..<count { bytes.append(digits[i]) }
        }
    }

    /// Appends `value` in decimal, as `String(value)` writes it: through 64 bits when it fits
    /// (almost every exact sum does), where the standard library's 128-bit conversion to text
    /// costs some 800 instructions a number.
    mutating func append(_ value: Int128) {
        if value >= Int128(Int64.min) && value <= Int128(Int64.max) {
            append(Int64(truncatingIfNeeded: value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// The line as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
