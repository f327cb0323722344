// A one-line lossless text form of a quantile bootstrap, for a shard's
// state.json and a run's checkpoint.

extension QuantileBootstrap {
    /// The format tag that starts every encoding.
    static let encodingTag = "qb1"

    /// The longest run of zeros a row may encode (more buckets than any finite value reaches).
    static let maximumZeroRun = 65_536

    /// The bootstrap as one line of text that `decode` reads back exactly.
    ///
    /// Form: `qb1;<replications>;<offset>;<row 0>|<row 1>|…` where a row is its
    /// counts separated by commas, a run of n zeros written `-n`. Empty: `qb1;0;0;`.
    public func encode() -> String {
        let settled = self.settled
        // Room for each row's kept columns and the runs of zeros between them (a count rarely
        // takes more than six digits); the line grows past it if it must.
        var line = EncodedLine(capacity: 64 + Self.rowCount * 8 * (2 * settled.keptBuckets.count + 1))
        line.append(Self.encodingTag)
        line.append(ascii: ";")
        line.append(replications)
        line.append(ascii: ";")
        line.append(offset)
        line.append(ascii: ";")
        guard width > 0 else { return line.text }
        for r in 0...Self.replicates {
            if r > 0 { line.append(ascii: "|") }
            var first = true, zeros = 0
            // A token: a count, or a run of zeros written as its negated length.
            func token(_ value: Int) {
                if !first { line.append(ascii: ",") }
                first = false
                line.append(value)
            }
            // The row's cells in bucket order, read from the kept columns: the buckets between
            // two kept ones (and before the first, after the last) are zeros, counted by the gap
            // rather than made as cells of an array per row.
            var previous = settled.offset - 1
            for (k, bucket) in settled.keptBuckets.enumerated() {
                zeros += bucket - previous - 1
                previous = bucket
                let count = settled.cell(k, r)
                if count == 0 { zeros += 1; continue }
                if zeros > 0 { token(-zeros); zeros = 0 }
                token(count)
            }
            zeros += settled.offset + settled.width - 1 - previous
            if zeros > 0 { token(-zeros) }
        }
        return line.text
    }

    /// Reads a bootstrap written by `encode()`.
    /// - Returns: `nil` if the text is not a valid encoding.
    public static func decode(_ text: String) -> QuantileBootstrap? {
        EncodedFields.reading(text, decode(bytes:))
    }

    /// `decode(_:)` on the encoding's UTF-8 bytes (`EncodedFields`).
    private static func decode(bytes b: UnsafeBufferPointer<UInt8>) -> QuantileBootstrap? {
        let parts = EncodedFields.split(b, 0..<b.count, on: UInt8(ascii: ";"))
        guard parts.count == 4, EncodedFields.field(b, parts[0], is: encodingTag),
              let replications = EncodedFields.integer(b, parts[1]), replications >= 0,
              let offset = EncodedFields.integer(b, parts[2]), offset >= 0 else { return nil }
        if parts[3].isEmpty { return replications == 0 ? QuantileBootstrap() : nil }
        var rows: [[Int]] = []
        for rowRange in EncodedFields.split(b, parts[3], on: UInt8(ascii: "|")) {
            var row: [Int] = []
            for token in EncodedFields.split(b, rowRange, on: UInt8(ascii: ",")) {
                guard let n = EncodedFields.integer(b, token), n >= -maximumZeroRun else { return nil }
                if n < 0 { row += Array(repeating: 0, count: -n) } else { row.append(n) }
            }
            rows.append(row)
        }
        guard rows.count == replicates + 1, !rows[0].isEmpty, rows.allSatisfy({ $0.count == rows[0].count }) else { return nil }
        return QuantileBootstrap(offset: offset, rows: rows, replications: replications)
    }
}
