import XCTest
@testable import Study

/// The encodings of shard states and checkpoints are read as bytes (docs/output.md): the fields
/// and integers read so are the ones `split` and `Int(_:)` read from the same text, and the
/// parser's long strings are the strings the text holds.
final class EncodedFieldsTests: XCTestCase {
    private func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(body)
    }

    func testIntegersReadAsIntReadsThem() {
        let cases = ["0", "7", "-7", "+7", "-0", "+", "-", "", "12a", "a12", " 1", "1 ", "--1", "+-1", "0012",
                     "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                     "99999999999999999999", "٣", "1.5", "1e3", "65536", "-65536"]
        for text in cases {
            XCTAssertEqual(withBytes(text) { EncodedFields.integer($0, 0..<$0.count) }, Int(text), "'\(text)'")
        }
    }

    func testFieldsSplitAsSplitSplitsThem() {
        for text in ["", ";", "a;b", ";a;;b;", "qb1;2;0;1,-3,2|4", "x"] {
            let fields = withBytes(text) { b in EncodedFields.split(b, 0..<b.count, on: UInt8(ascii: ";")).map { String(EncodedFields.text(b, $0)) } }
            XCTAssertEqual(fields, text.split(separator: ";", omittingEmptySubsequences: false).map(String.init), "'\(text)'")
        }
    }

    /// A long string with escapes, non-ASCII text and a line separator inside parses to its
    /// value, and what follows it is read at the right line and column.
    func testLongStringsParseToTheirText() throws {
        let long = String(repeating: "lh1;142;0:545646;2894:1,74:1,", count: 500)
        let text = "{\"a\": \"\(long)\", \"b\": \"é\\n😀\\u0041\u{2028}x\",\n  \"c\": tru}"
        XCTAssertThrowsError(try JSON5.parse(text)) { error in
            // The line separator inside "b" counts as a line, as JSON5 has it.
            let e = error as? JSON5Error
            XCTAssertEqual(e.map { [$0.line, $0.column] }, [3, 8], "\(error)")
        }
        let node = try JSON5.parse("{\"a\": \"\(long)\", \"b\": \"é\\n😀\\u0041\u{2028}x\"}")
        XCTAssertEqual(JSONBuild.string(node, "a"), long)
        XCTAssertEqual(JSONBuild.string(node, "b"), "é\n😀A\u{2028}x")
    }
}
