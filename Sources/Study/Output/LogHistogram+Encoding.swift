// A one-line lossless text form of a histogram, so the partial results of a
// sharded run can be saved and merged exactly later (docs/cli.md `merge`).

extension LogHistogram {
    /// The format tag that starts every encoding.
    static let encodingTag = "lh1"

    /// The histogram as one line of text that `decode` reads back exactly.
    ///
    /// Form: `lh1;<zero count>;<sum high>:<sum low>;<min>;<max>;<buckets>`
    /// where buckets are `index:count` pairs separated by commas, each index
    /// after the first written as the gap from the previous one. Min and max
    /// use Swift's shortest round-trip form (`inf`/`-inf` when empty). Equal
    /// histograms give equal text.
    /// - Complexity: O(b) in the number of stored buckets.
    public func encode() -> String {
        var line = EncodedLine(capacity: 96 + 12 * buckets.count)
        line.append(Self.encodingTag)
        line.append(ascii: ";")
        line.append(zeroCount)
        line.append(ascii: ";")
        line.append(sum.high)
        line.append(ascii: ":")
        line.append(sum.low)
        line.append(ascii: ";")
        line.append(minimumValue.description)
        line.append(ascii: ";")
        line.append(maximumValue.description)
        line.append(ascii: ";")
        var previous = 0
        for (i, bucket) in buckets.enumerated() {
            if i > 0 { line.append(ascii: ",") }
            line.append(bucket.index - previous)
            line.append(ascii: ":")
            line.append(bucket.count)
            previous = bucket.index
        }
        return line.text
    }

    /// Reads a histogram written by `encode()`.
    /// - Returns: `nil` if the text is not a valid, self-consistent encoding.
    public static func decode(_ text: String) -> LogHistogram? {
        EncodedFields.reading(text, decode(bytes:))
    }

    /// `decode(_:)` on the encoding's UTF-8 bytes (`EncodedFields`).
    private static func decode(bytes b: UnsafeBufferPointer<UInt8>) -> LogHistogram? {
        let parts = EncodedFields.split(b, 0..<b.count, on: UInt8(ascii: ";"))
        guard parts.count == 6, EncodedFields.field(b, parts[0], is: encodingTag),
              let zero = EncodedFields.integer(b, parts[1]), zero >= 0,
              let sum = decodeSum(EncodedFields.text(b, parts[2])),
              let minimum = Double(EncodedFields.text(b, parts[3])), let maximum = Double(EncodedFields.text(b, parts[4])),
              let buckets = decodeBuckets(b, parts[5]) else { return nil }
        var total = zero
        for bucket in buckets {
            let (next, overflow) = total.addingReportingOverflow(bucket.count)
            guard !overflow else { return nil }
            total = next
        }
        guard extremesAreConsistent(minimum, maximum, total: total, sum: sum) else { return nil }
        return LogHistogram(buckets: buckets, zeroCount: zero, sum: sum, minimum: minimum, maximum: maximum)
    }

    /// `high:low` words of the fixed-point sum.
    private static func decodeSum(_ text: Substring) -> FixedPointSum? {
        let words = text.split(separator: ":", omittingEmptySubsequences: false)
        guard words.count == 2, let high = UInt64(words[0]), let low = UInt64(words[1]) else { return nil }
        return FixedPointSum(high: high, low: low)
    }

    /// Comma-separated `gap:count` pairs with strictly increasing indices.
    private static func decodeBuckets(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Bucket]? {
        if range.isEmpty { return [] }
        var buckets: [Bucket] = []
        var index = 0
        for pair in EncodedFields.split(b, range, on: UInt8(ascii: ",")) {
            let fields = EncodedFields.split(b, pair, on: UInt8(ascii: ":"))
            guard fields.count == 2, let gap = EncodedFields.integer(b, fields[0]), let count = EncodedFields.integer(b, fields[1]),
                  count > 0, gap >= (buckets.isEmpty ? 0 : 1), gap <= maximumIndex - index
            else { return nil }
            index += gap
            buckets.append(Bucket(index: index, count: count))
        }
        return buckets
    }

    /// Empty histograms have ±∞ extremes and no sum; others finite, ordered ones.
    private static func extremesAreConsistent(_ minimum: Double, _ maximum: Double,
                                              total: Int, sum: FixedPointSum) -> Bool {
        if total == 0 {
            return minimum == .infinity && maximum == -.infinity && sum == FixedPointSum()
        }
        return minimum >= 0 && maximum.isFinite && minimum <= maximum
    }
}
