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

    /// Appends `value` in decimal, as `String(value)` writes it: its digits written in place
    /// at the end of the line, last first.
    mutating func append(_ value: UInt64) {
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        rest = value
        var i = end
        while rest > 0 {
            i -= 1
            bytes[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }

    /// The line as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
