// Reading the one-line encodings of histograms and bootstraps (docs/output.md) byte by byte.
// `String.split` and `Int(_:)` on substrings work on characters; a merge or a resume reads
// millions of these fields, and reading them as bytes takes a fraction of the time.

/// The fields of an ASCII encoding, as ranges of its UTF-8 bytes.
enum EncodedFields {
    /// `body`'s result on the UTF-8 bytes of `text`.
    static func reading<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(body)
    }

    /// The ranges between `separator`s within `range`, empty fields kept (as
    /// `split(separator:omittingEmptySubsequences: false)` gives them).
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, on separator: UInt8) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where bytes[i] == separator {
            fields.append(start..<i)
            start = i + 1
        }
        fields.append(start..<range.upperBound)
        return fields
    }

    /// The field as text.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Substring {
        Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// True if the field is exactly `literal`.
    static func field(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, is literal: String) -> Bool {
        range.count == literal.utf8.count && zip(bytes[range], literal.utf8).allSatisfy { $0 == $1 }
    }

    /// The field as a decimal integer: an optional `+` or `-` and one or more digits, within
    /// `Int`'s range; nil otherwise (what `Int(_:)` accepts and gives for such text).
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        guard i < range.upperBound else { return nil }
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative || bytes[i] == UInt8(ascii: "+") { i += 1 }
        guard i < range.upperBound else { return nil }
        // Accumulated towards the sign, so that Int.min reads without overflow.
        var value = 0
        while i < range.upperBound {
            let digit = Int(bytes[i]) - Int(UInt8(ascii: "0"))
            guard digit >= 0 && digit <= 9 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !o1 && !o2 else { return nil }
            value = next
            i += 1
        }
        return value
    }
}
