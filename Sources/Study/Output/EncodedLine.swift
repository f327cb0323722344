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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            let count = CSVNumber.writeInteger(value, to: digits.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    mutating func append(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            let count = CSVNumber.writeUnsigned(value, to: digits.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// The line as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
